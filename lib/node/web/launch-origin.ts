/**
 * Local mode's per-launch origin (issue 43 item 1). A fixed loopback origin such as http://127.0.0.1:3000 is not the
 * playground's: whatever held that port before (another user's server, any dev app) may have left a service worker
 * or an open tab on it, which would then read or use the sign-in. So each launch gets a name no earlier page could
 * have held: `mcp-<128 random bits>.localhost` (browsers resolve every *.localhost name to loopback themselves). In
 * local mode the page, the browser sign-in and every call from a page answer only on that name (guards.ts); scripts
 * that hold the token may still use 127.0.0.1. Made once per process, in memory, like the launch codes.
 */
import { randomBytes } from "node:crypto";

/** The suffix every launch name has, and the pattern of one (an earlier launch's name is refused by name). */
export const LAUNCH_NAME_SUFFIX = ".localhost";
export const LAUNCH_NAME_PATTERN = /^mcp-[0-9a-f]{32}\.localhost$/;

let name: string | undefined;

/** This launch's host name, e.g. `mcp-0123…cdef.localhost` (lower case, one DNS label before `.localhost`). */
export function launchHostname(): string {
  name ??= `mcp-${randomBytes(16).toString("hex")}${LAUNCH_NAME_SUFFIX}`;
  return name;
}

/** This launch's origin on `port`: `http://mcp-….localhost:<port>`. */
export function launchOrigin(port: number | string): string {
  return `http://${launchHostname()}:${port}`;
}

/** Whether a (lower-case) host name from a Host header is this launch's name. */
export function isLaunchHostname(hostname: string): boolean {
  return hostname === launchHostname();
}

/** Whether a host name looks like a launch name but is not this launch's (a tab of an earlier launch). */
export function isEarlierLaunchHostname(hostname: string): boolean {
  return LAUNCH_NAME_PATTERN.test(hostname) && !isLaunchHostname(hostname);
}
