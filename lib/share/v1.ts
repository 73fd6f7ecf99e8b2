/**
 * Link format v1: the JSON inside `#v=1&s=…` (and inside a session file). Public and frozen — the defaults
 * and derivation rules below are part of the format (docs/link-format.md); changing any of them means v2.
 *
 * A payload stores only what differs from the defaults and drops what the decoder can rebuild exactly:
 * the encoder omits a field only after checking that the decoder's derivation gives back the same value.
 * Pure.
 */
import type { Target, WireEvent, ExchangeOutcome } from "../bridge/contract";
import { targetLabel } from "../bridge/target";
import { parseJson, type RecordedExchange, type ShareState } from "./state";
import { eventFrame, keepParse, receivedFrames, replyFrame, sentText, type ReceivedFrame } from "../protocol/exchange";
import type { CompactEvent, PayloadExchange, PayloadV1 } from "./v1-schema";
import { buildEnvelope, formatFrame } from "../protocol/meta";

export { PayloadV1Schema, type CompactEvent, type PayloadExchange, type PayloadV1 } from "./v1-schema";

// ---------- v1 defaults (frozen) ----------

const V1_DEFAULT_CAPABILITIES = { elicitation: { form: {} } };
const V1_DEFAULT_VERSION = "2026-07-28";
/** The editor's default: server/discover with the envelope, every value spelled here (not the app's current ones). */
const V1_DEFAULT_ENVELOPE = buildEnvelope({
  protocolVersion: V1_DEFAULT_VERSION,
  clientCapabilities: V1_DEFAULT_CAPABILITIES,
  clientInfo: { name: "mcp-playground", version: "0.1.0" },
});

export const V1_DEFAULTS = {
  target: { kind: "demo", server: "calendar", transport: "stdio" } as Target,
  editor: formatFrame({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: V1_DEFAULT_ENVELOPE } }),
  capabilities: V1_DEFAULT_CAPABILITIES as Record<string, unknown>,
  protocolVersion: V1_DEFAULT_VERSION,
  era: "auto" as const,
  // The link format's own default, frozen with v1: a link that leaves the timeout out means 10 s even if the
  // app's default (SEND_DEFAULTS) changes.
  timeoutMs: 10_000,
};

export function defaultShareState(): ShareState {
  return {
    target: structuredClone(V1_DEFAULTS.target),
    editor: V1_DEFAULTS.editor,
    capabilities: structuredClone(V1_DEFAULTS.capabilities),
    protocolVersion: V1_DEFAULTS.protocolVersion,
    era: V1_DEFAULTS.era,
    exchanges: [],
    omitted: [],
  };
}

// ---------- derivation rules (shared by encoder and decoder) ----------

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The frame a line or SSE data parses to, when it is a JSON object or array. */
function derivedFrame(text: string): unknown {
  const parsed = parseJson(text);
  return parsed.ok && parsed.value !== null && typeof parsed.value === "object" ? parsed.value : undefined;
}

function textOf(e: WireEvent): string | undefined {
  if (e.kind === "stdout" || e.kind === "http-body") return e.text;
  if (e.kind === "sse-event") return e.data;
  return undefined;
}

/** The events that carry a frame, by index: `received` as the decoder rebuilds it when the payload leaves it out. */
function framesFrom(events: WireEvent[]): number[] {
  const out: number[] = [];
  events.forEach((e, i) => {
    if (eventFrame(e) !== undefined) out.push(i);
  });
  return out;
}

/** The payload keeps the reply whole (v1 is frozen); the record points into its events where one carries it. */
function payloadOutcome(x: RecordedExchange): PayloadExchange["outcome"] {
  return x.outcome.kind === "response" ? { kind: "response", frame: replyFrame(x) } : x.outcome;
}

/** A payload's `received` (frames whole) as the record keeps it: each frame that an event carries, in order, as its index. */
function pointedReceived(frames: unknown[], events: WireEvent[]): ReceivedFrame[] {
  let from = 0;
  return frames.map((frame): ReceivedFrame => {
    for (let i = from; i < events.length; i++)
      if (eventFrame(events[i]) !== undefined && same(eventFrame(events[i]), frame)) {
        from = i + 1;
        return i;
      }
    return { frame };
  });
}

/** A reply the payload keeps whole, as the record keeps it: `at` the event that carries it, when one does. */
function pointedOutcome(frame: unknown, received: ReceivedFrame[], events: WireEvent[]): ExchangeOutcome {
  for (let i = received.length - 1; i >= 0; i--) {
    const entry = received[i];
    if (typeof entry === "number" && same(eventFrame(events[entry]), frame)) return { kind: "response", at: entry };
  }
  return { kind: "response", frame };
}

function defaultTransport(target: Target): "stdio" | "http" {
  return target.kind === "http"
    ? "http"
    : target.kind === "stdio" || target.kind === "replay"
      ? "stdio"
      : target.transport;
}

// ---------- compaction (encode) ----------

function compactEvent(e: WireEvent, sent: string, target: Target): CompactEvent {
  // The bridge writes `sent` itself to stdin (and appends the "\n"); only a different line is stored.
  if (e.kind === "stdin") return e.text === sent ? { t: e.t, kind: "stdin" } : e;
  if (e.kind === "http-request") {
    const c: CompactEvent = { ...e };
    if (e.body === sent) delete c.body;
    if (target.kind === "http" && e.url === target.url) delete c.url;
    return c;
  }
  const text = textOf(e);
  if (text !== undefined && (e.kind === "stdout" || e.kind === "sse-event" || e.kind === "http-body")) {
    const derived = derivedFrame(text);
    const frame = eventFrame(e);
    const { notFrame, ...rest } = e;
    void notFrame;
    const c = { ...rest } as CompactEvent & { frame?: unknown; raw?: true };
    if (frame === undefined) {
      if (derived !== undefined) c.raw = true;
    } else if (!same(frame, derived)) c.frame = frame;
    return c;
  }
  return e as CompactEvent;
}

