/**
 * `npm run cli -- apps` as a user runs it: the published ext-apps example server's app is listed and renders on the
 * generic host (exit 0); a server that gates _meta.ui on the client's extension is blank in Claude, and says why.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli";
import { FIXTURES, ROOT } from "./helpers";

const basic = `${process.execPath} ${path.join(ROOT, "node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js")} --stdio`;
const fixture = (...flags: string[]) =>
  [process.execPath, path.join(FIXTURES, "apps", "stdio.mjs"), ...flags].join(" ");

interface AppsReport {
  apps: { tool: string; resourceUri: string; mimeType: string | null; csp: unknown; visibility: string[] }[];
  hosts: { host: string; verdict: string; reasons: { code: string; detail: string }[] }[];
}

const host = (report: AppsReport, id: string) => report.hosts.find((h) => h.host === id)!;

describe("npm run cli -- apps", () => {
  it("lists the ext-apps basic example's app tool with its ui:// resource and MIME type, renders on the generic host, exits 0", async () => {
    const run = await runCli(["apps", "--stdio", basic, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AppsReport;
    expect(report.apps).toEqual([
      {
        tool: "get-time",
        resourceUri: "ui://get-time/mcp-app.html",
        mimeType: "text/html;profile=mcp-app",
        csp: null,
        visibility: ["model", "app"],
      },
    ]);
    expect(host(report, "generic").verdict).toBe("renders");
    // It never declares the extension itself: said, and for hosts whose need for it is undocumented, "unknown".
    expect(host(report, "generic").reasons.map((r) => r.code)).toEqual(["server-extension-missing"]);
    expect(host(report, "chatgpt").verdict).toBe("unknown");
  });

  it("a server that hides _meta.ui unless the client declares the extension: unknown on claude.ai (the reports disagree), renders in Claude Desktop's chat and ChatGPT (they declare it)", async () => {
    const run = await runCli(["apps", "--stdio", fixture("--gate"), "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AppsReport;
    const claude = host(report, "claude");
    expect(claude.verdict).toBe("unknown");
    const gated = claude.reasons.find((r) => r.code === "gated-on-capability")!;
    expect(gated.detail).toMatch(
      /^your server hides _meta.ui unless the client declares io.modelcontextprotocol\/ui; whether Claude \(claude.ai on the web\) declares it: unknown: the reports disagree .*https:\/\/github.com\/anthropics\/claude-ai-mcp\/issues\/61/,
    );
    expect(host(report, "claude-desktop").verdict).toBe("renders");
    expect(host(report, "chatgpt").verdict).toBe("renders");
    expect(host(report, "generic").verdict).toBe("renders");
  });

  it("exits 1 when the app cannot render on the generic host (its resource cannot be read)", async () => {
    const run = await runCli(["apps", "--stdio", fixture("--missing-resource"), "--json"]);
    expect(run.code).toBe(1);
    const generic = host(JSON.parse(run.stdout) as AppsReport, "generic");
    expect(generic.verdict).toBe("blank");
    expect(generic.reasons.find((r) => r.code === "resource-unreadable")?.detail).toBe(
      "get_time: resources/read answered -32002 Resource not found: ui://fixture/missing.html",
    );
  });
});

describe("npm run cli -- apps on the official ext-apps pdf example (the host matrix)", () => {
  const pdf = `${process.execPath} ${path.join(ROOT, "node_modules/@modelcontextprotocol/server-pdf/dist/index.js")} --stdio`;
  it("gives a verdict and reasons for at least five hosts, every fact with a source (or why unknown) and a checked date", async () => {
    const run = await runCli(["apps", "--stdio", pdf, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AppsReport & {
      hosts: { facts: { fact: string; kind: string; source: string | null; checked: string }[] }[];
    };
    expect(report.apps.map((a) => [a.tool, a.resourceUri])).toEqual([["display_pdf", "ui://pdf-viewer/mcp-app.html"]]);
    expect(report.hosts.length).toBeGreaterThanOrEqual(5);
    for (const h of report.hosts) {
      expect(h.reasons.length, h.host).toBeGreaterThan(0);
      expect(h.facts.map((f) => f.fact)).toContain("eras");
      for (const f of h.facts) {
        expect(f.checked, `${h.host} ${f.fact}`).toMatch(/^2026-\d{2}-\d{2}$/);
        if (f.kind !== "unknown") expect(f.source, `${h.host} ${f.fact}`).toMatch(/^https:\/\//);
      }
    }
    // Its viewer loads pdf.js from https://unpkg.com: a host whose grant of declared domains is undocumented says so.
    expect(host(report, "chatgpt").reasons.find((r) => r.code === "csp-grant-unknown")?.detail).toContain(
      "https://unpkg.com",
    );
    expect(host(report, "claude-code").verdict).toBe("blank");
  });
});

describe("npm run cli -- apps --demo calendar-app", () => {
  it("the chapter's calendar as an app: show_week bound to ui://calendar/week.html, the extension declared, renders where apps render and the era is known, no Apps check fails", async () => {
    const run = await runCli(["apps", "--demo", "calendar-app", "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AppsReport & { checks: { id: string; status: string }[] };
    expect(report.apps.map((a) => [a.tool, a.resourceUri, a.mimeType])).toEqual([
      ["show_week", "ui://calendar/week.html", "text/html;profile=mcp-app"],
    ]);
    expect(report.hosts.map((h) => `${h.host} ${h.verdict}`)).toEqual([
      "generic renders",
      "claude renders",
      "claude-desktop renders",
      "chatgpt renders",
      "claude-code blank",
      // The demo keeps the era it was first asked in per stdio process: the legacy-only host's answer is unknown here.
      "gemini-enterprise unknown",
      "microsoft-copilot renders",
      "codex blank",
    ]);
    expect(report.checks.filter((c) => c.status === "fail" || c.status === "warn").map((c) => c.id)).toEqual([]);
  });
});

describe("npm run cli -- apps --lang (issue 32)", () => {
  it("says each host's name, verdict and reasons and the Apps checks in Russian; --json stays English", async () => {
    const run = await runCli(["apps", "--demo", "calendar-app", "--lang", "ru"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe("app-инструментов: 1");
    expect(lines).toContain("Универсальный хост (полная поддержка): отрисуется");
    expect(lines).toContain("Claude Code (и вкладка Code в Claude Desktop): пусто");
    expect(run.stdout).toContain(
      "  - [host-no-apps] Claude Code (и вкладка Code в Claude Desktop) не отрисовывает MCP Apps: вместо приложения показывается текстовый результат инструмента (",
    );
    expect(lines.find((l) => l.startsWith("AP04 PASS (SHOULD) "))).toBe(
      "AP04 PASS (SHOULD) _meta.ui.csp задан корректно (известные ключи, массивы origin-ов): каждая объявленная CSP корректна (или отсутствует: действует строгая политика по умолчанию)",
    );
    const json = await runCli(["apps", "--demo", "calendar-app", "--json", "--lang", "ru"]);
    const report = JSON.parse(json.stdout) as AppsReport & { checks: { id: string; title: string }[] };
    expect(host(report, "claude-code").reasons[0].detail).toMatch(/^Claude Code .* does not render MCP Apps/);
    expect(report.checks[3].title).toBe("_meta.ui.csp is well formed (known keys, arrays of origins)");
    expect(report.checks.map((c) => c.id)).toHaveLength(15);
  });
});
