/**
 * Every check's details and fixes in the reader's language (issue 32): whatever a check finds, its detail is kept as
 * a Msg next to the English, the English reads exactly as the detail, and Bulgarian and Russian say it with every
 * placeholder filled. The whole suite runs against in-memory peers that pass, break and half-break the rules, over
 * both transports, so most branches of lib/checks/checks/* are said; the catalogue test below covers the rest.
 */
import { describe, expect, it } from "vitest";
import { runChecks } from "@/lib/checks/runner";
import { CATALOGUES, translatorFor } from "@/lib/i18n/catalogues";
import { say, type Msg } from "@/lib/i18n/translate";
import type { CheckResult } from "@/lib/checks/types";
import { peer, type Script } from "../checks/peer";

const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/g;

/** Messages made only of placeholders, punctuation and identifiers (field names, wire values): nothing to translate. */
const IDENTIFIERS_ONLY = new Set([
  "checks.d.C01.pass",
  "checks.d.C02.pass",
  "checks.d.C03.pass",
  "checks.d.C13.value",
  "checks.d.C15.inputRequired",
  "checks.d.C15.pass",
  "checks.d.C17.pass",
  "checks.d.C17.passNotes",
  "checks.d.C22.unjudged",
  "checks.d.C50.what",
  "checks.d.C55.status",
  "checks.d.T05.fail",
  "checks.d.asIs",
  "checks.d.clauses",
  "checks.d.empty",
  "checks.d.hints.ambiguous",
  "checks.d.item.prompt",
  "checks.d.item.tool",
  "checks.d.list",
  "checks.d.methodProblem",
  "checks.d.methodReply",
  "checks.d.problemFix",
  "checks.d.withSdk",
  "doctor.card.ok",
  "doctor.d.asIs",
  "doctor.d.empty",
  "doctor.d.methodDetail",
  "doctor.d.said",
  "doctor.d.sentence",
  "doctor.summary.clauses",
  "doctor.summary.count",
  "doctor.summary.counts",
]);

const error = (id: unknown, code: number, message: string) => ({ jsonrpc: "2.0", id, error: { code, message } });

const PEERS: [string, "stdio" | "http", Script | undefined][] = [
  ["a conformant server over HTTP", "http", undefined],
  ["a conformant server over stdio", "stdio", undefined],
  [
    "a server that serves everything with a bare result",
    "http",
    (frame, _o, fallback) => {
      if (frame.method === "server/discover") return fallback();
      if (frame.id === undefined) return { frames: [], status: 200 };
      return { frames: [{ jsonrpc: "2.0", id: frame.id, result: {} }], status: 200 };
    },
  ],
  [
    "a server that errs on everything but discovery",
    "stdio",
    (frame, _o, fallback) =>
      frame.method === "server/discover" || frame.id === undefined
        ? fallback()
        : { frames: ["log: handling request", error(frame.id, -32603, "internal")] },
  ],
  [
    "a server without cache hints whose lists carry the wrong jsonrpc",
    "http",
    (frame, _o, fallback) => {
      const reply = fallback();
      const frames = reply.frames.map((f) => {
        const o = f as { result?: Record<string, unknown> };
        if (!o.result) return f;
        const { ttlMs: _t, cacheScope: _c, ...rest } = o.result;
        return { ...o, jsonrpc: "1.0", result: { ...rest, ttlMs: 1.5 } };
      });
      return { ...reply, frames, status: 200, contentType: "text/plain" };
    },
  ],
];

function expectSaid(c: CheckResult, where: string) {
  expect(c.detailMsg, `${where} ${c.id} keeps its detail as a Msg: ${c.detail}`).toBeDefined();
  const m = c.detailMsg as Msg;
  expect(say(m), `${where} ${c.id}: English reads as the detail`).toBe(c.detail);
  for (const lang of ["bg", "ru"] as const) {
    const text = say(m, translatorFor(lang));
    if (!IDENTIFIERS_ONLY.has(m.key)) expect(text, `${lang} ${where} ${c.id}: ${c.detail}`).toMatch(CYRILLIC);
    // A literal like data {uri} is wire content (the English has it too); anything else in braces is unfilled.
    const unfilled = (text.match(PLACEHOLDER) ?? []).filter((p) => !c.detail.includes(p));
    expect(unfilled, `${lang} ${where} ${c.id}: ${text}`).toEqual([]);
  }
}

describe("every check's detail is said in the reader's language", () => {
  for (const [name, transport, script] of PEERS)
    it(`the whole suite against ${name}`, async () => {
      const p = peer(transport, script);
      const report = await runChecks(
        { send: p.send, transport, label: "peer" },
        { listenWindowMs: 60, toolCalls: "all", timeoutMs: 500 },
      );
      expect(report.checks.length).toBeGreaterThan(20);
      for (const c of report.checks) expectSaid(c, name);
    });
});

describe("a check's timeline label is said in the reader's language", () => {
  for (const transport of ["stdio", "http"] as const)
    it(`every label with words in it, over ${transport}, keeps a Msg whose English is the label`, async () => {
      const p = peer(transport);
      await runChecks(
        { send: p.send, transport, label: "peer" },
        { listenWindowMs: 60, toolCalls: "all", timeoutMs: 500 },
      );
      const said = p.sent.flatMap(({ opts }) => (opts.labelMsg ? [{ label: opts.label, m: opts.labelMsg }] : []));
      expect(said.length).toBeGreaterThan(5);
      for (const { label, m } of said) {
        expect(say(m), label).toBe(label);
        for (const lang of ["bg", "ru"] as const) {
          const text = say(m, translatorFor(lang));
          if (
            /\b(opening|fresh|session|batch|cancel|endpoint|handshake|asking|numeric|extension|watched)\b/.test(
              label ?? "",
            )
          )
            expect(text, `${lang}: ${label}`).toMatch(CYRILLIC);
          expect(text.match(PLACEHOLDER) ?? [], `${lang}: ${text}`).toEqual([]);
        }
      }
    });
});

describe("the catalogue says every check detail and doctor sentence in Bulgarian and Russian", () => {
  it("each checks.d.* and doctor.* message has Cyrillic in bg and ru, unless it is identifiers only", () => {
    const flat = (node: unknown, prefix = "", out = new Map<string, string>()) => {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (typeof v === "string") out.set(key, v);
        else flat(v, key, out);
      }
      return out;
    };
    for (const lang of ["bg", "ru"] as const)
      for (const [key, text] of flat(CATALOGUES[lang]))
        if (/^(checks\.d|doctor)\./.test(key) && !IDENTIFIERS_ONLY.has(key))
          expect(text, `${lang} ${key}`).toMatch(CYRILLIC);
  });
});
