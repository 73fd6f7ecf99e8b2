/**
 * Who decides' tool hints and argument lists, the Catalogue tab's lib texts (the what-if editor's refusals, the
 * fleet's and the capabilities' field errors) and the session file's list of what was left out, in the chapter's
 * languages (issue 32). The spec's names (readOnlyHint, …), argument names and the parser's own message stay as they
 * are; English reads as before.
 */
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/protocol/exchange";
import { whoDecides } from "@/lib/explain";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { englishT, makeTranslate, say, type Translate } from "@/lib/i18n/translate";
import { exportSessionFile } from "@/lib/share/session-file";
import { initialPanelState, panelReducer, selectCapabilities, selectFleet, type PanelState } from "@/lib/tokens/panel";
import { FIELD_SETS, FIELD_SET_LABELS } from "@/lib/tokens/options";
import { parseToolEdit } from "@/lib/tokens/whatif";
import { shareStateFor } from "../../helpers/share";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);

function answered(method: string, result: unknown): Exchange {
  return {
    sentFrame: { jsonrpc: "2.0", id: 1, method },
    outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result } },
  } as unknown as Exchange;
}

const CATALOGUE = [
  answered("tools/list", {
    tools: [
      {
        name: "create_event",
        inputSchema: { type: "object", properties: { title: {}, startsAt: {} } },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      },
      {
        name: "week",
        inputSchema: { type: "object", properties: {} },
        annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      },
    ],
  }),
  answered("prompts/list", {
    prompts: [{ name: "plan", arguments: [{ name: "day", required: true }, { name: "mood" }] }],
  }),
];

const HINT_NAMES = /\b(readOnlyHint|destructiveHint|idempotentHint|openWorldHint)\b/g;
/** What is left once the spec's names, argument names and punctuation are out. */
const words = (text: string, names: string[]) =>
  names.reduce((t, n) => t.replaceAll(n, ""), text.replace(HINT_NAMES, "")).replace(/[():,?]/g, " ");
const ENGLISH = /\b(read|only|not|destructive|idempotent|open|world|arguments|none)\b/i;

function texts(t?: Translate) {
  const who = whoDecides(CATALOGUE, { trusted: false, t });
  const [tools, , prompts] = who.groups;
  return {
    hints: tools.items.map((i) => i.hints),
    details: [...tools.items.map((i) => i.detail), ...prompts.items.map((i) => i.detail)],
  };
}

describe("Who decides' tool hints and argument lists", () => {
  it("English is what it was", () => {
    expect(texts()).toEqual({
      hints: [
        ["not read-only", "not destructive", "idempotent", "open world"],
        ["read-only", "destructive", "not idempotent", "not open world"],
      ],
      details: ["arguments: title, startsAt", "arguments: none", "arguments: day, mood?"],
    });
  });

  it("in bg and ru each hint is a sentence in the language around the spec's name, each list says its word", () => {
    for (const t of [bg, ru]) {
      const { hints, details } = texts(t);
      const all = [...hints.flat(), ...(details as string[])];
      for (const text of all) {
        expect(text).toMatch(/[а-яА-Я]/);
        expect(text).not.toMatch(/[{}]/);
        expect(words(text, ["title", "startsAt", "day", "mood"]), text).not.toMatch(ENGLISH);
      }
      // Every hint keeps its name, and true and false read differently.
      hints
        .flat()
        .forEach((h, i) =>
          expect(h).toContain(["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"][i % 4]),
        );
      expect(new Set(hints.flat()).size).toBe(8);
      expect(details[0]).toMatch(/: title, startsAt$/);
      expect(details[2]).toMatch(/: day, mood\?$/);
    }
    expect(texts(bg).hints[1][0]).toBe("само чете (readOnlyHint)");
    expect(texts(ru).details[1]).toBe("аргументы: нет");
  });
});