function compactExchange(x: RecordedExchange, stateTarget: Target): PayloadExchange {
  // Derivations use the exchange's own target; it is stored only when it differs from the state's.
  const target = x.target ?? stateTarget;
  const received = receivedFrames(x);
  // A link keeps the frame in `sent` and drops it from the event that carried it (the payload format since v1).
  const sent = sentText(x);
  const out: PayloadExchange = {
    ...x,
    sent,
    received,
    outcome: payloadOutcome(x),
    events: x.events.map((e) => compactEvent(e, sent, target)),
  };
  if (x.target && same(x.target, stateTarget)) delete out.target;
  if (x.transport === defaultTransport(target)) delete out.transport;
  if (x.targetLabel === targetLabel(target)) delete out.targetLabel;
  if (x.timeoutMs === V1_DEFAULTS.timeoutMs) delete out.timeoutMs;
  if (out.events!.length === 0) delete out.events;
  const derivedReceived = framesFrom(x.events).map((i) => eventFrame(x.events[i]));
  if (same(received, derivedReceived)) delete out.received;
  const last = received[received.length - 1];
  // Also with nothing received: a reply-less "response" is what the decoder rebuilds, and written out its missing frame
  // would not read back (a saved session of a hand-made link could then not be restored).
  if (same(out.outcome, { kind: "response", frame: last })) delete out.outcome;
  return out;
}

export function toPayloadV1(state: ShareState): PayloadV1 {
  const p: PayloadV1 = {};
  if (state.title) p.title = state.title;
  if (state.about) p.about = state.about;
  if (!same(state.target, V1_DEFAULTS.target)) p.target = state.target;
  if (state.editor !== V1_DEFAULTS.editor) p.editor = state.editor;
  if (!same(state.capabilities, V1_DEFAULTS.capabilities)) p.capabilities = state.capabilities;
  if (state.protocolVersion !== V1_DEFAULTS.protocolVersion) p.protocolVersion = state.protocolVersion;
  if (state.era !== V1_DEFAULTS.era) p.era = state.era;
  if (state.emulate) p.emulate = state.emulate;
  if (state.exchanges.length > 0) p.exchanges = state.exchanges.map((x) => compactExchange(x, state.target));
  if (state.checks) p.checks = state.checks;
  if (state.omitted.length > 0) p.omitted = state.omitted;
  return p;
}

// ---------- expansion (decode) ----------

function expandEvent(c: CompactEvent, sent: string, target: Target): WireEvent {
  if (c.kind === "stdin") return { t: c.t, kind: "stdin", text: c.text ?? sent };
  if (c.kind === "http-request") {
    const { url, body, ...rest } = c;
    return { ...rest, url: url ?? (target.kind === "http" ? target.url : ""), body: body ?? sent };
  }
  if (c.kind === "stdout" || c.kind === "sse-event" || c.kind === "http-body") {
    // The record keeps the text; its frame is the parse of that text (a frame stored beside it is such a parse).
    const { raw, frame, ...rest } = c as typeof c & { frame?: unknown };
    const event = (raw ? { ...rest, notFrame: true } : rest) as WireEvent;
    return frame === undefined || raw ? event : keepParse(event, frame);
  }
  return c as WireEvent;
}

function expandExchange(c: PayloadExchange, stateTarget: Target): RecordedExchange {
  const target = (c.target as Target | undefined) ?? stateTarget;
  const events = (c.events ?? []).map((e) => expandEvent(e, c.sent, target));
  const received = c.received ? pointedReceived(c.received, events) : framesFrom(events);
  const stored = c.outcome as ExchangeOutcome | undefined;
  const last = received[received.length - 1];
  const outcome: ExchangeOutcome =
    stored === undefined
      ? typeof last === "number"
        ? { kind: "response", at: last }
        : { kind: "response", frame: last?.frame }
      : stored.kind === "response" && "frame" in stored
        ? pointedOutcome(stored.frame, received, events)
        : stored;
  const x: RecordedExchange = {
    ...c,
    transport: c.transport ?? defaultTransport(target),
    targetLabel: c.targetLabel ?? targetLabel(target),
    received,
    outcome,
    events,
    timeoutMs: c.timeoutMs ?? V1_DEFAULTS.timeoutMs,
  };
  return x;
}

export function fromPayloadV1(p: PayloadV1): ShareState {
  const target = (p.target as Target | undefined) ?? structuredClone(V1_DEFAULTS.target);
  const state: ShareState = {
    target,
    editor: p.editor ?? V1_DEFAULTS.editor,
    capabilities: p.capabilities ?? structuredClone(V1_DEFAULTS.capabilities),
    protocolVersion: p.protocolVersion ?? V1_DEFAULTS.protocolVersion,
    era: p.era ?? V1_DEFAULTS.era,
    exchanges: (p.exchanges ?? []).map((x) => expandExchange(x, target)),
    omitted: p.omitted ?? [],
  };
  if (p.emulate) state.emulate = p.emulate;
  if (p.checks) state.checks = p.checks;
  if (p.title) state.title = p.title;
  if (p.about) state.about = p.about;
  return state;
}
