/** npm run cli -- check, as CI runs it: exit codes, the JSON shape, the JUnit file, and no process left. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pidsWithArg as alive } from "../../helpers/cli";
import { FIXTURE_STDIO, cli } from "./run-suite";

const fixture = (violation: string | undefined, marker: string) => `node ${FIXTURE_STDIO}${violation ? ` --violate ${violation}` : ""} --tag ${marker}`;

describe("npm run cli -- check", () => {
  it("a failed MUST exits 1; --json has { target, era, checks[{ id, title, level, status, specRef, detail }], counts }; --junit writes the file", async () => {
    const marker = `cli-check-${process.pid}-a`;
    const junit = path.join(mkdtempSync(path.join(tmpdir(), "check-")), "junit.xml");
    const run = await cli(["check", "--stdio", fixture("C07", marker), "--json", "--junit", junit, "--listen-window", "300"]);
    expect(run.code, run.stderr).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ era: "modern", failed: 1, warned: 0 });
    expect(json.target).toContain("stdio.mjs --violate C07");
    const c07 = json.checks.find((c: { id: string }) => c.id === "C07");
    expect(Object.keys(c07).sort()).toEqual(["detail", "id", "level", "specRef", "status", "title"]);
    expect(c07).toMatchObject({ level: "MUST", status: "fail", specRef: "digest §1.4 · spec/basic/index.mdx" });
    expect(json.passed + json.failed + json.warned + json.skipped).toBe(json.checks.length);
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
    expect(run.stdout).toMatch(/\d+ passed, 0 failed \(0 MUST\), 0 warned, \d+ skipped\n$/);
    expect(alive(marker)).toEqual([]);
  });

  it("a legacy server exits 2 with the era report in the JSON", async () => {
    const run = await cli(["check", "--demo", "everything", "--json"]);
    expect(run.code).toBe(2);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ era: "legacy", version: "2025-11-25", checks: [] });
    expect(json.eraReport.ambiguity.status).toBe("warn");
  });

  it("an unknown check id is a usage error (exit 2) naming it", async () => {
    const run = await cli(["check", "--demo", "calendar", "--only", "C07,C99"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--only names unknown checks: C99");
  });
});
