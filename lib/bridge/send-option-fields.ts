/**
 * The send options' schema (their defaults and meanings: send-options.ts). Apart from send-options.ts because it brings
 * zod, which the page's first screen does not load (issue 46): only the send request's schema (contract.ts) needs it.
 */
import { z } from "zod";
import { SEND_TIMEOUT_MS } from "./limits";
import { SEND_DEFAULTS } from "./send-options";

/** The send options' fields of the send request (lib/bridge/contract.ts spreads them into SendRequestSchema). */
export const SEND_OPTION_FIELDS = {
  /** A frame that is not JSON is only sent when the user insists. */
  insist: z.boolean().default(SEND_DEFAULTS.insist),
  timeoutMs: z.number().int().min(SEND_TIMEOUT_MS.min).max(SEND_TIMEOUT_MS.max).default(SEND_DEFAULTS.timeoutMs),
  /**
   * A notifications/progress for the request's progressToken restarts its timeout (progress.mdx, "Timeouts"),
   * up to maxTotalMs from the send (default: 10 × timeoutMs, at most SEND_TIMEOUT_MS.max). On unless false.
   */
  progressReset: z.boolean().optional(),
  maxTotalMs: z.number().int().min(SEND_TIMEOUT_MS.min).max(SEND_TIMEOUT_MS.max).optional(),
  /** stdio: "keep" reuses the target's process; "fresh" spawns one for this message and ends it after. */
  processMode: z.enum(["keep", "fresh"]).default(SEND_DEFAULTS.processMode),
};
