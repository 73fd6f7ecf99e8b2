/**
 * The Apps doctor's reasons, the Apps checks (titles and details) and the Cache tab's listen stream (its rule breaks
 * and how it ended) in the chapter's languages (issue 32): each is kept as a Msg next to its English, which reads
 * as before; method, field and host names, URIs and MIME types stay as they are.
 */
import { describe, expect, it } from "vitest";
import type { AppTool } from "@/lib/apps/catalog";
import { runAppsChecks } from "@/lib/apps/checks";
import { judgeHosts, type AppsFacts } from "@/lib/apps/doctor";
import { HOSTS, hostLabel } from "@/lib/apps/hosts";
import { translatorFor } from "@/lib/i18n/catalogues";
import { msg, say } from "@/lib/i18n/translate";
import { foldListen, openListen } from "@/lib/protocol/listen";

const LANGS = ["bg", "ru"] as const;
const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/;
/** URLs, method/field names, quoted values, MIME types and product names taken out: what is left is the language's. */
const words = (text: string) =>
  text.replace(
    /https?:\/\/\S+|"[^"]*"|[\w@./:;=*-]*[/_.:@;=*][\w@./:;=*-]*(\(\))?|\b(MCP Apps|MCP|CSP|MUST|SSE|MIME|Claude Desktop|Claude Code|Claude|ChatGPT|Code|pid)\b/g,
    "",
  );
/** Function words English has and neither language needs (the chapter keeps server, client, tool, host in Latin). */
const ENGLISH = /\b(the|a|an|is|are|and|with|not|no|does|when|only|unless|whether|its|your|it)\b/i;

function expectSaidIn(text: string, lang: string) {
  expect(text, `${lang}: ${text}`).toMatch(CYRILLIC);
  expect(text, `${lang}: ${text}`).not.toMatch(PLACEHOLDER);
  expect(words(text), `${lang}: ${text}`).not.toMatch(ENGLISH);
}

const app = (tool: string, over: Partial<AppTool> = {}): AppTool => ({
  tool,
  resourceUri: `ui://fixture/${tool}.html`,
  uriKey: "ui.resourceUri",
  mimeType: "text/html;profile=mcp-app",
  listed: true,
  visibility: ["model", "app"],
  definition: { name: tool },
  ...over,
});

/** A server whose every rule is broken somewhere: gated _meta.ui, no server extension, a wrong MIME type, a bad CSP, an unreadable resource, a bad visibility. */
function brokenFacts(): AppsFacts {
  const apps = [app("get_time", { mimeType: "text/html" }), app("show_week"), app("lost")];
  return {
    declared: {
      apps,
      tools: [{ name: "get_time", _meta: { ui: { visibility: ["app", "agent"] } } }],
      serverDeclares: false,
      evidence: "apps: tools/list (declared)",
    },
    undeclared: { apps: [apps[1]], tools: [], evidence: "apps: tools/list (undeclared)" },
    reads: {
      "ui://fixture/get_time.html": { ok: true, mimeType: "text/html", cspProblems: [], evidence: "read get_time" },
      "ui://fixture/show_week.html": {
        ok: true,
        mimeType: "text/html;profile=mcp-app",
        cspProblems: ['unknown key "scriptDomains"'],
        evidence: "read show_week",
      },
      "ui://fixture/lost.html": {
        ok: false,
        error: "-32002 Resource not found",
        cspProblems: [],
        evidence: "read lost",
      },
    },
  };
}

function emptyFacts(): AppsFacts {
  return { declared: { apps: [], tools: [], serverDeclares: false, evidence: "e" }, reads: {} };
}

