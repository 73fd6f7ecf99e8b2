/**
 * Each Diff difference's detail in the chapter's languages (issue 32): a difference keeps its English `detail` (the
 * CLI's --json, JUnit) and a `detailMsg` the page and `diff --lang` say in the reader's language. One report that
 * holds every kind of detail is said in bg and ru: every diffDetail message is used, no English word is left once
 * the wire's names, paths and quoted values are taken out, every placeholder is filled, and English reads as before.
 */
import { describe, expect, it } from "vitest";
import { diffPairs, sayDetail, type DiffPair, type Difference } from "@/lib/cassette/diff";
import { diffText } from "@/lib/cassette/diff-report";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { isMsg, makeTranslate, type Msg } from "@/lib/i18n/translate";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);

type Answer = { result?: unknown; error?: unknown } | undefined;
const pair = (index: number, method: string, recorded: Answer, live: Answer | string, params?: object): DiffPair => ({
  index,
  request: { jsonrpc: "2.0", id: index, method, ...(params ? { params } : {}) },
  recorded: { jsonrpc: "2.0", id: index, ...recorded },
  live: typeof live === "string" ? { failure: live } : { frame: { jsonrpc: "2.0", id: index + 100, ...live } },
});
const ok = (result: unknown) => ({ result });
const schema = (properties: object, required: string[] = []) => ({ type: "object", properties, required });

/** A recorded session and a live server that changed in every way the diff tells apart. */
function everyKindOfDifference(): Difference[] {
  const report = diffPairs(
    [
      pair(
        0,
        "tools/list",
        ok({
          tools: [
            {
              name: "edit",
              description: "Edits",
              inputSchema: schema({ mode: { type: "string", enum: ["a", "b"] }, path: {}, old: {} }, ["path"]),
              outputSchema: schema({ done: { type: "boolean" }, gone: {} }),
            },
            { name: "drop", inputSchema: schema({}) },
            { name: "flaky", inputSchema: schema({}) },
          ],
        }),
        ok({
          tools: [
            {
              name: "edit",
              inputSchema: schema({ mode: { type: "number", enum: ["a"] }, path: {}, force: {}, dry: {} }, ["force"]),
              outputSchema: schema({ done: { type: "boolean" }, fresh: {} }),
            },
            { name: "flaky", inputSchema: schema({ must: {} }, ["must"]) },
            { name: "fresh", inputSchema: schema({}) },
          ],
        }),
      ),
      pair(
        1,
        "tools/call",
        ok({ content: [] }),
        { error: { code: -32602, message: "Tool drop not found" } },
        {
          name: "drop",
        },
      ),
      pair(2, "tools/call", ok({ content: [] }), ok({ content: [], isError: true }), { name: "flaky" }),
      pair(
        3,
        "prompts/list",
        ok({ prompts: [{ name: "p", arguments: [{ name: "x", required: true }, { name: "y" }] }, { name: "q" }] }),
        ok({ prompts: [{ name: "p", arguments: [{ name: "z", required: true }, { name: "w" }] }, { name: "r" }] }),
      ),
      pair(4, "resources/list", ok({ resources: [{ uri: "a://1" }] }), ok({ resources: [{ uri: "a://2" }] })),
      pair(
        5,
        "resources/templates/list",
        ok({ resourceTemplates: [{ uriTemplate: "a://{x}" }] }),
        ok({ resourceTemplates: [{ uriTemplate: "b://{x}" }] }),
      ),
      pair(
        6,
        "tools/call",
        ok({ list: [1, 2], more: [1], fewer: [1, 2], n: 1, s: "x", title: "T", note: 1, at: "2026-01-01T00:00:00Z" }),
        ok({ list: [2, 1], more: [1, 2], fewer: [1], n: "1", s: "y", fresh: true, at: "2026-02-01T00:00:00Z" }),
        { name: "values" },
      ),
      pair(7, "resources/read", ok({ contents: [] }), { error: { code: -32002 } }, { uri: "a://1" }),
      pair(8, "resources/read", ok({ contents: [] }), "connection refused", { uri: "a://2" }),
      pair(9, "resources/read", ok({ contents: [] }), undefined, { uri: "a://3" }),
      pair(10, "tools/call", { error: { code: -1, message: "m" } }, ok({ content: [] }), { name: "was-error" }),
      pair(11, "tools/call", { error: { code: -1, message: "m" } }, "timeout", { name: "e1" }),
      { ...pair(12, "tools/call", { error: { code: -1, message: "m" } }, undefined, { name: "e2" }), live: {} },
      pair(13, "tools/call", ok({ content: [] }), ok({ content: [], isError: true }), { name: "now-error" }),
    ],
    { recorded: "modern", live: "legacy" },
  );
  return [...report.breaking, ...report.nonBreaking];
}

