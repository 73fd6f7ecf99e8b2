/**
 * The per-send timeout's bounds, browser-safe: the page's timeout field, the contract's schema, the CLI's
 * --timeout and the bridge (lib/node/bridge/limits.ts, which holds every other limit) read them from here.
 */
export const SEND_TIMEOUT_MS = {
  /** A send that names no timeout waits this long for its reply. */
  default: 10_000,
  min: 100,
  max: 600_000,
} as const;
