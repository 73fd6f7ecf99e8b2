/**
 * Agent Skills (SEP-2640) end to end against real servers: `cli skills` lists the skills demo's skills with every file
 * verified against its manifest, and says verified:false (and why) for a file whose bytes do not match the manifest's
 * digest; `check` judges S01–S07 when the extension is declared, and each flag of the skills fixture makes exactly its
 * own S check fail (a check that cannot fail is a defect).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { exitCodeOf } from "@/lib/checks/report";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { runCli } from "../helpers/cli";
import { tsFixtureArgs } from "../helpers/ts-fixtures";
import { FAST, noProcessLeft, runOn, runOnDemoHttp, runOnDemoProcess } from "./checks/run-suite";

const fixture = (...flags: string[]): Target => ({
  kind: "stdio",
  command: process.execPath,
  args: [...tsFixtureArgs("skills-stdio"), ...flags],
});
const S_IDS = ["S01", "S02", "S03", "S04", "S05", "S06", "S07"];
const ONLY_SKILLS = { ...FAST, skills: true, only: S_IDS };

interface SkillsJson {
  skills: { uri: string; name: string; listed: boolean; files: { uri: string; verified: boolean; why?: string }[] }[];
}

afterAll(async () => {
  await shutdownAll();
  expect(noProcessLeft()).toEqual([]);
});

describe("npm run cli -- skills", () => {
  it("the skills demo: every listed skill and the unlisted one its instructions name, every file verified, exit 0", async () => {
    const run = await runCli(["skills", "--demo", "skills", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as SkillsJson;
    expect(report.skills.map((s) => [s.uri, s.name, s.listed])).toEqual([
      ["skill://calendar/plan-week/SKILL.md", "plan-week", true],
      ["skill://calendar/find-slot/SKILL.md", "find-slot", true],
      ["skill://calendar/rsvp/SKILL.md", "rsvp", false],
    ]);
    const files = report.skills.flatMap((s) => s.files);
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.every((f) => f.verified && f.why === undefined)).toBe(true);
  }, 60_000);

  it("a manifest digest that does not match the file's bytes: that file is verified:false with both digests, exit 1", async () => {
    const run = await runCli([
      "skills",
      "--stdio",
      [process.execPath, ...tsFixtureArgs("skills-stdio"), "--bad-digest"].join(" "),
      "--json",
    ]);
    expect(run.code).toBe(1);
    const files = (JSON.parse(run.stdout) as SkillsJson).skills.flatMap((s) => s.files);
    const bad = files.filter((f) => !f.verified);
    expect(bad).toEqual([
      {
        uri: "skill://calendar/plan-week/references/checklist.md",
        verified: false,
        why: expect.stringMatching(/^digest sha256:[0-9a-f]{64}, the manifest says sha256:0{64}$/),
      },
    ]);
  }, 60_000);
});

describe("check judges the Skills rules when the extension is declared", () => {
  it("the skills demo over stdio: S01–S07 run, none fails", async () => {
    const report = await runOnDemoProcess("skills", "stdio", ONLY_SKILLS);
    const rows = report.checks.filter((c) => /^S\d+$/.test(c.id));
    expect(rows.map((c) => `${c.id} ${c.status}`)).toEqual(S_IDS.map((id) => `${id} pass`));
    expect(rows.every((c) => c.level === "MUST" && c.evidence.length > 0)).toBe(true);
    expect(exitCodeOf(report)).toBe(0);
  }, 60_000);

  it("check --demo skills --http, every check (the app's /api/demo/skills handler): S01–S07 pass, no MUST fails", async () => {
    const report = await runOnDemoHttp("skills", { ...FAST, toolCalls: "all", skills: true });
    expect(report.era).toBe("modern");
    expect(report.checks.filter((c) => c.level === "MUST" && c.status === "fail").map((c) => c.id)).toEqual([]);
    const rows = report.checks.filter((c) => /^S\d+$/.test(c.id)).map((c) => `${c.id} ${c.status}`);
    expect(rows).toEqual(S_IDS.map((id) => `${id} pass`));
    expect(exitCodeOf(report)).toBe(0);
  }, 90_000);

  const MATRIX: [flag: string, id: string][] = [
    ["--no-get", "S01"],
    ["--bad-shape", "S02"],
    ["--bad-digest", "S03"],
    ["--unknown-found", "S04"],
    ["--loop-cursor", "S05"],
    ["--no-cache", "S06"],
    ["--no-directory", "S07"],
  ];
  for (const [flag, id] of MATRIX)
    it(`the fixture with ${flag} fails ${id} (a MUST) and no other S check; check exits 1`, async () => {
      try {
        const report = await runOn(fixture(flag), "stdio", ONLY_SKILLS);
        const failed = report.checks.filter((c) => c.status === "fail");
        expect(failed.map((c) => `${c.id} ${c.level}`)).toEqual([`${id} MUST`]);
        expect(failed[0].evidence.length).toBeGreaterThan(0);
        expect(exitCodeOf(report)).toBe(1);
      } finally {
        await shutdownAll();
      }
    }, 60_000);
});
