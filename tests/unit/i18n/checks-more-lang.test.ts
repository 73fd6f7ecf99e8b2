/**
 * The rest of the Checks tab in the chapter's languages (issue 32): a legacy server's era report (what a modern
 * client sees, the era-ambiguity verdict, the advice), the probe's reason on the era line, and the client-emulation
 * switches. Each is kept as a Msg (or a catalogue key) next to its English, which reads as before.
 */
import { describe, expect, it } from "vitest";
import { ambiguityOf, modernClientSeesOf, probeReason, toCliJson, toText } from "@/lib/checks/report";
import { runChecks } from "@/lib/checks/runner";
import type { CheckReport } from "@/lib/checks/types";
import { translatorFor } from "@/lib/i18n/catalogues";
import { englishT, msg, say } from "@/lib/i18n/translate";
import { EMULATION_SWITCHES, emulationText, emulationWords } from "@/lib/protocol/emulation";
import { legacyReply, peer, type Script } from "../checks/peer";

const LANGS = ["bg", "ru"] as const;
const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/;
/**
 * Method, field and package names, versions, codes, quoted wire text and the server's own error message taken out:
 * what is left is the language's.
 */
const words = (text: string) =>
  text.replace(
    /"[^"]*"|Method not found|[\w@./:*-]*[/_.:@*][\w@./:*-]*(\(\))?|\b(MRTR|HTTP|MCP|README|SVG|CLI|JSON|MUST)\b/g,
    "",
  );
// The chapter keeps server, client, request and tools in Latin in Bulgarian: those are not counted.
const ENGLISH = /\b(the|a|an|is|are|and|with|not|no|answered|only|first|never|sees|this)\b/i;

function legacyPeer(ambiguity: "serves" | "refuses" | "throws"): Script {
  return (frame, opts) => {
    if (frame.method === "server/discover") return legacyReply(frame)!;
    if (opts.label === "era report: tools/list with no handshake") {
      if (ambiguity === "throws") throw new Error("socket hang up");
      if (ambiguity === "refuses")
        return {
          frames: [{ jsonrpc: "2.0", id: frame.id, error: { code: -32600, message: "Not initialized" } }],
        };
    }
    if (frame.method === "initialize") return legacyReply(frame)!;
    if (frame.method === "tools/list")
      return { frames: [{ jsonrpc: "2.0", id: frame.id, result: { tools: [{ name: "t", inputSchema: {} }] } }] };
    return { frames: [] };
  };
}

async function legacyReport(ambiguity: Parameters<typeof legacyPeer>[0]): Promise<CheckReport> {
  const p = peer("stdio", legacyPeer(ambiguity));
  return runChecks({ send: p.send, transport: "stdio", label: "old" }, { only: ["C09"] });
}

function expectSaidIn(text: string, lang: string) {
  expect(text, `${lang}: ${text}`).toMatch(CYRILLIC);
  expect(text, `${lang}: ${text}`).not.toMatch(PLACEHOLDER);
  expect(words(text), `${lang}: ${text}`).not.toMatch(ENGLISH);
}

