/**
 * The host matrix (lib/apps/doctor.ts judgeHosts over lib/apps/hosts.ts HOSTS): every persona's every fact has a
 * source (or says why it is unknown) and a checked date; the era a host speaks, CSP grants and display modes are
 * reasons; Claude's facts no longer contradict their own sources.
 */
import { describe, expect, it } from "vitest";
import { judgeHosts, type AppsFacts, type EraFact } from "@/lib/apps/doctor";
import { hostFactRows } from "@/lib/apps/host-matrix";
import { HOSTS, type HostPersona } from "@/lib/apps/hosts";
import { translatorFor } from "@/lib/i18n/catalogues";
import { say } from "@/lib/i18n/translate";

const app = {
  tool: "get_time",
  resourceUri: "ui://t/app.html",
  uriKey: "ui.resourceUri" as const,
  mimeType: "text/html;profile=mcp-app",
  listed: true,
  visibility: ["model" as const, "app" as const],
  definition: { name: "get_time" },
};
const read = (over: object = {}) => ({
  ok: true,
  mimeType: "text/html;profile=mcp-app",
  cspProblems: [],
  evidence: "read",
  ...over,
});

/** The 2026-07-28 era, served, showing get_time. */
const MODERN_APPS: EraFact = {
  era: "modern",
  version: "2026-07-28",
  served: true,
  apps: ["get_time"],
  serverDeclares: true,
  evidence: "m",
};

function facts(over: Partial<AppsFacts> = {}): AppsFacts {
  return {
    declared: { apps: [app], tools: [app.definition], serverDeclares: true, evidence: "list" },
    undeclared: { apps: [app], tools: [app.definition], evidence: "list (undeclared)" },
    reads: { [app.resourceUri]: read() },
    eras: [MODERN_APPS],
    ...over,
  };
}

/** A server that shows get_time on 2026-07-28 only: on the legacy era it answers with no app, or gave no answer. */
const appsOnlyOnModern = ({ legacyServed }: { legacyServed: boolean }, over: Partial<AppsFacts> = {}) =>
  facts({
    eras: [
      MODERN_APPS,
      { era: "legacy", version: "2025-11-25", served: legacyServed, apps: [], serverDeclares: false, evidence: "l" },
    ],
    ...over,
  });
const verdict = (f: AppsFacts, host: string, opts = {}) => judgeHosts(f, HOSTS, opts).find((h) => h.host === host)!;

describe("the host matrix", () => {
  it("covers at least five hosts, and every fact of every host has a source or a reason it is unknown, and a checked date", () => {
    expect(HOSTS.length).toBeGreaterThanOrEqual(5);
    for (const host of HOSTS)
      for (const row of hostFactRows(host)) {
        expect(row.checked, `${host.id} ${row.fact}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(row.text, `${host.id} ${row.fact}`).toContain(`checked ${row.checked}`);
        if (row.kind !== "unknown") expect(row.source, `${host.id} ${row.fact}`).toMatch(/^https:\/\//);
      }
  });

  it("Claude (claude.ai) no longer claims it does not declare the extension on a thread whose reports disagree: gating is unknown there, not blank", () => {
    const gated = facts({ undeclared: { apps: [], tools: [app.definition], evidence: "list (undeclared)" } });
    const claude = verdict(gated, "claude");
    expect(claude.verdict).toBe("unknown");
    expect(claude.reasons.find((r) => r.code === "gated-on-capability")!.detail).toContain("the reports disagree");
    // Claude Desktop's chat declares it (two traces agree), so the gated app renders there.
    expect(verdict(gated, "claude-desktop").verdict).toBe("renders");
  });

  it("a legacy-only host and a server that shows its apps only on 2026-07-28 is blank there, naming both eras and the source", () => {
    const modernOnly = appsOnlyOnModern({ legacyServed: true });
    const gemini = verdict(modernOnly, "gemini-enterprise");
    expect(gemini.verdict).toBe("blank");
    const era = gemini.reasons.find((r) => r.code === "apps-not-on-era")!;
    expect(era.detail).toContain("speaks a legacy revision");
    expect(era.detail).toContain("only on 2026-07-28");
    expect(era.detail).toContain("https://github.com/googleapis/mcp-toolbox/issues/4055");
    expect(verdict(modernOnly, "generic").verdict).toBe("renders");
  });

  it("the reverse: a server that gave no legacy answer (asked after 2026-07-28 on one connection) leaves a legacy-only host unknown, never a guessed blank", () => {
    const noLegacy = appsOnlyOnModern({ legacyServed: false });
    const gemini = verdict(noLegacy, "gemini-enterprise");
    expect(gemini.reasons.map((r) => r.code)).toContain("era-not-served");
    expect(gemini.verdict).toBe("unknown");
  });

  it("declared CSP domains: the generic host grants them; a host whose grant is undocumented is unknown, and says which domains", () => {
    const withCsp = facts({
      reads: { [app.resourceUri]: read({ ui: { csp: { connectDomains: ["https://api.example.com"] } } }) },
    });
    expect(verdict(withCsp, "generic").verdict).toBe("renders");
    const chatgpt = verdict(withCsp, "chatgpt");
    expect(chatgpt.verdict).toBe("unknown");
    expect(chatgpt.reasons.find((r) => r.code === "csp-grant-unknown")!.detail).toContain("https://api.example.com");
  });

  it("a display mode the host lacks degrades the verdict; one it offers does not", () => {
    const narrow: HostPersona[] = HOSTS.map((h) =>
      h.id === "generic"
        ? {
            ...h,
            displayModes: { value: ["inline"], source: "https://example.com", kind: "ours", checked: "2026-12-07" },
          }
        : h,
    );
    const judged = judgeHosts(facts(), narrow, { displayMode: "fullscreen" }).find((h) => h.host === "generic")!;
    expect(judged.verdict).toBe("degraded");
    expect(judged.reasons.find((r) => r.code === "display-mode-missing")!.detail).toContain("fullscreen");
    expect(verdict(facts(), "generic", { displayMode: "fullscreen" }).verdict).toBe("renders");
  });

  it("a host that is not an Apps host is blank with its source, whatever the server does", () => {
    for (const id of ["claude-code", "codex"]) {
      const v = verdict(facts(), id);
      expect(v.verdict).toBe("blank");
      expect(v.reasons[0].code).toBe("host-no-apps");
    }
  });

  it("the new reasons and every fact are said in Bulgarian and Russian, with no placeholder left", () => {
    const eraFacts = appsOnlyOnModern(
      { legacyServed: true },
      { reads: { [app.resourceUri]: read({ ui: { csp: { connectDomains: ["https://api.example.com"] } } }) } },
    );
    const reasons = judgeHosts(eraFacts, HOSTS, { displayMode: "fullscreen" }).flatMap((h) => h.reasons);
    const codes = new Set(reasons.map((r) => r.code));
    for (const code of ["apps-not-on-era", "csp-grant-unknown", "display-mode-unknown"]) expect(codes).toContain(code);
    for (const lang of ["bg", "ru"] as const) {
      const t = translatorFor(lang);
      for (const r of reasons) {
        const text = say(r.detailMsg!, t);
        expect(text, r.code).toMatch(/[а-яА-Я]/);
        expect(text, r.code).not.toMatch(/[{}]/);
      }
      for (const host of HOSTS) for (const row of hostFactRows(host)) expect(say(row.textMsg, t)).toMatch(/[а-яА-Я]/);
    }
  });
});
