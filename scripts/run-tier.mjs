// One tier of `npm test` (scripts/test-all.mjs): a command in a process group of its own, marked with the tier's
// name (tests/leftover-processes.mjs tells tiers apart by that mark), its output streamed behind the tier's tag, and a
// deadline: a tier still running then is ended with its whole group — and every process that carries its mark,
// whichever group it moved to (the e2e harness detaches the app server) — and reported as timed out.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { createInterface } from "node:readline";
import { TEST_TIER_ENV } from "../tests/leftover-processes.mjs";
import { sampleTreeCpu } from "./tree-cpu.mjs";

// A tier asked to stop (SIGTERM) gets this long to end its own children before its group is killed.
const KILL_GRACE_MS = 10_000;

/** The pids whose environment carries this tier mark, or a mark beneath it (`<mark>/w1`: an e2e worker's). */
export function pidsMarked(mark) {
  const pids = [];
  const exact = `${TEST_TIER_ENV}=${mark}`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, "latin1").split("\0");
      if (env.some((e) => e === exact || e.startsWith(`${exact}/`))) pids.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return pids;
}

/**
 * The pids still carrying this mark once they have had up to `ms` to end: a process sent SIGKILL is listed until the
 * kernel has run its exit, which on a loaded machine is not at once — a check that looks once sees it (the CI flake
 * of e2e-pool.test.ts). Resolves as soon as none is left.
 */
export async function pidsMarkedAfter(mark, ms, { except = [] } = {}) {
  const deadline = Date.now() + ms;
  let left = pidsMarked(mark).filter((pid) => !except.includes(pid));
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = pidsMarked(mark).filter((pid) => !except.includes(pid));
  }
  return left;
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

/** The tiers running now; once `npm test` is interrupted no tier starts. */
const running = new Set();
let interrupted = null;

/** An interrupted `npm test` ends every running tier with it (the tiers are not in its process group). */
export function endTiersOnSignal() {
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"])
    process.once(sig, () => {
      interrupted = sig;
      for (const t of running) t.end(`npm test got ${sig}`);
      // The tiers' close handlers print and SIGKILL what is left; then leave with the signal's usual status.
      const exit = () => process.exit(128 + os.constants.signals[sig]);
      setInterval(() => running.size === 0 && exit(), 100);
      setTimeout(exit, KILL_GRACE_MS + 1_000);
    });
}

/**
 * Runs `cmd args` as tier `tag` (output lines behind `tag │ `), ending it after `deadlineMs`.
 * Resolves { ok, code, timedOut, seconds, cpuSeconds }; prints `=== label: ok|FAILED|TIMED OUT … in N s (CPU M s)`, M
 * being what every process of the tier used, Chromium's included (scripts/tree-cpu.mjs).
 * `onSpawn(child)` gets the tier's process as soon as it exists (to signal it).
 * @param {{ label: string, tag: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, deadlineMs: number,
 *   graceMs?: number, log?: (line: string) => void, onSpawn?: (child: import("node:child_process").ChildProcess) => void }} tier
 */
export function runTier({
  label,
  tag,
  cmd,
  args,
  env = process.env,
  deadlineMs,
  graceMs = KILL_GRACE_MS,
  log = console.log,
  onSpawn = () => {},
}) {
  if (interrupted !== null) {
    log(`=== ${label}: not started (npm test got ${interrupted})`);
    return Promise.resolve({ ok: false, code: null, timedOut: false, seconds: 0 });
  }
  const started = Date.now();
  // Unique to this run: a concurrent `npm test` elsewhere (another checkout) uses other marks.
  const mark = `${tag}@${process.pid}`;
  log(`\n=== ${label}: ${[cmd, ...args].join(" ")}`);
  const child = spawn(cmd, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, [TEST_TIER_ENV]: mark },
    detached: true, // its own process group, so that a deadline can end all of it
  });
  onSpawn(child);
  const cpu = sampleTreeCpu({ envName: TEST_TIER_ENV, mark });
  const prefix = `${tag.padEnd(12)}│ `;
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => log(prefix + line));

  let why = null; // why the tier was ended, if it was
  let timedOut = false;
  let killTimer;
  const killEverything = () => {
    signal(-child.pid, "SIGKILL");
    for (const pid of pidsMarked(mark)) signal(pid, "SIGKILL");
  };
  const handle = {
    end(reason) {
      if (why !== null) return;
      why = reason;
      log(`${prefix}=== ${reason}: ending the tier (SIGTERM to its process group, SIGKILL ${graceMs / 1000} s later)`);
      signal(-child.pid, "SIGTERM");
      killTimer = setTimeout(killEverything, graceMs);
    },
  };
  running.add(handle);
  const deadline = setTimeout(() => {
    timedOut = true;
    handle.end(`no end after ${Math.round(deadlineMs / 1000)} s (the tier's deadline)`);
  }, deadlineMs);

  return new Promise((resolve) => {
    child.on("error", (e) => log(`${prefix}${e.message}`));
    child.on("close", (code) => {
      clearTimeout(deadline);
      clearTimeout(killTimer);
      running.delete(handle);
      // Whatever the tier left behind (its group, or a detached server carrying its mark) ends with it.
      if (why !== null) killEverything();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const cpuSeconds = Math.round(cpu.stop() * 10) / 10;
      const verdict = timedOut ? `TIMED OUT (${why})` : why !== null ? `ENDED (${why})` : code === 0 ? "ok" : "FAILED";
      log(`=== ${label}: ${verdict} in ${seconds} s (CPU ${cpuSeconds.toFixed(1)} s)`);
      resolve({ ok: code === 0 && why === null, code, timedOut, seconds: Number(seconds), cpuSeconds });
    });
  });
}
