/**
 * The bill's arithmetic, with a counter whose answers can be worked out by hand (one token per character),
 * so every figure below is checkable on paper.
 */
import { describe, expect, it } from "vitest";
import {
  billCatalogue,
  billTool,
  countedView,
  fleetCost,
  fleetSentence,
  formatShare,
  type Counter,
} from "@/lib/tokens/bill";
import {
  catalogueTools,
  checkCatalogue,
  replaceInstructions,
  replaceTool,
  type Catalogue,
} from "@/lib/tokens/catalogue";
import { DEFAULT_BILL_OPTIONS } from "@/lib/tokens/options";
import { serialize } from "@/lib/tokens/serialize";
import { billDelta, formatDelta, parseToolEdit } from "@/lib/tokens/whatif";

const chars: Counter = (text) => text.length;
const py = DEFAULT_BILL_OPTIONS; // python layout, prompt fields

const a = { name: "a", description: "dd", inputSchema: {} };
const long = {
  name: "long",
  title: "T",
  description: "a longer one",
  inputSchema: { type: "object" },
  outputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
  execution: { taskSupport: "forbidden" },
};
const tie = { name: "b", description: "dd", inputSchema: {} };

const catalogue: Catalogue = {
  pages: [{ tools: [a, long] }, { tools: [tie], nextCursor: "x" }],
  instructions: "be nice",
};

