// What a test tier leaves running, read from the process table (`ps -eo pid,ppid,stat,args`, not a counter): every
// process started from this checkout (its argv names the checkout, or its working directory is the checkout — a
// relative `node dist-servers/server.mjs` is found by the latter) that was not there when the tier began.
// Shared by vitest's globalSetup (tests/leftover-processes.global.ts) and the e2e runner (tests/e2e/run.mjs).
//
// `npm test` runs some tiers side by side (scripts/test-all.mjs) and marks each tier's process with TEST_TIER_ENV:
// a process whose own environment (else its nearest marked ancestor's) carries another tier's mark belongs to that
// tier, not this one.
import { execFileSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";

export const TEST_TIER_ENV = "PLAYGROUND_TEST_TIER";

/** @typedef {{ pid: number, ppid: number, stat: string, args: string }} Row */

/** @returns {Row[]} */
export function processTable() {
  const out = execFileSync("ps", ["-eo", "pid,ppid,stat,args"], { encoding: "utf8" });
  return out
    .split("\n")
    .slice(1)
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), stat: m[3], args: m[4] }));
}

function cwdOf(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return "";
  }
}

/** The tier mark in a process's environment, or undefined (no mark, or a process we may not read). */
function tierOf(pid) {
  try {
    const env = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
    const entry = env.find((e) => e.startsWith(`${TEST_TIER_ENV}=`));
    return entry?.slice(TEST_TIER_ENV.length + 1);
  } catch {
    return undefined;
  }
}

/** The pid and its ancestors, nearest first. */
function chainOf(pid, rows) {
  const parent = new Map(rows.map((r) => [r.pid, r.ppid]));
  const chain = [];
  for (let p = pid; p !== undefined && p > 0 && !chain.includes(p); p = parent.get(p)) chain.push(p);
  return chain;
}

/**
 * Whether the nearest mark on the process's chain (its own, else its nearest marked ancestor's) is another tier's than
 * `tier` (no mark anywhere: not another's). The nearest, not any: the e2e tier's workers carry marks of their own
 * beneath the tier's (tests/e2e/run.mjs), and a worker's processes are that worker's.
 */
function ownedByAnotherTier(pid, rows, tier) {
  for (const p of chainOf(pid, rows)) {
    const mark = tierOf(p);
    if (mark !== undefined) return mark !== tier;
  }
  return false;
}

/**
 * The process table without the processes another tier of `npm test` started (the tier beside this one): what a
 * test that looks for its own servers in the process table may count.
 * @returns {Row[]}
 */
export function thisTiersProcesses() {
  const rows = processTable();
  const tier = process.env[TEST_TIER_ENV];
  return rows.filter((r) => !ownedByAnotherTier(r.pid, rows, tier));
}

/**
 * A watch over the process table from now on: `leftovers()` lists the processes started from `root` since, other
 * than this process's ancestors, zombies, and what `ignore` matches (e.g. vitest's own workers) or another tier owns.
 * @param {{ root: string, ignore?: RegExp }} options
 */
export function watchProcesses({ root, ignore = /\bps -eo\b/ }) {
  const before = new Set(processTable().map((r) => r.pid));
  const tier = process.env[TEST_TIER_ENV];
  /** @returns {Row[]} */
  function leftovers() {
    const rows = processTable();
    const mine = new Set(chainOf(process.pid, rows));
    return rows.filter(
      (r) =>
        !before.has(r.pid) &&
        !mine.has(r.pid) &&
        !r.stat.startsWith("Z") &&
        !ignore.test(r.args) &&
        (r.args.includes(root) || cwdOf(r.pid) === root) &&
        !ownedByAnotherTier(r.pid, rows, tier),
    );
  }
  /** Waits (up to `ms`, polling) for the leftovers to end, and returns those still running then. */
  async function settle(ms = 2_000) {
    const deadline = Date.now() + ms;
    let left = leftovers();
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      left = leftovers();
    }
    return left;
  }
  return { leftovers, settle };
}

/** The leftovers as the error message lists them. */
export function describeLeftovers(rows) {
  return `processes left running (from ps -eo pid,ppid,stat,args):\n${rows.map((r) => `  ${r.pid} ${r.ppid} ${r.stat} ${r.args}`).join("\n")}`;
}
