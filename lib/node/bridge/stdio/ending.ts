/** Ending a stdio server: signalling its process group, and waiting a grace period for it to close. */
import type { ChildProcess } from "node:child_process";

/** Signals the whole process group `pid` leads (falls back to the child alone if the group is gone). */
export function signalProcessGroup(pid: number, child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      child?.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** True when `promise` settles within `ms` (a process's close, awaited with a grace period). */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
