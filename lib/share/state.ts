/**
 * What a share link, a session file and a gallery example hold: the playground's state plus the exchanges it
 * recorded, trimmed to what a viewer needs. Pure.
 */
import type { Exchange, Target } from "../bridge/contract";
import { keepSentOnce, sentText } from "../protocol/exchange";
import type { Emulation } from "../protocol/emulation";
import type { SharedCheckRun } from "./check-run";

export type EraMode = "auto" | "modern" | "legacy";

/** A judgement attached to an exchange (era verdict, check result, a note from the example's author). */
export interface Verdict {
  level: "pass" | "fail" | "warn" | "info";
  text: string;
}

/**
 * An exchange as a link stores it: the bridge's record without the per-send id (rebuilt by `toExchange`), the sent
 * frame kept once (in its stdin / HTTP-request event, else in `sent`), plus an optional label and verdicts, the target it was sent to, and when.
 */
export type RecordedExchange = Omit<Exchange, "sendId" | "startedAt"> & {
  /** Shown above the exchange, e.g. "process A" or "probe: server/discover". */
  label?: string;
  verdicts?: Verdict[];
  /** The target this exchange was sent to; absent = the state's target (and in links made before it was kept). */
  target?: Target;
  /** Wall-clock ms epoch at which it was sent; absent in links made before it was kept (freshness unknown). */
  startedAt?: number;
  /** The client emulation it was sent under (the card says so), and what that changed in the frame. */
  emulation?: { text: string; changes: string[] };
};

export interface ShareState {
  /** Gallery examples and shared lessons carry a title and a short explanation. */
  title?: string;
  about?: string;
  target: Target;
  /** The editor text exactly as the sharer left it. */
  editor: string;
  /** The client capabilities the playground declares in `_meta` (and in initialize for legacy servers). */
  capabilities: Record<string, unknown>;
  /** The protocol version the envelope names. */
  protocolVersion: string;
  /** How the playground picks the era: probe (auto) or forced. */
  era: EraMode;
  /** Client emulation of the envelope settings (lib/protocol/emulation.ts); absent = none. */
  emulate?: Emulation;
  exchanges: RecordedExchange[];
  /** A Checks run shared from the Checks tab: the verdicts and their evidence frames (read-only when opened). */
  checks?: SharedCheckRun;
  /** What the sharer's encoder left out (secrets), so whoever opens the link knows what is missing. */
  omitted: string[];
}

/** Timings are kept to 0.1 ms: finer digits are noise and cost link characters. */
function roundMs(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Trims a bridge exchange to what a link keeps. */
export function recordExchange(
  exchange: Exchange,
  extra: { label?: string; verdicts?: Verdict[]; target?: Target; emulation?: RecordedExchange["emulation"] } = {},
): RecordedExchange {
  // A link keeps the frame in `sent` (its v1 format, which elides the stdin / request text); the parse is not kept.
  const { sendId: _sendId, ...rest } = keepSentOnce(exchange);
  void _sendId;
  const recorded: RecordedExchange = {
    ...rest,
    sent: sentText(exchange),
    durationMs: roundMs(exchange.durationMs),
    events: exchange.events.map((e) => ({ ...e, t: roundMs(e.t) })),
  };
  if (exchange.process) {
    recorded.process = { ...exchange.process };
    if (exchange.process.spawnToFirstByteMs !== undefined)
      recorded.process.spawnToFirstByteMs = roundMs(exchange.process.spawnToFirstByteMs);
  }
  if (extra.label !== undefined) recorded.label = extra.label;
  if (extra.verdicts && extra.verdicts.length > 0) recorded.verdicts = extra.verdicts;
  if (extra.target) recorded.target = extra.target;
  if (extra.emulation) recorded.emulation = extra.emulation;
  // 0 is how a viewer marks "time unknown" (an exchange opened from an older link): keep it unknown.
  if (!(exchange.startedAt > 0)) delete recorded.startedAt;
  return recorded;
}

/** Parses a frame's text; `ok: false` when it is not JSON. Never evaluates. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Rebuilds a bridge-shaped exchange for the viewer (the timeline components take Exchange). */
export function toExchange(
  recorded: RecordedExchange,
  index: number,
): Exchange & { label?: string; verdicts?: Verdict[] } {
  const { target: _target, ...rest } = keepSentOnce(recorded);
  void _target;
  const exchange: Exchange & { label?: string; verdicts?: Verdict[] } = {
    ...rest,
    sendId: `link-${index + 1}`,
    // 0 = not recorded (older links): views say "freshness not tracked" instead of counting from 1970.
    startedAt: recorded.startedAt ?? 0,
  };
  return exchange;
}
