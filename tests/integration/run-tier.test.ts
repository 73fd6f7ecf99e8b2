/**
 * `npm test` cannot hang on a tier (scripts/run-tier.mjs): a tier still running at its deadline is ended with its
 * process group — and with a process it detached into a group of its own, found by the tier's mark — and reported as
 * TIMED OUT, even when it ignores SIGTERM. Real processes.
 */
import { describe, expect, it } from "vitest";
import { runTier } from "../../scripts/run-tier.mjs";
import { isAlive, waitUntilGone } from "./helpers";

const node = process.execPath;
const IDLE = "setInterval(() => {}, 1000)";

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
    expect(lines.some((l) => /^=== red: FAILED in [\d.]+ s$/.test(l))).toBe(true);
  });

  it("still running at its deadline, it is ended with its group and what it detached, and reported TIMED OUT", async () => {
    // The tier ignores SIGTERM, starts one child in its own group and one detached into another, prints their pids.
    const tier = `
      const { spawn } = require("node:child_process");
      process.on("SIGTERM", () => console.log("ignoring SIGTERM"));
      const same = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore" });
      const away = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore", detached: true });
      console.log("pids " + same.pid + " " + away.pid);
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
    const pids = /pids (\d+) (\d+)/.exec(lines.join("\n"))!.slice(1).map(Number);
    expect(pids).toHaveLength(2);
    expect(lines).toContain("t-hang      │ ignoring SIGTERM");
    expect(
      lines.some((l) => /^=== hang: TIMED OUT \(no end after 8 s \(the tier's deadline\)\) in [\d.]+ s$/.test(l)),
    ).toBe(true);
    expect(await waitUntilGone(pids)).toEqual([]);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});