/** Every key a Msg (and its clauses) names. */
function keysOf(m: Msg, into = new Set<string>()): Set<string> {
  into.add(m.key);
  for (const v of Object.values(m.values ?? {})) if (isMsg(v)) keysOf(v, into);
  return into;
}

function leafKeys(node: unknown, prefix: string): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}.${k}`] : leafKeys(v, `${prefix}.${k}`),
  );
}

/** What is left once the wire's words are out: quoted values, JSON, paths, field names, identifiers, numbers. */
const words = (text: string) =>
  text
    .replace(/"[^"]*"|\[[^\]]*\]|\{[^}]*\}/g, "")
    .replace(/\b(isError|true|false|null|string|number|boolean|object|array|modern|legacy|tool|prompt|server)\b/g, "")
    .replace(/\S*\/\S*|-?\d+/g, "");

const ENGLISH =
  /\b(the|a|is|now|was|no|new|field|argument|gone|recorded|result|error|takes|requires|optional|longer|accepts|items?|more|fewer|order|same|fails|call|nothing|removed|as)\b/i;

describe("a Diff difference's detail, in Bulgarian and Russian", () => {
  const all = everyKindOfDifference();

  it("the report holds every kind of detail the catalogue has (so the test below says each one)", () => {
    const used = new Set<string>();
    for (const d of all) keysOf(d.detailMsg, used);
    const every = leafKeys(CATALOGUES.en.diffDetail, "diffDetail").filter((k) => k !== "diffDetail.heading");
    expect(every.filter((k) => !used.has(k))).toEqual([]);
  });

  it("English reads as before: the detail is the English of its Msg", () => {
    for (const d of all) expect(sayDetail(d)).toBe(d.detail);
    const byKind = (kind: string) => all.find((d) => d.kind === kind)!.detail;
    expect(byKind("tool-removed")).toBe(
      'the tool "drop" is gone; the recorded call tools/call {"name":"drop"} now fails (error -32602 Tool drop not found)',
    );
    expect(byKind("era-changed")).toBe("recorded as a modern server, now legacy");
    expect(byKind("order-changed")).toBe("the same items in another order");
    expect(byKind("items-added")).toBe("1 more item(s)");
    expect(all.find((d) => d.detail.startsWith('the tool "flaky" now requires'))!.detail).toBe(
      'the tool "flaky" now requires the argument "must"; the recorded call tools/call {"name":"flaky"} now fails (a result with isError: true)',
    );
  });

  it("every detail is said in the language: Cyrillic, every placeholder filled, no English left", () => {
    for (const t of [bg, ru])
      for (const d of all) {
        const text = sayDetail(d, t);
        if (d.kind === "value-changed" || d.kind === "id-or-timestamp-changed" || d.kind === "description-changed") {
          // "was → now" has no words of its own, except a removed description's.
          if (d.detailMsg.key !== "diffDetail.wordingRemoved") continue;
        }
        expect(text, d.detail).toMatch(/[а-яА-Я]/);
        expect(text, d.detail).not.toMatch(/\{(?!"|x\})/);
        expect(words(text), text).not.toMatch(ENGLISH);
      }
  });

  it("the server's and the bridge's own words stay as they came inside the sentence", () => {
    const removed = all.find((d) => d.kind === "tool-removed")!;
    expect(sayDetail(removed, bg)).toBe(
      'tool-ът "drop" е премахнат; записаното извикване tools/call {"name":"drop"} сега се проваля (грешка -32602 Tool drop not found)',
    );
    expect(sayDetail(removed, ru)).toBe(
      'инструмент "drop" удалён; записанный вызов tools/call {"name":"drop"} теперь не проходит (ошибка -32602 Tool drop not found)',
    );
    const refused = all.find((d) => d.path === 'resources/read {"uri":"a://2"}')!;
    expect(sayDetail(refused, ru)).toBe("записан результат, теперь: connection refused");
  });

  it("diff's text report says the details in the language; markers, kinds, paths and the counts line stay for scripts", () => {
    const report = { breaking: all.filter((d) => d.kind === "tool-removed"), nonBreaking: [], same: 0, compared: 1 };
    const text = diffText(report, "diff: x", bg);
    expect(text).toContain('BREAKING      tool-removed  tools/list tools["drop"]: tool-ът "drop" е премахнат;');
    expect(text).toMatch(/^1 breaking, 0 not breaking; 0 of 1 answers the same \(ids aside\)$/m);
  });
});
