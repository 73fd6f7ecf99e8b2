/** The Catalogue panel's reducer: what the user sees after each step. */
import { describe, expect, it } from "vitest";
import { billCatalogue, type Bill } from "@/lib/tokens/bill";
import { catalogueTools, type Catalogue } from "@/lib/tokens/catalogue";
import {
  initialPanelState,
  isEdited,
  panelReducer,
  selectCapabilities,
  selectFleet,
  slotBill,
  type PanelAction,
  type PanelState,
  type WhatIfSubject,
} from "@/lib/tokens/panel";

const catalogue: Catalogue = {
  pages: [
    {
      tools: [
        { name: "a", description: "first", inputSchema: {} },
        { name: "b", description: "second", inputSchema: {} },
      ],
    },
  ],
  instructions: "hi",
};
const bill = (c: Catalogue): Bill => billCatalogue(c, (t) => t.length);
const run = (...actions: PanelAction[]) => actions.reduce(panelReducer, initialPanelState());
const fetched: PanelAction = {
  type: "fetch/finished",
  targetKey: "demo:everything:stdio",
  targetLabel: "everything (stdio)",
  catalogue,
};
/** Select `subject` in What if, write `text` and apply it. */
const applyWhatIf = (subject: WhatIfSubject, text: string): PanelAction[] => [
  { type: "whatif/select", subject },
  { type: "whatif/text", text },
  { type: "whatif/apply" },
];

describe("panel: defaults are the chapter's", () => {
  it("o200k_base, python layout, prompt fields, auto handshake, 5 servers, 200,000-token window", () => {
    const s = initialPanelState();
    expect([s.options, s.handshake, s.fleet]).toEqual([
      { encoding: "o200k_base", layout: "python", fieldSet: "prompt" },
      "auto",
      { servers: "5", window: "200000" },
    ]);
  });
});

describe("panel: bills and stale replies", () => {
  it("a reply to the latest request is shown", () => {
    const s = run(
      fetched,
      { type: "bill/requested", which: "current", seq: 1 },
      { type: "bill/finished", which: "current", seq: 1, bill: bill(catalogue) },
    );
    expect(slotBill(s.bills.current)?.tools).toBe(2);
  });
  it("a reply to an older request is dropped, and the previous bill stays on screen while the new one is pending", () => {
    const first = bill(catalogue);
    const s: PanelState = run(
      fetched,
      { type: "bill/requested", which: "current", seq: 1 },
      { type: "bill/finished", which: "current", seq: 1, bill: first },
      { type: "bill/requested", which: "current", seq: 2 },
    );
    const stale = panelReducer(s, {
      type: "bill/finished",
      which: "current",
      seq: 1,
      bill: bill({ pages: [{ tools: [] }] }),
    });
    expect(stale).toBe(s);
    expect(slotBill(s.bills.current)).toBe(first);
  });
  it("a failed bill says why and keeps the last good one", () => {
    const first = bill(catalogue);
    const s = run(
      fetched,
      { type: "bill/requested", which: "current", seq: 1 },
      { type: "bill/finished", which: "current", seq: 1, bill: first },
      { type: "bill/requested", which: "current", seq: 2 },
      { type: "bill/failed", which: "current", seq: 2, message: "boom" },
    );
    expect(s.bills.current).toMatchObject({ status: "failed", message: "boom", last: first });
  });
});

describe("panel: what if", () => {
  it("selecting a tool puts its definition, pretty-printed, in the editor", () => {
    const s = run(fetched, { type: "whatif/select", subject: { kind: "tool", index: 1 } });
    expect(JSON.parse(s.whatIf.text)).toEqual({ name: "b", description: "second", inputSchema: {} });
  });
  it("applying an edit changes the catalogue (and only that tool); reset brings the fetched one back", () => {
    let s = run(fetched, ...applyWhatIf({ kind: "tool", index: 0 }, '{"name":"a"}'));
    expect(catalogueTools(s.catalogue!)).toEqual([
      { name: "a" },
      { name: "b", description: "second", inputSchema: {} },
    ]);
    expect(isEdited(s)).toBe(true);
    s = panelReducer(s, { type: "whatif/reset" });
    expect(s.catalogue).toBe(catalogue);
    expect(isEdited(s)).toBe(false);
    expect(JSON.parse(s.whatIf.text).description).toBe("first");
  });
  it("an edit that is not a JSON object is refused with the reason, and the catalogue is unchanged", () => {
    const s = run(fetched, ...applyWhatIf({ kind: "tool", index: 0 }, "{oops"));
    expect(s.whatIf.error).toMatch(/^not JSON: /);
    expect(s.catalogue).toBe(catalogue);
  });
  it("the instructions can be edited as text", () => {
    const s = run(fetched, ...applyWhatIf({ kind: "instructions" }, "shorter"));
    expect(s.catalogue!.instructions).toBe("shorter");
  });
  it("a new fetch replaces the catalogue and clears the editor", () => {
    const s = run(fetched, { type: "whatif/select", subject: { kind: "tool", index: 0 } }, fetched);
    expect(s.whatIf).toEqual({ subject: null, text: "", error: null });
  });
});

describe("panel: N and W", () => {
  const fleet = (servers: string, window: string) => selectFleet(run({ type: "fleet/set", servers, window }));
  it("accepts whole numbers, with thousands separators in W", () => {
    expect(fleet("5", "200,000")).toEqual({ ok: true, servers: 5, window: 200_000 });
  });
  it("refuses what is not a whole number in range, saying which", () => {
    expect(fleet("0", "1000")).toEqual({ ok: false, error: "N must be a whole number from 1 to 10,000" });
    expect(fleet("2", "lots")).toEqual({
      ok: false,
      error: "W must be a whole number of tokens from 1 to 100,000,000",
    });
  });
});

describe("panel: declared capabilities", () => {
  const caps = (text: string) => selectCapabilities(run({ type: "caps/set", text }));
  it("default {} (the chapter's), and any JSON object", () => {
    expect(selectCapabilities(initialPanelState())).toEqual({ ok: true, value: {} });
    expect(caps('{"roots":{}}')).toEqual({ ok: true, value: { roots: {} } });
  });
  it("refuses text that is not a JSON object, saying why", () => {
    expect(caps("[]")).toEqual({
      ok: false,
      error: 'The capabilities must be a JSON object, e.g. {} or {"roots":{}}.',
    });
    expect(caps("{")).toMatchObject({ ok: false, error: expect.stringMatching(/^The capabilities are not JSON/) });
  });
});
