/**
 * `npm test` cannot hang on a tier (scripts/run-tier.mjs): a tier still running at its deadline is ended with its
 * process group — and with a process it detached into a group of its own, found by the tier's mark — and reported as
 * TIMED OUT, even when it ignores SIGTERM. Real processes.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { runTier } from "../../scripts/run-tier.mjs";
import { TEST_TIER_ENV } from "../leftover-processes.mjs";
import { ROOT, isAlive, waitUntilGone } from "./helpers";

const node = process.execPath;
const IDLE = "setInterval(() => {}, 1000)";
// Burns 2.5 CPU-seconds. (cpuUsage is a system call: asked only every 100,000 turns, so that the time burnt is user
// time, not the asking.)
const BURN =
  "const t = process.cpuUsage(); let x = 0; while (process.cpuUsage(t).user < 2_500_000) for (let i = 0; i < 1e5; i++) x += i;";

/**
 * Script that keeps its process alive until the process whose pid `pidVar` holds has exited (a zombie nobody reaps
 * counts as exited).
 */
const waitForExit = (pidVar: string) =>
  `const running = () => { try { return !/\\) Z /.test(require("node:fs").readFileSync("/proc/" + ${pidVar} + "/stat", "latin1")); } catch { return false; } };
      const wait = setInterval(() => running() || clearInterval(wait), 50);`;

/** Runs `script` as a tier that must pass (with a minute to spare); the CPU seconds it counted. */
async function cpuOfPassingTier(label: string, tag: string, script: string): Promise<number> {
  const result = await runTier({ label, tag, cmd: node, args: ["-e", script], deadlineMs: 60_000, log: () => {} });
  expect(result.ok).toBe(true);
  return result.cpuSeconds;
}

