// A command a link may carry, that the process table gives away: the embedded calendar over stdio with a unique marker
// in its argv, for the cases that prove a link starts nothing until the user confirms it.
import { execFileSync } from "node:child_process";
import { ROOT } from "../harness.mjs";

/** The embedded calendar as a stdio target with `env`, and the marker (`prefix`, this process, the time) in its argv. */
export function markedCalendar(prefix, env) {
  const marker = `${prefix}-${process.pid}-${Date.now()}`;
  return {
    marker,
    target: { kind: "stdio", command: process.execPath, args: ["dist-servers/calendar.mjs", marker], cwd: ROOT, env },
  };
}

/** Whether a process whose command line holds `marker` is running. */
export function isRunning(marker) {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(marker);
}