describe("the Apps doctor and the Apps checks, in Bulgarian and Russian", () => {
  it("English reads as before: each reason's and check's text is its Msg said in English", () => {
    const claude = judgeHosts(brokenFacts()).find((h) => h.host === "claude")!;
    const gated = claude.reasons.find((r) => r.code === "gated-on-capability")!;
    expect(gated.detail).toBe(
      "your server hides _meta.ui unless the client declares io.modelcontextprotocol/ui; whether Claude (claude.ai on the web) declares it: unknown: the reports disagree (2026-04-21: the chat UI advertises it; 2026-08-20: claude.ai's initialize has no extensions key) (https://github.com/anthropics/claude-ai-mcp/issues/61), checked 2026-12-07",
    );
    for (const h of [...judgeHosts(brokenFacts()), ...judgeHosts(emptyFacts())])
      for (const r of h.reasons) expect(say(r.detailMsg!)).toBe(r.detail);
    const checks = runAppsChecks(brokenFacts());
    expect(checks.slice(0, 4).map((c) => c.title)).toEqual([
      "Each app tool's resourceUri names a ui:// resource that resources/read returns as text/html;profile=mcp-app",
      "The server declares the io.modelcontextprotocol/ui extension in its capabilities",
      "_meta.ui.visibility is well formed, so app-only tools stay out of the model's tool list",
      "_meta.ui.csp is well formed (known keys, arrays of origins)",
    ]);
    expect(checks).toHaveLength(15);
    expect(checks[0].detail).toBe(
      "get_time: resources/read gave text/html; get_time: resources/list declares text/html; lost: -32002 Resource not found",
    );
    expect(HOSTS.map((h) => h.label)).toEqual([
      "Generic host (full support)",
      "Claude (claude.ai on the web)",
      "Claude Desktop (chat)",
      "ChatGPT",
      "Claude Code (and Claude Desktop's Code tab)",
      "Gemini Enterprise",
      "Microsoft Copilot (Copilot Studio)",
      "Codex (desktop)",
    ]);
  });

  it("every reason of every host, every check's title and detail (pass, fail, warn, skip) is said in the language", () => {
    const verdicts = [...judgeHosts(brokenFacts()), ...judgeHosts(emptyFacts())];
    const codes = new Set(verdicts.flatMap((h) => h.reasons.map((r) => r.code)));
    expect([...codes].sort()).toEqual([
      "csp-malformed",
      "gated-on-capability",
      "host-no-apps",
      "no-app-tools",
      "resource-unreadable",
      "server-extension-missing",
      "tools-list-cached",
      "wrong-mime-type",
    ]);
    const checks = [...runAppsChecks(brokenFacts()), ...runAppsChecks(emptyFacts())];
    expect(new Set(checks.map((c) => c.status))).toEqual(new Set(["fail", "warn", "skip", "pass"]));
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      for (const h of verdicts) {
        for (const r of h.reasons)
          // "lost: -32002 Resource not found" is the server's own error: only the tool name and it.
          if (r.code !== "resource-unreadable") expectSaidIn(say(r.detailMsg!, t), lang);
        expect(hostLabel({ id: h.host, label: h.label }, t)).not.toMatch(/Generic|full support|chat\)|tab\)/);
      }
      for (const c of checks) {
        expectSaidIn(say(c.titleMsg, t), lang);
        if (c.id !== "AP01" || c.status !== "fail") expectSaidIn(say(c.detailMsg, t), lang);
      }
    }
    const passing = runAppsChecks({
      declared: { apps: [app("show_week")], tools: [], serverDeclares: true, evidence: "e" },
      reads: {
        "ui://fixture/show_week.html": {
          ok: true,
          mimeType: "text/html;profile=mcp-app",
          cspProblems: [],
          evidence: "r",
        },
      },
    });
    expect(passing.slice(0, 4).map((c) => c.status)).toEqual(["pass", "pass", "pass", "pass"]);
    // AP13 needs both eras asked, AP14 the listing without the extension: neither was gathered here.
    expect(passing.filter((c) => c.status !== "pass").map((c) => `${c.id} ${c.status}`)).toEqual([
      "AP13 skip",
      "AP14 skip",
    ]);
    expect(say(passing[0].detailMsg, translatorFor("bg"))).toBe(
      "app tools: 1; всеки ресурс се чете като text/html;profile=mcp-app",
    );
    expect(say(passing[0].detailMsg, translatorFor("ru"))).toBe(
      "app-инструментов: 1; каждый ресурс читается как text/html;profile=mcp-app",
    );
    for (const lang of LANGS) for (const c of passing) expectSaidIn(say(c.detailMsg, translatorFor(lang)), lang);
  });
});