describe("a tier of npm test", () => {
  it("passes when its command exits 0 and fails (not timed out) when it exits non-zero", async () => {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const ok = await runTier({ label: "fine", tag: "t-ok", cmd: node, args: ["-e", "0"], deadlineMs: 60_000, log });
    const bad = await runTier({
      label: "red",
      tag: "t-red",
      cmd: node,
      args: ["-e", "console.log('said'); process.exit(3)"],
      deadlineMs: 60_000,
      log,
    });
    expect(ok).toMatchObject({ ok: true, code: 0, timedOut: false });
    expect(bad).toMatchObject({ ok: false, code: 3, timedOut: false });
    expect(lines).toContain("t-red       │ said");
    expect(lines.some((l) => /^=== red: FAILED in [\d.]+ s \(CPU [\d.]+ s\)$/.test(l))).toBe(true);
  });

  it("counts the CPU of every process of the tier, one orphaned outside its tree (as Chromium's renderers are) included", async () => {
    // The tier starts a child that starts a detached grandchild and exits at once: the grandchild is nobody's in the
    // tier to wait for (rusage never sees it). It burns 2.5 CPU-seconds; the tier waits for it to end.
    const middle = `const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(BURN)}], { stdio: "ignore", detached: true }); c.unref(); console.log(c.pid);`;
    const tier = `
      const { execFileSync } = require("node:child_process");
      const orphan = execFileSync(process.execPath, ["-e", ${JSON.stringify(middle)}], { encoding: "utf8" }).trim();
      ${waitForExit("orphan")}`;
    // Sampled every second: up to the last second of the orphan's life may be missed.
    expect(await cpuOfPassingTier("burn", "t-burn", tier)).toBeGreaterThanOrEqual(1.4);
  }, 120_000);

  it("counts the CPU of a descendant whose environment lost the mark (as Chromium's zygote and renderers overwrite theirs)", async () => {
    // The tier starts A with an empty environment; A starts B, also with none, which burns 2.5 CPU-seconds; A exits
    // after 3 s, so B is reaped by nobody in the tier. The tier waits for B to end.
    const a = `const b = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(BURN)}], { stdio: "ignore", env: {} }); console.log(b.pid); setTimeout(() => process.exit(0), 3000);`;
    const tier = `
      const { spawn } = require("node:child_process");
      const a = spawn(process.execPath, ["-e", ${JSON.stringify(a)}], { stdio: ["ignore", "pipe", "ignore"], env: {} });
      a.stdout.once("data", (d) => {
        const b = String(d).trim();
        ${waitForExit("b")}
      });`;
    expect(await cpuOfPassingTier("unmarked", "t-unmarked", tier)).toBeGreaterThanOrEqual(1.4);
  }, 120_000);

  it("still running at its deadline, it is ended with its group and what it detached, and reported TIMED OUT", async () => {
    // The tier ignores SIGTERM, starts one child in its own group, one detached into another, and one detached under a
    // worker's mark beneath the tier's (as the e2e workers start their app servers), and prints their pids.
    const tier = `
      const { spawn } = require("node:child_process");
      process.on("SIGTERM", () => console.log("ignoring SIGTERM"));
      const same = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore" });
      const away = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore", detached: true });
      const workerEnv = { ...process.env, ${TEST_TIER_ENV}: process.env.${TEST_TIER_ENV} + "/w1" };
      const worker = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore", detached: true, env: workerEnv });
      console.log("pids " + same.pid + " " + away.pid + " " + worker.pid);
      ${IDLE};`;
    const lines: string[] = [];
    const result = await runTier({
      label: "hang",
      tag: "t-hang",
      cmd: node,
      args: ["-e", tier],
      deadlineMs: 8_000, // long enough for the tier to have started both children on a loaded machine
      graceMs: 500,
      log: (l: string) => lines.push(l),
    });
    expect(result).toMatchObject({ ok: false, timedOut: true });
    const pids = /pids (\d+) (\d+) (\d+)/.exec(lines.join("\n"))!.slice(1).map(Number);
    expect(pids).toHaveLength(3);
    expect(lines).toContain("t-hang      │ ignoring SIGTERM");
    expect(
      lines.some((l) =>
        /^=== hang: TIMED OUT \(no end after 8 s \(the tier's deadline\)\) in [\d.]+ s \(CPU [\d.]+ s\)$/.test(l),
      ),
    ).toBe(true);
    expect(await waitUntilGone(pids)).toEqual([]);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

describe("npm test asked to stop", () => {
  it("SIGTERM to npm test reaches scripts/test-all.mjs: its running tier is ended, and no tier starts after", async () => {
    // npm runs the repository's own `test` script line; scripts/test-all.mjs there is a stand-in with one idle tier
    // and one after it, using the real endTiersOnSignal and runTier. (npm forwards SIGTERM to the shell it runs the
    // line in; a shell that only waits for node dies of it and leaves test-all and its tiers running.)
    const dir = mkdtempSync(path.join(tmpdir(), "npm-test-signal-"));
    mkdirSync(path.join(dir, "scripts"));
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, scripts: { test: scripts.test } }));
    const runTierUrl = new URL("../../scripts/run-tier.mjs", import.meta.url).href;
    writeFileSync(
      path.join(dir, "scripts", "test-all.mjs"),
      `import { endTiersOnSignal, runTier } from ${JSON.stringify(runTierUrl)};
      endTiersOnSignal();
      const tier = (tag, code) =>
        runTier({ label: tag, tag, cmd: process.execPath, args: ["-e", code], deadlineMs: 120_000 });
      await tier("idle", "console.log('pids ' + process.ppid + ' ' + process.pid); ${IDLE}");
      await tier("next", "0");`,
    );
    const npm = spawn("npm", ["test"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    const lines: string[] = [];
    const output = createInterface({ input: npm.stdout });
    const outputEnded = new Promise((resolve) => output.on("close", resolve));
    const npmExited = new Promise((resolve) => npm.on("exit", resolve));
    // test-all's pid and its running tier's, once the tier is up.
    const pids = await new Promise<number[]>((resolve) =>
      output.on("line", (l) => {
        lines.push(l);
        const m = /│ pids (\d+) (\d+)$/.exec(l);
        if (m) resolve([Number(m[1]), Number(m[2])]);
      }),
    );
    try {
      npm.kill("SIGTERM");
      await npmExited;
      // The tier's own grace (SIGKILL 10 s after SIGTERM) bounds how long an ended tier may take.
      expect(await waitUntilGone(pids, 15_000)).toEqual([]);
      await outputEnded;
      expect(lines).toContain(
        "idle        │ === npm test got SIGTERM: ending the tier (SIGTERM to its process group, SIGKILL 10 s later)",
      );
      expect(lines.some((l) => /^=== idle: ENDED \(npm test got SIGTERM\) in [\d.]+ s \(CPU [\d.]+ s\)$/.test(l))).toBe(
        true,
      );
      expect(lines).toContain("=== next: not started (npm test got SIGTERM)");
    } finally {
      for (const pid of pids.filter(isAlive)) process.kill(pid, "SIGKILL");
    }
  }, 60_000);
});
