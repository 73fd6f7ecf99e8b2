/**
 * A server started by npm ends when that npm ends. `npx mcp-playground` runs the bin through `sh -c`: a SIGTERM to
 * npx's pid alone (a process manager, an IDE's stop button) reaches the shell, which dies of it without passing it on,
 * and the playground would run on as an orphan with its children. So the server watches its launcher — its parent,
 * or the parent's parent when the parent is that shell — and drains as on SIGTERM once it is gone. Only for servers
 * npm started (scripts/server.ts asks `npm_command`): `node dist-servers/server.mjs` under nohup or a container's init
 * keeps running as asked.
 */
import { readFileSync } from "node:fs";

/** The shells npm runs a script or bin through; their parent is the launcher. */
const SHELLS = new Set(["sh", "dash", "bash", "zsh", "cmd.exe", "powershell.exe"]);

export interface ProcessFacts {
  /** The process's short name (/proc/PID/comm), or undefined when it cannot be read. */
  name(pid: number): string | undefined;
  /** Its parent's pid, or undefined. */
  parent(pid: number): number | undefined;
  /** Its start time (clock ticks since boot; a reused pid has another), or undefined. */
  startedAt(pid: number): string | undefined;
}

/** The process that launched `pid`'s parent chain: the parent, or the grandparent when the parent is a shell. */
export function launcherOf(pid: number, parentPid: number, facts: ProcessFacts): number {
  const name = facts.name(parentPid);
  if (name && SHELLS.has(name)) return facts.parent(parentPid) ?? parentPid;
  return parentPid;
}

/** Fields of /proc/PID/stat after the name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

export const procFacts: ProcessFacts = {
  name(pid) {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      return undefined;
    }
  },
  parent: (pid) => {
    const ppid = Number(statFields(pid)?.[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  },
  startedAt: (pid) => statFields(pid)?.[19],
};

/**
 * Calls `onGone` once when the launcher is gone (or its pid is another process's now). Where /proc cannot be read,
 * it watches for this process's parent to change instead. The timer does not keep the process alive.
 */
export function watchLauncher(onGone: (launcher: number) => void, intervalMs = 1_000, facts = procFacts): () => void {
  const launcher = launcherOf(process.pid, process.ppid, facts);
  const startedAt = facts.startedAt(launcher);
  const firstParent = process.ppid;
  const gone = () => {
    if (startedAt === undefined) return process.ppid !== firstParent;
    return facts.startedAt(launcher) !== startedAt;
  };
  const timer = setInterval(() => {
    if (!gone()) return;
    clearInterval(timer);
    onGone(launcher);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