describe("the Cache tab's listen stream, in Bulgarian and Russian", () => {
  const SUB = "io.modelcontextprotocol/subscriptionId";
  const tagged = (method: string) => ({ jsonrpc: "2.0", method, params: { _meta: { [SUB]: "l1" } } });

  it("each rule break of a stream is said in the language, its English as before", () => {
    let view = openListen({
      jsonrpc: "2.0",
      id: "l1",
      method: "subscriptions/listen",
      params: { notifications: { toolsListChanged: true } },
    })!;
    view = foldListen(view, tagged("notifications/tools/list_changed")); // before the acknowledgement
    view = foldListen(view, {
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { notifications: { toolsListChanged: true, promptsListChanged: true }, _meta: { [SUB]: "l1" } },
    });
    view = foldListen(view, tagged("notifications/progress"));
    view = foldListen(view, tagged("notifications/resources/list_changed"));
    expect(view.problems.map((p) => p.rule)).toEqual([
      "ack-first",
      "ack-subset",
      "no-request-scoped-notifications",
      "requested-types-only",
    ]);
    expect(view.problems.map((p) => p.message)).toEqual([
      "notifications/tools/list_changed arrived before notifications/subscriptions/acknowledged.",
      "The acknowledgement honours what was not asked: promptsListChanged.",
      "notifications/progress is request-scoped and never belongs on a listen stream.",
      "notifications/resources/list_changed was not requested (or not acknowledged) on this stream.",
    ]);
    for (const p of view.problems) expect(say(p.messageMsg!)).toBe(p.message);
    for (const lang of LANGS)
      for (const p of view.problems) expectSaidIn(say(p.messageMsg!, translatorFor(lang)), lang);
  });

  it("how a stream ended, its status and its notes are said in the language, with every value filled", () => {
    const ends = [
      msg("cacheListen.end.closedByServer"),
      msg("cacheListen.end.errorResponse"),
      msg("cacheListen.end.cancelledByServer"),
      msg("cacheListen.end.closedByUserStdio", { id: '"listen-1"' }),
      msg("cacheListen.end.closedByUserHttp"),
      msg("cacheListen.end.closedBeforeOpen"),
      msg("cacheListen.end.limit", { ms: "1800000" }),
      msg("cacheListen.end.limitStdio", { ms: "1800000" }),
      msg("cacheListen.end.processEnded", { pid: "4242" }),
      msg("cacheListen.end.noStdin", { pid: "4242" }),
      msg("cacheListen.end.tooSlow", { bytes: "8388608" }),
    ];
    expect(say(ends[3])).toBe('closed by the user: sent notifications/cancelled for "listen-1"');
    expect(say(ends[6])).toBe("the bridge closes a listen stream after 1800000 ms");
    for (const lang of LANGS) {
      const t = translatorFor(lang);
      for (const m of ends) expectSaidIn(say(m, t), lang);
      expect(say(ends[8], t)).toContain("4242");
      for (const reason of ["closed-by-user", "closed-by-server", "error-response", "limit", "failure"])
        expectSaidIn(t("cacheListen.ended", { reason: t(`cacheListen.reason.${reason}`) }), lang);
      for (const key of [
        "heading",
        "open",
        "close",
        "frame",
        "urisLabel",
        "noEntry",
        "status.connecting",
        "status.open",
      ])
        expectSaidIn(t(`cacheListen.${key}`), lang);
      expectSaidIn(t("cacheListen.notKept", { n: 3, kept: 500 }), lang);
      expectSaidIn(t("cacheListen.madeStale", { list: "resources/read uri=calendar://week" }), lang);
    }
    // English as the e2e case and a reader of the old panel know it.
    expect(translatorFor("en")("cacheListen.ended", { reason: "closed-by-user" })).toBe("ended: closed-by-user");
  });
});
