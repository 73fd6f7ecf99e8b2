/** POST /api/tokens's body: what is accepted, and what each refusal says. */
import { describe, expect, it } from "vitest";
import { billRequest } from "@/lib/node/tokens/bill-request";

describe("billRequest: a bad body is refused with the reason", () => {
  const cases: [string, unknown, string][] = [
    [
      "a body that is not an object",
      "tools",
      "not a bill request: the body: Invalid input: expected object, received string",
    ],
    ["no catalogue", {}, "not a bill request: catalogue: Invalid input: expected object, received undefined"],
    [
      "an unknown encoding",
      { catalogue: { pages: [] }, options: { encoding: "p50k_base" } },
      "not a bill request: options.encoding:",
    ],
    [
      "an unknown layout",
      { catalogue: { pages: [] }, options: { layout: "yaml" } },
      "not a bill request: options.layout:",
    ],
    [
      "instructions that are not text",
      { catalogue: { pages: [], instructions: 5 } },
      "not a bill request: catalogue.instructions:",
    ],
    [
      "a page without tools",
      { catalogue: { pages: [{ nextCursor: "x" }] } },
      'cannot bill this catalogue: tools/list page 1 has no "tools" array',
    ],
  ];
  for (const [rule, body, message] of cases) {
    it(rule, async () => {
      const reply = await billRequest(body);
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.kind).toBe("bad-request");
        expect(reply.message.startsWith(message)).toBe(true);
      }
    });
  }
});

describe("billRequest: a good body is billed with the chapter's defaults unless told otherwise", () => {
  const catalogue = {
    pages: [{ tools: [{ name: "echo", description: "Echoes back the input", inputSchema: { type: "object" } }] }],
    instructions: "Be brief.",
  };
  it("defaults: o200k_base, python layout, prompt fields", async () => {
    const reply = await billRequest({ catalogue });
    expect(reply).toMatchObject({
      ok: true,
      value: { options: { encoding: "o200k_base", layout: "python", fieldSet: "prompt" }, tools: 1 },
    });
  });
  it("cl100k_base and compact are honoured and count differently", async () => {
    const a = await billRequest({ catalogue });
    const b = await billRequest({ catalogue, options: { encoding: "cl100k_base", layout: "compact" } });
    if (!a.ok || !b.ok) throw new Error("expected bills");
    expect(b.value.options).toEqual({ encoding: "cl100k_base", layout: "compact", fieldSet: "prompt" });
    expect(b.value.toolsTokens).not.toBe(a.value.toolsTokens);
  });
});
