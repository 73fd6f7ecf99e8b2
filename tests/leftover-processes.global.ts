/**
 * vitest globalSetup: after the whole suite, read the process table (`ps -eo pid,ppid,stat,args`, not a
 * counter) and fail the run if any process started from this checkout is still there — a server, a fixture,
 * or something a fixture forked. Processes that existed before the suite began are ignored, and so are
 * vitest's own workers.
 */
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";

interface Row {
  pid: number;
  ppid: number;
  stat: string;
  args: string;
}

function processTable(): Row[] {
  const out = execFileSync("ps", ["-eo", "pid,ppid,stat,args"], { encoding: "utf8" });
  return out
    .split("\n")
    .slice(1)
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), stat: m[3], args: m[4] }));
}

function cwdOf(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return "";
  }
}

function ancestorsOf(pid: number, rows: Row[]): Set<number> {
  const parent = new Map(rows.map((r) => [r.pid, r.ppid]));
  const seen = new Set<number>();
  for (let p: number | undefined = pid; p !== undefined && p > 0 && !seen.has(p); p = parent.get(p)) seen.add(p);
  return seen;
}

export default function setup(): () => Promise<void> {
  const root = process.cwd();
  const before = new Set(processTable().map((r) => r.pid));
  return async function teardown() {
    // Give the last SIGKILLs a moment to be reaped.
    await new Promise((r) => setTimeout(r, 300));
    const rows = processTable();
    const mine = ancestorsOf(process.pid, rows);
    const leftovers = rows.filter(
      (r) =>
        !before.has(r.pid) &&
        !mine.has(r.pid) &&
        !r.stat.startsWith("Z") &&
        !/vitest|tinypool|\bps -eo\b/.test(r.args) &&
        (r.args.includes(root) || cwdOf(r.pid) === root),
    );
    if (leftovers.length > 0) {
      process.exitCode = 1; // vitest reports a teardown error but would still exit 0
      throw new Error(
        `processes left running after the suite (from ps -eo pid,ppid,stat,args):\n${leftovers.map((r) => `  ${r.pid} ${r.ppid} ${r.stat} ${r.args}`).join("\n")}`,
      );
    }
    console.log(`process table after the suite: 0 processes left from ${root}`);
  };
}
