/**
 * `npx …` (and its cousins) download the package on the first run, which can take longer than a send's timeout;
 * a server author would read that timeout as their server's fault. The first send to such a command gets a longer
 * timeout, and the card says why. Pure.
 */
import type { Target } from "../bridge/contract";

export const FIRST_RUN_TIMEOUT_MS = 120_000;
export const FIRST_RUN_REASON = "first run may download the package";

const DOWNLOADERS = new Set(["npx", "pnpx", "bunx", "uvx"]);

/** A stdio command that fetches what it runs: npx, pnpx, bunx, uvx, `pnpm dlx`, `yarn dlx`. */
export function downloadsOnFirstRun(target: Target | undefined): boolean {
  if (target?.kind !== "stdio") return false;
  const base = target.command
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(cmd|exe)$/i, "");
  return DOWNLOADERS.has(base) || ((base === "pnpm" || base === "yarn") && target.args[0] === "dlx");
}

/** The timeout of a send: the user's, or the longer first-run one when this command has not run yet here. */
export function sendTimeoutMs(target: Target, userMs: number, hasRunBefore: boolean): number {
  return !hasRunBefore && downloadsOnFirstRun(target) ? Math.max(userMs, FIRST_RUN_TIMEOUT_MS) : userMs;
}