describe("the Catalogue tab's lib texts", () => {
  const state = (patch: Partial<PanelState>): PanelState => ({ ...initialPanelState(), ...patch });

  it("English is what it was", () => {
    // The bill's sentence names the field set as the selector's label does.
    for (const f of FIELD_SETS) expect(englishT(`catalogueMenus.fieldSet.${f}`)).toBe(FIELD_SET_LABELS[f]);
    expect(parseToolEdit("[1]")).toMatchObject({
      ok: false,
      error: 'a tool definition is a JSON object ({"name": …, "description": …, "inputSchema": …})',
    });
    expect(selectFleet(state({ fleet: { servers: "0", window: "1" } }))).toEqual({
      ok: false,
      error: "N must be a whole number from 1 to 10,000",
    });
    expect(selectCapabilities(state({ capsText: "[]" }))).toEqual({
      ok: false,
      error: 'The capabilities must be a JSON object, e.g. {} or {"roots":{}}.',
    });
    expect(selectCapabilities(state({ capsText: "{" }))).toMatchObject({
      error: expect.stringMatching(/^The capabilities are not JSON \(.+\); \{\} declares none\.$/),
    });
  });

  it("in bg and ru: the what-if refusal (kept as a Msg, so a switch re-says it), the fleet's and the capabilities' errors", () => {
    const refused = parseToolEdit("{name");
    if (refused.ok) throw new Error("parsed");
    const kept = panelReducer(
      {
        ...state({}),
        catalogue: { pages: [{ tools: [{ name: "a" }] }] },
        whatIf: { subject: { kind: "tool", index: 0 }, text: "[1]", error: null },
      },
      { type: "whatif/apply" },
    );
    const jsonMessage = refused.error.replace(/^not JSON: /, "");
    for (const t of [bg, ru]) {
      // The parser's own message stays as it came, after the language's words.
      expect(say(refused.errorMsg, t).endsWith(` JSON: ${jsonMessage}`)).toBe(true);
      const texts = [
        say(refused.errorMsg, t).replace(jsonMessage, ""),
        say(kept.whatIf.errorMsg!, t),
        ...[
          selectFleet(state({ fleet: { servers: "0", window: "1" } }), t),
          selectFleet(state({ fleet: { servers: "5", window: "0" } }), t),
          selectCapabilities(state({ capsText: "[]" }), t),
          selectCapabilities(state({ capsText: "{" }), t),
        ].map((r) => (r.ok ? "accepted" : r.error.replace(/\(.*\)/, ""))),
      ];
      for (const text of texts) {
        expect(text).toMatch(/[а-яА-Я]/);
        expect(text.replace(/"[^"]*"|\b(JSON|tool|tokens?|Capabilities)\b/g, ""), text).not.toMatch(
          /\b(not|a|is|must|be|whole|number|from|to|of|object|declares|none|the|are|definition)\b/,
        );
      }
      expect(say(kept.whatIf.errorMsg!, t)).toContain('({"name": …, "description": …, "inputSchema": …})');
    }
    expect(selectFleet(state({ fleet: { servers: "0", window: "1" } }), bg)).toEqual({
      ok: false,
      error: "N трябва да е цяло число от 1 до 10 000",
    });
  });
});

describe("the session file's list of what was left out", () => {
  it("is kept as Msgs next to the English lines, said in bg and ru", () => {
    const share = shareStateFor({
      kind: "http",
      url: "https://user:secret@example.test/mcp?api_key=sk-abcdefabcdefabcdefabcdef",
    });
    const file = exportSessionFile(share, { now: new Date("2026-09-07T10:00:00Z") });
    expect(file.omitted.length).toBeGreaterThan(0);
    expect(file.omittedMsgs.map((m) => say(m))).toEqual(file.omitted);
    for (const t of [bg, ru])
      for (const line of file.omittedMsgs.map((m) => say(m, t))) {
        expect(line).toMatch(/[а-яА-Я]/);
        expect(line).not.toMatch(/[{}]/);
      }
  });
});