describe("billTool: a tool's tokens, its fields, and the structure between them", () => {
  it("the counted view is {name, description, inputSchema} in that order, whatever order the tool had", () => {
    expect(Object.keys(countedView({ inputSchema: {}, extra: 1, description: "d", name: "n" }, "prompt"))).toEqual([
      "name",
      "description",
      "inputSchema",
    ]);
  });
  it("tool tokens count the serialized view; each field counts its value alone; structure is the rest", () => {
    const t = billTool(a, 0, chars, py);
    // {"name": "a", "description": "dd", "inputSchema": {}}
    expect(t.tokens).toBe('{"name": "a", "description": "dd", "inputSchema": {}}'.length);
    expect(t.fields).toEqual({ name: 3, description: 4, inputSchema: 2 });
    expect(t.structure).toBe(t.tokens - 3 - 4 - 2);
  });
  it("fields outside the prompt view are billed but not counted in the tool's tokens", () => {
    const t = billTool(long, 1, chars, py);
    expect(t.counted).toEqual(["name", "description", "inputSchema"]);
    expect(t.fields).toMatchObject({
      title: 3,
      outputSchema: '{"type": "object"}'.length,
      annotations: '{"readOnlyHint": true}'.length,
      other: '{"execution": {"taskSupport": "forbidden"}}'.length,
    });
    expect(t.tokens).toBe('{"name": "long", "description": "a longer one", "inputSchema": {"type": "object"}}'.length);
  });
  it("fieldSet whole counts the definition as received, every field included", () => {
    const t = billTool(long, 1, chars, { ...py, fieldSet: "whole" });
    expect(t.counted).toEqual(["name", "title", "description", "inputSchema", "outputSchema", "annotations", "other"]);
    expect(t.tokens).toBe(chars(JSON.stringify(long).replace(/,"/g, ', "').replace(/":/g, '": ')));
  });
});

describe("MCP Apps: tools an Apps host hides from the model are billed apart", () => {
  const appOnly = { name: "app", description: "dd", inputSchema: {}, _meta: { ui: { visibility: ["app"] } } };
  const both = { name: "both", description: "dd", inputSchema: {}, _meta: { ui: { visibility: ["model", "app"] } } };
  it('a tool whose _meta.ui.visibility lacks "model" is app-only; the total keeps it, appOnly names its share', () => {
    const bill = billCatalogue({ pages: [{ tools: [a, appOnly, both] }] }, chars, py);
    const view = serialize(countedView(appOnly, "prompt"), py.layout);
    expect(bill.appOnly).toEqual({ tools: 1, tokens: `[${view}]`.length });
    expect(bill.perTool.filter((t) => t.appOnly).map((t) => t.name)).toEqual(["app"]);
    expect(bill.totalTokens).toBe(bill.toolsTokens);
  });
  it("a catalogue without Apps metadata has no app-only share", () => {
    expect(billCatalogue(catalogue, chars, py).appOnly).toEqual({ tools: 0, tokens: 0 });
  });
});

describe("billCatalogue: totals", () => {
  const b = billCatalogue(catalogue, chars, py);
  it("tools are sorted costliest first; ties keep the catalogue's order", () => {
    expect(b.perTool.map((t) => [t.name, t.index])).toEqual([
      ["long", 1],
      ["a", 0],
      ["b", 2],
    ]);
  });
  it("toolsTokens counts the whole array at once; sumOfPerTool adds the tools (they differ by the brackets and separators)", () => {
    const views = catalogueTools(catalogue).map((t) => countedView(t, "prompt"));
    expect(b.sumOfPerTool).toBe(b.perTool.reduce((s, t) => s + t.tokens, 0));
    expect(b.toolsTokens).toBe(b.sumOfPerTool + 2 /* [ ] */ + 2 * (views.length - 1) /* ", " */);
  });
  it("instructions are counted as raw text, and the total is tools plus instructions", () => {
    expect([b.instructionsTokens, b.hasInstructions, b.totalTokens]).toEqual([7, true, b.toolsTokens + 7]);
  });
  it("bytes are the UTF-8 length of each tools/list result as received (extra keys included), summed over pages", () => {
    const expected = JSON.stringify(catalogue.pages[0]).length + JSON.stringify(catalogue.pages[1]).length;
    expect([b.bytes, b.pages, b.tools]).toEqual([expected, 2, 3]);
    expect(billCatalogue({ pages: [{ tools: [{ name: "é" }] }] }, chars).bytes).toBe(
      '{"tools":[{"name":"é"}]}'.length + 1,
    );
  });
  it("no instructions: 0 tokens and hasInstructions false; empty instructions are present and cost 0", () => {
    expect(billCatalogue({ pages: [{ tools: [] }] }, chars)).toMatchObject({
      hasInstructions: false,
      instructionsTokens: 0,
      toolsTokens: 2,
      totalTokens: 2,
    });
    expect(billCatalogue({ pages: [{ tools: [] }], instructions: "" }, chars)).toMatchObject({
      hasInstructions: true,
      instructionsTokens: 0,
    });
  });
  it("a tool without a name is still billed, under a name that says so", () => {
    expect(billCatalogue({ pages: [{ tools: [{ description: "x" }] }] }, chars).perTool[0].name).toBe(
      "(tool #1 has no name)",
    );
  });
});

describe("what if: editing the catalogue changes the bill", () => {
  it("replaceTool replaces by flat index across pages and leaves the other pages untouched", () => {
    const next = replaceTool(catalogue, 2, { ...tie, description: "" });
    expect(next.pages[0]).toBe(catalogue.pages[0]);
    expect(catalogueTools(next)[2].description).toBe("");
    expect(billCatalogue(next, chars, py).toolsTokens).toBe(billCatalogue(catalogue, chars, py).toolsTokens - 2);
  });
  it("replaceTool refuses an index that is not in the catalogue", () => {
    expect(() => replaceTool(catalogue, 3, a)).toThrow("there is no tool #4 (the catalogue has 3)");
  });
  it("replaceInstructions changes only the instructions", () => {
    expect(billCatalogue(replaceInstructions(catalogue, "x"), chars).instructionsTokens).toBe(1);
  });
});

describe("checkCatalogue: a page that cannot be billed says why", () => {
  const cases: [string, unknown[], string | null][] = [
    ["a good page", [{ tools: [] }], null],
    ["a page that is not an object", [[]], "tools/list page 1 is not a JSON object"],
    ["a page without tools", [{ tools: [] }, { items: [] }], 'tools/list page 2 has no "tools" array'],
    [
      "a tool that is not an object",
      [{ tools: [{}, "echo"] }],
      'tools/list page 1: tools[1] is "echo", not a tool object',
    ],
  ];
  for (const [rule, pages, message] of cases) it(rule, () => expect(checkCatalogue({ pages })).toBe(message));
});

describe("fleet: N servers like this one in a W-token window", () => {
  it("multiplies and gives the share of the window", () => {
    expect(fleetCost(1619, 5, 200_000)).toEqual({ servers: 5, window: 200_000, tokens: 8095, share: 8095 / 200_000 });
  });
  it("says it in one sentence, singular for one server, and warns when the window overflows", () => {
    expect(fleetSentence(fleetCost(1619, 1, 128_000))).toBe(
      "1 server like this one takes 1,619 tokens of every turn, 1.3% of a 128,000-token window.",
    );
    expect(fleetSentence(fleetCost(5000, 10, 8000))).toBe(
      "10 servers like this one take 50,000 tokens of every turn, 625% of a 8,000-token window — more than the whole window.",
    );
  });
  it("shows one decimal under 10% and none above", () => {
    expect([formatShare(0.04), formatShare(0.123)]).toEqual(["4.0%", "12%"]);
  });
  it("refuses a fleet that is not a whole number of servers or a window below one token", () => {
    expect(() => fleetCost(1, 0, 100)).toThrow("the number of servers must be a whole number of at least 1, not 0");
    expect(() => fleetCost(1, 2.5, 100)).toThrow("not 2.5");
    expect(() => fleetCost(1, 1, 0)).toThrow("the window must be a whole number of tokens of at least 1, not 0");
  });
});

describe("what if: parsing an edit and the difference it makes", () => {
  it("an edit must be a JSON object, and the error says what is wrong", () => {
    expect(parseToolEdit('{"name": "x"}')).toEqual({ ok: true, tool: { name: "x" } });
    expect(parseToolEdit("[1]")).toMatchObject({
      ok: false,
      error: expect.stringContaining("a tool definition is a JSON object"),
    });
    expect(parseToolEdit("{name")).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON: /) });
  });
  it("billDelta reports what changed, per tool and in total", () => {
    const before = billCatalogue(catalogue, chars, py);
    const after = billCatalogue(replaceTool(catalogue, 1, { ...long, description: "short" }), chars, py);
    const d = billDelta(before, after);
    expect([d.totalTokens, d.toolsTokens, d.instructionsTokens, d.bytes]).toEqual([-7, -7, 0, -7]);
    expect([...d.perTool]).toEqual([[1, -7]]);
    expect([formatDelta(-7), formatDelta(1200), formatDelta(0)]).toEqual(["−7", "+1,200", "±0"]);
  });
});

describe("billCatalogue: the whole-array text is exactly the serialized array, in every layout", () => {
  for (const layout of ["python", "python-unicode", "compact"] as const) {
    it(layout, () => {
      const seen: string[] = [];
      billCatalogue(catalogue, (t) => (seen.push(t), 0), { ...py, layout });
      const views = catalogueTools(catalogue).map((t) => countedView(t, "prompt"));
      expect(seen).toContain(serialize(views, layout));
    });
  }
});
