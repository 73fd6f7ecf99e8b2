/** npm run cli -- check, as CI runs it: exit codes, the JSON shape, the JUnit file, and no process left. */
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pidsWithArg as alive } from "../../helpers/cli";
import { decodeShareFragment } from "@/lib/share/codec";
import { FIXTURE_STDIO, cli } from "./run-suite";

const fixture = (violation: string | undefined, marker: string) =>
  `node ${FIXTURE_STDIO}${violation ? ` --violate ${violation}` : ""} --tag ${marker}`;

describe("npm run cli -- check", () => {
  it("a failed MUST exits 1; --json has { target, era, checks[{ id, title, level, status, specRef, detail }], counts }; --junit writes the file", async () => {
    const marker = `cli-check-${process.pid}-a`;
    const junit = path.join(mkdtempSync(path.join(tmpdir(), "check-")), "junit.xml");
    const run = await cli([
      "check",
      "--stdio",
      fixture("C07", marker),
      "--json",
      "--junit",
      junit,
      "--listen-window",
      "300",
    ]);
    expect(run.code, run.stderr).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ era: "modern", failed: 1, warned: 0 });
    expect(json.target).toContain("stdio.mjs --violate C07");
    const c07 = json.checks.find((c: { id: string }) => c.id === "C07");
    expect(Object.keys(c07).sort()).toEqual([
      "detail",
      "evidence",
      "id",
      "level",
      "specRef",
      "specUrl",
      "status",
      "title",
    ]);
    expect(c07).toMatchObject({
      level: "MUST",
      status: "fail",
      specRef: "digest §1.4 · spec/basic/index.mdx",
      specUrl:
        "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/basic/index.mdx",
    });
    // The frames that prove it: the request without clientCapabilities, and the result that should not have come.
    expect(c07.evidence[0]).toMatchObject({
      direction: "sent",
      frame: expect.stringContaining('"method":"tools/list"'),
    });
    expect(c07.evidence[1]).toMatchObject({ direction: "received", frame: expect.stringContaining('"result"') });
    expect(json.passed + json.failed + json.warned + json.skipped + json.notTestable).toBe(json.checks.length);
    expect(json.coverage.total).toBe(json.checks.length);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(
      /<testcase classname="C07" name="C07 \[MUST\][^"]*" time="[\d.]+"><failure message="A tools\/list without clientCapabilities was served/,
    );
    expect(alive(marker)).toEqual([]);
  });

  it("a conformant server exits 0 and the text report ends with the counts", async () => {
    const marker = `cli-check-${process.pid}-b`;
    const run = await cli(["check", "--stdio", fixture(undefined, marker), "--listen-window", "300"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/PASS C58 \[MUST\] stdout carries only JSON-RPC messages/);
    expect(run.stdout).toMatch(/\d+ passed, 0 failed \(0 MUST\), 0 warned, \d+ skipped(, \d+ not testable)?\n$/);
    expect(alive(marker)).toEqual([]);
  });

  it("a legacy server is judged: the era report beside real verdicts, a score with its coverage, exit 0 when no MUST failed", async () => {
    const run = await cli(["check", "--demo", "everything", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ era: "legacy", version: "2025-11-25", mustFailed: 0 });
    expect(json.eraReport.ambiguity.status).toBe("warn");
    expect(json.score).toBeGreaterThan(0);
    expect(json.coverage.applied).toBeGreaterThan(5);
    // server-everything answers an unknown tool with an isError result instead of a JSON-RPC error.
    expect(json.checks.find((c: { id: string }) => c.id === "C19")).toMatchObject({ status: "fail", level: "SHOULD" });
  }, 60_000);

  it("--fail-on should makes a failed SHOULD fail CI (exit 1)", async () => {
    const run = await cli(["check", "--demo", "everything", "--only", "C19", "--fail-on", "should"]);
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/FAIL C19 \[SHOULD\]/);
  }, 60_000);

  it("a server that cannot be started exits 3 with the doctor's finding, not the usage-error code", async () => {
    const run = await cli(["check", "--stdio", "playground-no-such-command-xyz --flag"]);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stderr).toMatch(/could not be reached or never answered: .*playground-no-such-command-xyz/);
    expect(run.stderr).toContain("What to do:");
  });

  it("check's human output follows --lang: the target line, each detail and the unreachable finding; the score and counts lines stay English for scripts (issue 32)", async () => {
    const bg = await cli(["check", "--demo", "everything", "--only", "C19", "--lang", "bg"]);
    expect(bg.stdout).toMatch(/^Цел: /m);
    expect(bg.stdout).toMatch(/Извикването на непознат tool получи/);
    expect(bg.stdout).toMatch(/^Score: \d+\/100/m);
    expect(bg.stdout).toMatch(/^\d+ passed, \d+ failed \(\d+ MUST\)/m);
    const ru = await cli(["check", "--stdio", "playground-no-such-command-xyz --flag", "--lang=ru"]);
    expect(ru.code, ru.stdout).toBe(3);
    expect(ru.stderr).toMatch(/Сервер недоступен или так и не ответил: .*playground-no-such-command-xyz/);
    expect(ru.stderr).toContain("Что делать: Установите команду");
  }, 60_000);

  it("a silent server is declared silent after server/discover and initialize (exit 3), not after four more list probes", async () => {
    const run = await cli([
      "check",
      "--stdio",
      `node -e "setInterval(() => {}, 1000)"`,
      "--timeout",
      "1000",
      "--verbose",
    ]);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stderr.match(/^ {2}probe: .*: failure/gm)).toHaveLength(2);
    expect(run.stderr).not.toContain("with the envelope (discovery failed)");
    expect(run.stderr).toMatch(/could not be reached or never answered: /);
  }, 30_000);

  it('--stdio "node server.mjs" runs in the folder the user ran npm from (INIT_CWD), not in the playground\'s', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "check-cwd-"));
    copyFileSync(path.join(path.dirname(FIXTURE_STDIO), "legacy.mjs"), path.join(dir, "server.mjs"));
    // The fixture imports its one body reader from beside it.
    copyFileSync(path.join(path.dirname(FIXTURE_STDIO), "listen.mjs"), path.join(dir, "listen.mjs"));
    const run = await cli(["check", "--stdio", "node server.mjs", "--only", "C09", "--json"], {
      env: { INIT_CWD: dir },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ era: "legacy", checks: [{ id: "C09", status: "pass" }] });
  }, 30_000);

  it("--report-link <playground URL> prints a link that opens this run (verdicts and frames) there; with --badge, the README Markdown linking the badge to it", async () => {
    const marker = `cli-check-${process.pid}-link`;
    const run = await cli(
      [
        "check",
        "--stdio",
        fixture("C07", marker),
        "--only",
        "C07",
        "--json",
        "--badge",
        "checks.svg",
        "--report-link",
        "https://playground.example/",
      ],
      { env: { INIT_CWD: mkdtempSync(path.join(tmpdir(), "check-link-")) } },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout).checks[0]).toMatchObject({ id: "C07", status: "fail" });
    const url = /Report link: (https:\/\/playground\.example\/#v=1&s=\S+)/.exec(run.stderr)?.[1];
    expect(url, run.stderr).toBeDefined();
    expect(run.stderr).toContain(`[![MCP conformance](checks.svg)](${url})`);
    const decoded = await decodeShareFragment(url!.slice(url!.indexOf("#")));
    if (decoded.kind !== "ok") throw new Error(JSON.stringify(decoded));
    const c07 = decoded.state.checks?.checks.find((c) => c.id === "C07");
    expect(c07?.status).toBe("fail");
    expect(c07?.evidence.some((f) => f.direction === "sent" && f.frame.includes("tools/list"))).toBe(true);
  }, 30_000);

  it("--report-link must be an http(s) URL of a playground page (exit 2)", async () => {
    const run = await cli(["check", "--demo", "calendar", "--only", "C09", "--report-link", "javascript:alert(1)"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--report-link must be the http(s) URL of a playground page");
  });

  it("an unknown check id is a usage error (exit 2) naming it", async () => {
    // The MCP Apps checks are check ids too (they run when the server has app tools).
    const run = await cli(["check", "--demo", "calendar", "--only", "C07,AP01,C99"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--only names unknown checks: C99 (");
  });
});
