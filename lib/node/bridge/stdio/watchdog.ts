/**
 * No kept-up child outlives a bridge that dies without running its exit hooks (SIGKILL, the OOM killer, a
 * crash in native code). One small watchdog process per bridge reads a pipe whose write end only the bridge
 * holds; the kernel closes that end when the bridge dies, however it dies. The bridge tells the watchdog each
 * process group it starts ("+pid") and ends ("-pid"); at end of input the watchdog SIGTERMs the groups still
 * listed, SIGKILLs what is left after LIMITS.killGraceMs, and exits.
 *
 * Chosen over a wrapper per child (or a child polling its parent): arbitrary user commands keep their own pid,
 * exit status and stdio untouched, and one watchdog serves every child. Importable by the CLI.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { LIMITS } from "../limits";
import { minimalEnv } from "./spawn";

const SCRIPT = `
const groups = new Set();
let rest = "";
let ending = false;
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (rest + chunk).split("\\n");
  rest = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === "+") groups.add(pid);
    else groups.delete(pid);
  }
});
const signal = (name) => {
  for (const pid of groups) {
    try { process.kill(-pid, name); } catch { groups.delete(pid); }
  }
};
const end = () => {
  if (ending) return;
  ending = true;
  signal("SIGTERM");
  const started = Date.now();
  const poll = () => {
    signal(0);
    if (groups.size > 0 && Date.now() - started < ${LIMITS.killGraceMs}) return void setTimeout(poll, 50);
    signal("SIGKILL");
    process.exit(0);
  };
  poll();
};
process.stdin.on("end", end);
process.stdin.on("close", end);
process.stdin.on("error", end);
`;

/** The watchdog process of this bridge, once started. */
let current: ChildProcess | undefined;

function watchdog(groups: () => Iterable<number>): ChildProcess | undefined {
  const running = current;
  if (running && running.exitCode === null && running.signalCode === null && running.stdin?.writable) return running;
  let child: ChildProcess;
  try {
    // Its own process group and session (detached): a Ctrl-C or a group kill aimed at the bridge spares it.
    // cwd "/" pins no directory; the lean environment keeps NODE_OPTIONS (e.g. a loader) out of it.
    child = spawn(process.execPath, ["--max-old-space-size=16", "-e", SCRIPT], {
      cwd: "/",
      env: minimalEnv() as NodeJS.ProcessEnv,
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
    });
  } catch {
    return undefined; // no watchdog: the exit hooks still cover every orderly exit
  }
  child.on("error", () => {});
  child.stdin?.on("error", () => {});
  // Neither the process nor its pipe keeps the bridge (the CLI) alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  current = child;
  // A new watchdog learns every group still alive (the previous one may have died with what it knew).
  for (const pid of groups()) child.stdin?.write(`+${pid}\n`);
  return child;
}

/** The watchdog kills this process group if the bridge dies; `groups` lists every live group (for a restart). */
export function watchGroup(pid: number, groups: () => Iterable<number>): void {
  watchdog(groups)?.stdin?.write(`+${pid}\n`);
}

/** The group has ended (or is about to be killed by the bridge itself): the watchdog forgets it. */
export function forgetGroup(pid: number): void {
  const dog = current;
  if (dog?.stdin?.writable) dog.stdin.write(`-${pid}\n`);
}
