/**
 * The send reply on the wire with each received frame once. An Exchange holds a reply up to four times: the line
 * (or body, or SSE data) as text, that text parsed, in `received`, and in the outcome. For server-everything's
 * tools/list that is 29 KB to serialize, send and parse where 9 KB says the same. Packed, an event keeps its text
 * and its parsed copy becomes null; `received` and the outcome name the event their frame came in; the client
 * parses each such text once. JSON.parse of the same text gives the same value, so unpack(pack(x)) equals x
 * (same keys in the same order, and the same frame object shared by the event, `received` and the outcome).
 * Only the page's bridge client asks for it (SendRequest.packed); every other caller gets the Exchange as it is.
 */
import type { Exchange, WireEvent } from "./exchange";

export interface PackedExchange {
  packed: 1;
  /** The exchange with each listed event's `frame`, and the outcome's when outcomeFrom is set, as null. */
  exchange: Exchange;
  /** Events whose frame is JSON.parse of their own text (a stdout line, an HTTP body) or data (an SSE event). */
  framesFromText: number[];
  /** `received`, each entry the index of the event its frame came in, or the frame itself. */
  received: Array<number | { frame: unknown }>;
  /** The outcome's frame is this event's. */
  outcomeFrom?: number;
  /** The outcome's frame is this entry of `received` (a reply kept there but not in an event: past the event cap). */
  outcomeFromReceived?: number;
}

/** The text an event's frame was parsed from. */
function sourceText(event: WireEvent): string | undefined {
  if (event.kind === "stdout" || event.kind === "http-body") return event.text;
  if (event.kind === "sse-event") return event.data;
  return undefined;
}

const frameOf = (event: WireEvent): unknown => (event as { frame?: unknown }).frame;

export function packExchange(exchange: Exchange): PackedExchange {
  const cameIn = new Map<unknown, number>();
  const framesFromText: number[] = [];
  const events = exchange.events.map((event, i) => {
    const frame = frameOf(event);
    // Objects only: a frame is found again by identity (a bare number or string stays where it is).
    if (frame === null || typeof frame !== "object" || sourceText(event) === undefined || cameIn.has(frame))
      return event;
    cameIn.set(frame, i);
    framesFromText.push(i);
    return { ...event, frame: null } as WireEvent;
  });
  const received = exchange.received.map((frame) => (cameIn.has(frame) ? cameIn.get(frame)! : { frame }));
  const { outcome } = exchange;
  const reply =
    outcome.kind === "response" && outcome.frame !== null && typeof outcome.frame === "object"
      ? outcome.frame
      : undefined;
  const outcomeFrom = reply === undefined ? undefined : cameIn.get(reply);
  const inReceived = reply === undefined || outcomeFrom !== undefined ? -1 : exchange.received.indexOf(reply);
  const outcomeFromReceived = inReceived >= 0 ? inReceived : undefined;
  const shared = outcome.kind === "response" && (outcomeFrom !== undefined || outcomeFromReceived !== undefined);
  return {
    packed: 1,
    exchange: { ...exchange, events, received: [], outcome: shared ? { kind: "response", frame: null } : outcome },
    framesFromText,
    received,
    ...(outcomeFrom !== undefined ? { outcomeFrom } : {}),
    ...(outcomeFromReceived !== undefined ? { outcomeFromReceived } : {}),
  };
}

export function unpackExchange(packed: PackedExchange): Exchange {
  const events = packed.exchange.events.slice();
  for (const i of packed.framesFromText) {
    const event = events[i];
    events[i] = { ...event, frame: JSON.parse(sourceText(event) ?? "null") } as WireEvent;
  }
  const frameAt = (i: number) => frameOf(events[i]);
  const received = packed.received.map((entry) => (typeof entry === "number" ? frameAt(entry) : entry.frame));
  const { outcome } = packed.exchange;
  const shared =
    packed.outcomeFrom !== undefined
      ? frameAt(packed.outcomeFrom)
      : packed.outcomeFromReceived !== undefined
        ? received[packed.outcomeFromReceived]
        : undefined;
  return {
    ...packed.exchange,
    events,
    received,
    outcome: shared !== undefined && outcome.kind === "response" ? { ...outcome, frame: shared } : outcome,
  };
}

export function isPackedExchange(value: unknown): value is PackedExchange {
  return value !== null && typeof value === "object" && (value as { packed?: unknown }).packed === 1;
}
