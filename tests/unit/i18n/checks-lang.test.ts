/**
 * Check details in the reader's language (issue 32): a translated check keeps its detail as a Msg next to the
 * English, and the Msg says itself in Bulgarian and Russian with every placeholder filled.
 */
import { describe, expect, it } from "vitest";
import { runChecks } from "@/lib/checks/runner";
import { translatorFor } from "@/lib/i18n/catalogues";
import { say } from "@/lib/i18n/translate";
import { peer } from "../checks/peer";

const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/;
/** Details made only of field names and values: nothing to translate. */
const IDENTIFIERS_ONLY = new Set(["checks.d.C01.pass", "checks.d.C02.pass", "checks.d.C03.pass"]);
const DISCOVERY = ["C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C63"];

async function run(script?: Parameters<typeof peer>[1]) {
  const p = peer("http", script);
  return runChecks({ send: p.send, transport: "http", label: "peer" }, { only: DISCOVERY, listenWindowMs: 50 });
}

describe("the discovery checks say their details in the reader's language", () => {
  it("a conformant server's passes, and a lax server's failures, in bg and ru", async () => {
    // The lax server serves everything: removed methods, a bogus version, a request without its envelope.
    const lax = await run((frame, _opts, fallback) => {
      const answer = fallback();
      const reply = answer.frames.at(-1) as Record<string, unknown> | undefined;
      if (frame.method === "server/discover" || !reply || !("error" in reply)) return answer;
      return { frames: [{ jsonrpc: "2.0", id: frame.id, result: { resultType: "complete" } }], status: 200 };
    });
    const good = await run();
    const results = [...lax.checks, ...good.checks];
    expect(lax.checks.filter((c) => c.status === "fail").length).toBeGreaterThan(3);
    for (const c of results) {
      expect(c.detailMsg, `${c.id} keeps its detail as a Msg`).toBeDefined();
      expect(say(c.detailMsg!), `${c.id}: English reads as the detail`).toBe(c.detail);
      for (const lang of ["bg", "ru"] as const) {
        const text = say(c.detailMsg!, translatorFor(lang));
        if (!IDENTIFIERS_ONLY.has(c.detailMsg!.key)) expect(text, `${lang} ${c.id}: ${c.detail}`).toMatch(CYRILLIC);
        expect(text).not.toMatch(PLACEHOLDER);
      }
    }
  });
});
