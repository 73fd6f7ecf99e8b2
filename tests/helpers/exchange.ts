/**
 * Exchange records for tests, written the way a test thinks of them: events with the frame each one carried,
 * `received` and the reply as frames. exchangeOf stores them as the bridge does (lib/protocol/exchange.ts): each
 * frame once, in its event, with `received` and the reply pointing there; a frame no event carries stays whole.
 */
import { expect } from "vitest";
import type { Exchange, ExchangeOutcome, WireEvent } from "@/lib/bridge/contract";
import { keepParse, keepSentOnce, pointIntoEvents, replyFrame } from "@/lib/protocol/exchange";

/** A wire event as a test writes it: a stdout line, SSE event or HTTP body may name the frame its text parses to. */
export type EventWithFrame = WireEvent & { frame?: unknown };

export type ExchangeWithFrames = Omit<Exchange, "events" | "received" | "outcome"> & {
  /** The sent frame's parse, handed over as the bridge hands its own (kept beside the record, not in it). */
  sentFrame?: unknown;
  events: EventWithFrame[];
  received: unknown[];
  outcome: ExchangeOutcome;
};

/** The event as the record keeps it: its text, the named frame handed over as the text's parse. */
export function recordedEvent(event: EventWithFrame): WireEvent {
  if (!("frame" in event)) return event;
  const { frame, ...rest } = event;
  return frame === undefined ? (rest as WireEvent) : keepParse(rest as WireEvent, frame);
}

export function exchangeOf(x: ExchangeWithFrames): Exchange {
  const { sentFrame, ...rest } = x;
  const events = rest.events.map(recordedEvent);
  const exchange: Exchange = { ...rest, events, ...pointIntoEvents(events, rest.received, rest.outcome) };
  return keepSentOnce(exchange, "sentFrame" in x ? { frame: sentFrame } : undefined);
}

/** The outcome as a test asserts on it: a reply as `{ kind: "response", frame }`, wherever the record keeps it. */
export function readOutcome(x: Pick<Exchange, "outcome" | "events">): ExchangeOutcome {
  return x.outcome.kind === "response" ? { kind: "response", frame: replyFrame(x) } : x.outcome;
}

/** `x` was answered with a JSON-RPC error with this id and code, and this message where one is given. */
export function expectErrorReply(x: Pick<Exchange, "outcome" | "events">, id: number, code: number, message?: unknown) {
  const error = message === undefined ? { code } : { code, message };
  expect(readOutcome(x)).toMatchObject({ kind: "response", frame: { id, error } });
}
