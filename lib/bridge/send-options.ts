/**
 * Every send option's default, and how the options a send leaves out resolve: one home for the page, the CLI, the
 * checks, the lab, share links and the bridge. Adding a send option touches three places: its default here and
 * its field in send-option-fields.ts, its meaning in lib/node/bridge/send.ts, and the control that sets it (a page control dispatching
 * `sendOptions/set`, or a CLI flag). Isomorphic, and light: the first screen imports it; the fields' schema, which
 * brings zod, is send-option-fields.ts.
 */
import { SEND_TIMEOUT_MS } from "./limits";

export const SEND_DEFAULTS = {
  timeoutMs: SEND_TIMEOUT_MS.default,
  /** A notifications/progress for the request's progressToken restarts its timeout. */
  progressReset: true,
  /** With progress, a send waits at most this many timeouts in all (and never past SEND_TIMEOUT_MS.max). */
  maxTotalTimeouts: 10,
  processMode: "keep",
  insist: false,
} as const;

/** The longest a send may wait with progress when it names no maxTotalMs. */
export function defaultMaxTotalMs(timeoutMs: number): number {
  return Math.min(SEND_DEFAULTS.maxTotalTimeouts * timeoutMs, SEND_TIMEOUT_MS.max);
}

/** The progress policy a send runs under (lib/node/bridge/progress-deadline.ts). */
export function resolveProgress(o: { timeoutMs: number; progressReset?: boolean; maxTotalMs?: number }): {
  reset: boolean;
  maxTotalMs: number;
} {
  return {
    reset: o.progressReset ?? SEND_DEFAULTS.progressReset,
    maxTotalMs: o.maxTotalMs ?? defaultMaxTotalMs(o.timeoutMs),
  };
}

/** What the page sets for every send (the toolbar's progress settings); absent or null: the default. */
export interface PageSendOptions {
  progressReset?: boolean;
  maxTotalMs?: number | null;
}

/** The page's settings as a send's options: only what differs from the default (a max total under the timeout is ignored). */
export function pageSendOptions(
  page: PageSendOptions,
  timeoutMs: number,
): { progressReset?: boolean; maxTotalMs?: number } {
  const out: { progressReset?: boolean; maxTotalMs?: number } = {};
  if (page.progressReset !== undefined && page.progressReset !== SEND_DEFAULTS.progressReset)
    out.progressReset = page.progressReset;
  if (page.maxTotalMs && page.maxTotalMs >= timeoutMs) out.maxTotalMs = page.maxTotalMs;
  return out;
}
