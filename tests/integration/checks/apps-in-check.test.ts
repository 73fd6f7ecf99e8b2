/**
 * `check` on a server with app tools judges the MCP Apps rules too: AP01–AP15 are rows of the report (score, exit
 * code, --json and JUnit), so an author's CI sees them; a server without app tools gets none.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { exitCodeOf, toCliJson, toJunit, toText } from "@/lib/checks/report";
import { translatorFor } from "@/lib/i18n/catalogues";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { startHttp } from "@/tests/fixtures/checks/http.mjs";
import { FAST, ROOT, noProcessLeft, runOn } from "./run-suite";

const APPS = path.join(ROOT, "tests", "fixtures", "apps", "stdio.mjs");
const apps = (...flags: string[]): Target => ({ kind: "stdio", command: process.execPath, args: [APPS, ...flags] });
/** What `check --only AP01,AP02,AP03,AP04` runs (the CLI's check always passes apps: true); quick. */
const ONLY_APPS = { ...FAST, apps: true, only: ["AP01", "AP02", "AP03", "AP04"] };
const rows = (report: Awaited<ReturnType<typeof runOn>>) =>
  report.checks.filter((c) => c.id.startsWith("AP")).map((c) => `${c.id} ${c.status}`);

async function checkApps(...flags: string[]) {
  try {
    return await runOn(apps(...flags), "stdio", ONLY_APPS);
  } finally {
    await shutdownAll();
  }
}

describe("the Apps checks run in check when the server has app tools", () => {
  it("the well-behaved Apps fixture: AP01–AP04 pass, as rows of the report, its --json and its JUnit", async () => {
    const report = await checkApps();
    expect(rows(report)).toEqual(["AP01 pass", "AP02 pass", "AP03 pass", "AP04 pass"]);
    const json = toCliJson(report);
    const ap01 = json.checks.find((c) => c.id === "AP01");
    expect(ap01).toMatchObject({ level: "MUST", status: "pass" });
    expect(ap01?.specUrl).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\//);
    expect(ap01?.evidence.length).toBeGreaterThan(0);
    expect(toJunit(report)).toContain('name="AP01');
    // The text report says the rows in the reader's language, titles included.
    expect(toText(report, translatorFor("bg"))).toMatch(/PASS AP03 \[MUST\] [^\n]*[\u0400-\u04FF]/);
  }, 60_000);

  it("a UI resource served with the wrong MIME type fails AP01 (a MUST): check exits 1", async () => {
    const report = await checkApps("--wrong-mime");
    expect(report.checks.find((c) => c.id === "AP01")).toMatchObject({ status: "fail", level: "MUST" });
    expect(exitCodeOf(report)).toBe(1);
  }, 60_000);

  it("a server that shows _meta.ui only to clients declaring the extension is still found (it declares the extension)", async () => {
    const report = await checkApps("--gate");
    expect(rows(report)).toEqual(["AP01 pass", "AP02 pass", "AP03 pass", "AP04 pass"]);
  }, 60_000);

  it("check on the official ext-apps pdf example (server-pdf 2.0.4 over stdio) runs the Apps checks as rows: at least 10 of AP01–AP15 judged, none failing", async () => {
    const pdf = path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-pdf", "dist", "index.js");
    const target: Target = { kind: "stdio", command: process.execPath, args: [pdf, "--stdio"] };
    const all = Array.from({ length: 15 }, (_, i) => `AP${String(i + 1).padStart(2, "0")}`);
    let report;
    try {
      report = await runOn(target, "stdio", { ...FAST, apps: true, only: all });
    } finally {
      await shutdownAll();
    }
    const ap = report.checks.filter((c) => c.id.startsWith("AP"));
    expect(ap.map((c) => c.id)).toEqual(all);
    expect(ap.filter((c) => c.status !== "skip").length).toBeGreaterThanOrEqual(10);
    expect(ap.filter((c) => c.status === "fail")).toEqual([]);
    // It never declares the extension itself (the ext-apps helpers do not add it): the SHOULD warns.
    expect(ap.find((c) => c.id === "AP02")?.status).toBe("warn");
  }, 60_000);

  it("a server without app tools gets no AP rows", async () => {
    const server = await startHttp({});
    try {
      const report = await runOn({ kind: "http", url: server.url }, "http", ONLY_APPS);
      expect(rows(report)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