describe("a legacy server's era report, in Bulgarian and Russian", () => {
  it("English reads as before: the report's text fields are the Msgs said in English", async () => {
    const report = await legacyReport("serves");
    const er = report.eraReport!;
    expect(er.modernClientSees).toBe(
      'server/discover answered error -32601 "Method not found": a 2026-07-28-only client stops there and cannot use this server; a dual-era client falls back to initialize and speaks 2025-06-18.',
    );
    expect(er.ambiguity.detail).toMatch(
      /^Served a 2026-07-28-style tools\/list with no handshake \(1 tools, no resultType, on a fresh process\): a modern client that skips the probe/,
    );
    expect(say(er.modernClientSeesMsg!)).toBe(er.modernClientSees);
    expect(er.advice).toMatch(/^To serve 2026-07-28, answer server\/discover and per-request _meta/);
    // --json stays English only: the Msgs the page re-says are not in it.
    const json = JSON.stringify(toCliJson(report));
    expect(json).not.toContain("modernClientSeesMsg");
    expect(json).not.toContain("detailMsg");
    expect(toText(report)).toContain("Legacy server old 1.2.3, revision 2025-06-18.");
    expect(toText(report)).toContain("Era ambiguity [WARN]: Served a 2026-07-28-style tools/list");
  });

  it("what a modern client sees, each ambiguity verdict (warn, pass, skip) and the advice are said with every value filled", async () => {
    for (const ambiguity of ["serves", "refuses", "throws"] as const) {
      const er = (await legacyReport(ambiguity)).eraReport!;
      expect(er.ambiguity.status).toBe({ serves: "warn", refuses: "pass", throws: "skip" }[ambiguity]);
      for (const lang of LANGS) {
        const t = translatorFor(lang);
        expectSaidIn(modernClientSeesOf(er, t), lang);
        expectSaidIn(ambiguityOf(er, t), lang);
        expectSaidIn(t("eraCard.advice"), lang);
        expect(modernClientSeesOf(er, t)).toContain('-32601 "Method not found"');
        expect(modernClientSeesOf(er, t)).toContain("2025-06-18");
      }
    }
    const warn = (await legacyReport("serves")).eraReport!;
    expect(ambiguityOf(warn, translatorFor("bg"))).toContain("(tools: 1, без resultType, в нов процес)");
    expect(ambiguityOf(warn, translatorFor("ru"))).toContain("(инструментов: 1, без resultType, в новом процессе)");
    const skip = (await legacyReport("throws")).eraReport!;
    expect(ambiguityOf(skip, translatorFor("ru"))).toBe("Пробу неоднозначности не удалось отправить: socket hang up");
  });

  it("the CLI's text (check --lang) says the era report and the probe's reason in the language", async () => {
    const report = await legacyReport("serves");
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      const text = toText(report, t);
      const lines = text.split("\n");
      const eraLine = lines.find((l) => l.includes(" legacy (2025-06-18) — "))!;
      expectSaidIn(eraLine.split(" — ")[1], lang);
      expectSaidIn(probeReason(report, t), lang);
      for (const line of [
        lines.find((l) => l.startsWith("Legacy"))!,
        ...lines.filter((l) => /2025-06-18 и|\[WARN\]/.test(l)),
      ])
        expect(line).toMatch(CYRILLIC);
      expect(text).not.toContain("What a modern client sees");
      expect(text).not.toContain("Era ambiguity");
    }
  });

  it("the protected server's and the broken discovery's reasons are said in the language", () => {
    const prot = msg("checksMore.probe.protected", { header: '--header "Authorization: Bearer <token>"' });
    expect(say(prot)).toBe(
      'The server answered 401: it is protected. The authorization checks ran; the protocol checks need a token (CLI: --header "Authorization: Bearer <token>"; the Auth tab shows how to get one).',
    );
    const broken = msg("checksMore.probe.brokenDiscovery", {
      failure: msg("checksMore.probe.discover", {
        reply: msg("checks.reply.error", { http: "", code: -32601, message: '"nope"' }),
      }),
      method: "tools/list",
      reply: msg("checks.reply.resultType", { http: "", resultType: '"complete"' }),
    });
    expect(say(broken)).toBe(
      'server/discover error -32601 "nope", yet tools/list with the 2026-07-28 envelope answered a result (resultType "complete"): a modern server with broken discovery.',
    );
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      expectSaidIn(say(prot, t), lang);
      expect(say(prot, t)).toContain('--header "Authorization: Bearer <token>"');
      expect(say(broken, t)).toMatch(CYRILLIC);
      expect(say(broken, t)).not.toMatch(PLACEHOLDER);
    }
  });
});

describe("the client-emulation switches, in Bulgarian and Russian", () => {
  it("English is the table's words, as the CLI's --help prints them", () => {
    expect(EMULATION_SWITCHES.map((s) => s.label)).toEqual([
      "no MRTR support",
      "no Mcp-Param-* headers",
      "first page of lists only",
    ]);
    expect(emulationText({ noMrtr: true, firstPageOnly: true, pinVersion: "2026-07-28" })).toBe(
      "no MRTR support (no input capabilities declared), first page of lists only, protocol version pinned to 2026-07-28",
    );
    expect(emulationWords("pin", "label")).toBe("protocol version pinned to");
  });

  it("every label, every hint and the emulation line are said in the language", () => {
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      for (const which of ["noMrtr", "omitParamHeaders", "firstPageOnly", "pin"] as const)
        for (const part of ["label", "does"] as const) expectSaidIn(emulationWords(which, part, t), lang);
      expectSaidIn(t("checksMore.emulation.notPinned"), lang);
      const line = emulationText(
        { noMrtr: true, omitParamHeaders: true, firstPageOnly: true, pinVersion: "2025-11-25" },
        t,
      );
      expectSaidIn(line, lang);
      expect(line).toContain("2025-11-25");
      expect(englishT("checksMore.emulation.pin.report", { version: "x" })).toBe("protocol version pinned to x");
    }
  });
});

describe("the export row and the share dialog, in Bulgarian and Russian", () => {
  it("every sentence is said in the language with its values filled", () => {
    const keys = ["label", "lead"].map((k) => `checksMore.export.${k}`);
    const share = ["button", "buttonTitle", "copied", "link", "failed", "holds", "omitted", "badge", "markdown"];
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      for (const key of [...keys, ...share.map((k) => `checksMore.share.${k}`)]) expectSaidIn(t(key), lang);
      expectSaidIn(t("checksMore.share.badgeAlt", { score: 87 }), lang);
      expect(t("checksMore.share.download", { file: "mcp-checks-badge.svg" })).toMatch(/ mcp-checks-badge\.svg$/);
    }
    expect(englishT("checksMore.export.lead")).toBe("Export this run (the CLI's formats):");
    expect(englishT("checksMore.share.button")).toBe("Share link & badge");
  });
});
