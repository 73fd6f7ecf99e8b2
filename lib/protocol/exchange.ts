/**
 * The exchange record: what happened to one sent frame, event by event, and how it ended. The app's central noun:
 * the bridge builds it, the timeline, share links, the lab, the checks and the client cache store and read it, so
 * change it additively. Pure types; lib/bridge/contract.ts re-exports them.
 */

export type Transport = "stdio" | "http";

/**
 * What every send knows before anything crosses the wire: the one shape the timeline entry, the `send/started`
 * action, the cache hooks, a local answer and the bridge's recorder share. `sent` is the frame text exactly as
 * delivered (after the optional stdio one-lining).
 */
export interface SendHead {
  sendId: string;
  /** Label of the target, e.g. "calendar (stdio)" or "http://127.0.0.1:3001/mcp". */
  targetLabel: string;
  transport: Transport;
  timeoutMs: number;
  /** The frame text exactly as delivered. */
  sent: string;
}

/**
 * One thing that crossed the wire (or happened to the process), in arrival order. `t` = ms since the send began;
 * events marked `unsolicited` arrived between sends and carry a negative `t` (how long before this send).
 */
export type WireEvent =
  /** The line written to the process's stdin; the bridge appends exactly one "\n" after `text`. */
  | { t: number; kind: "stdin"; text: string }
  | {
      t: number;
      kind: "stdout";
      /** One stdout line without its "\n" (decoded as UTF-8; invalid bytes become U+FFFD, see invalidUtf8). */
      text: string;
      parseError?: string;
      notFrame?: true;
      unsolicited?: boolean;
      /** The bytes so far of a line that has no "\n" yet (shown at a timeout or exit), or a line cut at the size limit. */
      partial?: boolean;
      invalidUtf8?: boolean;
    }
  | { t: number; kind: "stderr"; text: string; unsolicited?: boolean }
  | { t: number; kind: "spawn"; pid: number; argv: string[]; cwd?: string }
  | { t: number; kind: "exit"; pid: number; code: number | null; signal: string | null; unsolicited?: boolean }
  | {
      t: number;
      kind: "http-request";
      method: string;
      url: string;
      headers: [string, string][];
      /** Names of headers the bridge added because the frame implied them. */
      added: string[];
      /** Names of headers the HTTP transport itself needs (Host, Content-Length, Connection); also in `headers`. */
      transport?: string[];
      body: string;
    }
  /** `headers` as received: original case and order, repeated headers kept. */
  | { t: number; kind: "http-response"; status: number; statusText: string; headers: [string, string][] }
  | { t: number; kind: "sse-event"; event?: string; id?: string; data: string; parseError?: string; notFrame?: true }
  | { t: number; kind: "http-body"; text: string; parseError?: string; truncated?: boolean; notFrame?: true }
  | { t: number; kind: "note"; text: string };

export type FailureKind =
  | "spawn" // the command could not be started
  | "exit" // the process ended before answering
  | "framing" // stdout carried something that is not a JSON-RPC frame where a reply was expected, or a line too long
  | "timeout" // no reply within timeoutMs
  | "http-status" // the HTTP server answered with a non-2xx status and no JSON-RPC body
  | "network" // connection refused, DNS, reset
  | "size" // a reply exceeded the bridge's size limit
  | "cancelled" // the user cancelled the in-flight request
  | "not-json" // the frame is not JSON and the user did not insist
  | "refused"; // a policy refused it (hosted mode, blocked address, …)

export type ExchangeOutcome =
  /** The reply is the frame of `events[at]`. */
  | { kind: "response"; at: number }
  /** The reply kept whole: no one event carries it (a batch's answers gathered, a local cache answer, past the event cap). */
  | { kind: "response"; frame: unknown }
  | { kind: "notification"; note: string } // a frame without id: no response is expected
  | { kind: "failure"; failure: FailureKind; message: string; stderrTail?: string[] };

export interface Exchange extends Omit<SendHead, "sent"> {
  /** Wall-clock ms epoch at which the bridge began the send. */
  startedAt: number;
  durationMs: number;
  /** The frame text, kept here only when no event carries it whole (nothing crossed the wire, a cut stdin line, a
   *  bodiless HTTP request, a local answer). Read through sentText() and sentFrame(). */
  sent?: string;
  /** Every JSON-RPC frame received during this exchange, in order (notifications, then the response): the index of
   *  the event it came in, or the frame itself when no event carries it. Read through receivedFrames(). */
  received: ReceivedFrame[];
  outcome: ExchangeOutcome;
  events: WireEvent[];
  process?: {
    pid: number;
    fresh: boolean;
    spawnToFirstByteMs?: number;
    exit?: { code: number | null; signal: string | null };
  };
  http?: { status: number; sessionId?: string; contentType?: string };
  /** The request id was reused while another request with it could still be answered: which reply is whose is ambiguous (in words). */
  idReuse?: string;
  /** Set when no bridge was involved: the client cache answered locally (nothing crossed the wire). */
  local?: { kind: "cache"; entryId: string; keyLabel: string; ageMs: number; receivedAt: number };
}

/** Where the record keeps a received frame: the index of the event it came in, or the frame when no event carries it. */
export type ReceivedFrame = number | { frame: unknown };

/*
 * Reading a frame out of the record goes through these accessors, so where the record keeps a frame is known to one
 * file. The record keeps each frame once: as the text of the event it came in (a stdout line, an SSE event's data,
 * an HTTP body); `received` and a "response" outcome point into the events. Each text is parsed at most once per
 * event object (the bridge hands its parse over with keepParse, so it never parses twice either).
 */

const parses = new WeakMap<WireEvent, unknown>();

/** The text an event's frame is the parse of: a stdout line, an SSE event's data, an HTTP body. */
export function frameText(event: WireEvent): string | undefined {
  if (event.kind === "stdout" || event.kind === "http-body") return event.text;
  if (event.kind === "sse-event") return event.data;
  return undefined;
}

/** Hands over the parse of the event's text that was made where the text arrived (so it is not parsed again). */
export function keepParse<E extends WireEvent>(event: E, frame: unknown): E {
  parses.set(event, frame);
  return event;
}

/** The frame a stdout line, an SSE event or an HTTP body parsed to; undefined for other events and for text that is not JSON. */
export function eventFrame(event: WireEvent): unknown {
  if (parses.has(event)) return parses.get(event);
  const text = frameText(event);
  if (text === undefined || text === "" || ("parseError" in event && event.parseError !== undefined)) return undefined;
  if ("notFrame" in event && event.notFrame) return undefined;
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    frame = undefined;
  }
  parses.set(event, frame);
  return frame;
}

/** The reply a "response" outcome carries (an array for a batch); undefined for a notification or a failure. */
export function replyFrame(exchange: { outcome: { kind: string }; events?: readonly WireEvent[] }): unknown {
  const outcome = exchange.outcome as ExchangeOutcome;
  if (outcome.kind !== "response") return undefined;
  if ("at" in outcome) {
    const event = exchange.events?.[outcome.at];
    return event === undefined ? undefined : eventFrame(event);
  }
  return outcome.frame;
}

/** Every JSON-RPC frame received during the exchange, in arrival order (notifications, then the reply). */
export function receivedFrames(exchange: {
  received: readonly ReceivedFrame[];
  events?: readonly WireEvent[];
}): unknown[] {
  return exchange.received.map((entry) => {
    if (typeof entry !== "number") return entry.frame;
    const event = exchange.events?.[entry];
    return event === undefined ? undefined : eventFrame(event);
  });
}

/*
 * The sent frame is kept once too: as the text of the event it went out in (the stdin line, the HTTP request's body);
 * `sent` is kept on the record only when no event carries it whole. Its parse rides along in memory (keepSentParse).
 */

const sentParses = new WeakMap<object, unknown>();

type SentRecord = { sent?: string; events?: readonly WireEvent[] };

/** The event the sent frame went out in, whole: the stdin line or the HTTP request's body that is `text`. */
function sentEvent(events: readonly WireEvent[] | undefined, text?: string): WireEvent | undefined {
  return events?.find(
    (e) =>
      (e.kind === "stdin" && (text === undefined || e.text === text)) ||
      (e.kind === "http-request" && e.body !== "" && (text === undefined || e.body === text)),
  );
}

/** The frame text exactly as delivered: the stdin line or HTTP body it went out in, or `sent` when no event carries it. */
export function sentText(exchange: SentRecord): string {
  if (exchange.sent !== undefined) return exchange.sent;
  const event = sentEvent(exchange.events);
  if (event?.kind === "stdin") return event.text;
  if (event?.kind === "http-request") return event.body;
  return "";
}

/** The parsed sent frame; undefined when the text is not JSON. Parsed at most once per record (or handed over). */
export function sentFrame(exchange: SentRecord): unknown {
  // A record an older build kept in memory or saved (the Lab's last run) may still carry its parse as `sentFrame`.
  const old = (exchange as { sentFrame?: unknown }).sentFrame;
  if (old !== undefined) return old;
  const holder: object = (exchange.sent === undefined ? sentEvent(exchange.events) : undefined) ?? exchange;
  if (sentParses.has(holder)) return sentParses.get(holder);
  let frame: unknown;
  try {
    frame = JSON.parse(sentText(exchange));
  } catch {
    frame = undefined;
  }
  sentParses.set(holder, frame);
  return frame;
}

/**
 * Keeps the sent frame once: drops `sent` (and an old record's `sentFrame`) when an event carries the text whole, and
 * keeps `parse.frame` (the parse made where the frame was read; undefined = not a frame) beside it in memory. For
 * producers and for readers of old records.
 */
export function keepSentOnce<X extends SentRecord>(exchange: X, parse?: { frame: unknown }): Omit<X, "sentFrame"> {
  const { sentFrame: old, ...rest } = exchange as X & { sentFrame?: unknown };
  const event = rest.sent === undefined ? undefined : sentEvent(rest.events, rest.sent);
  if (event) delete rest.sent;
  const holder = event ?? (rest.sent === undefined ? sentEvent(rest.events) : undefined) ?? rest;
  // The producer's parse is the answer, also when it kept the text unparsed (too deep, not JSON).
  if (parse) sentParses.set(holder, parse.frame);
  else if (old !== undefined) sentParses.set(holder, old);
  return rest;
}

/**
 * A JSON.stringify replacer for output that has always shown `sent` and `sentFrame` on each record (the CLI's --json,
 * a public contract): it writes them back beside the record's fields, read through the accessors, at output time.
 */
export function withSentWhole(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // A record (a bridge's, or a link's without its sendId and parse) is the object with events, an outcome and a transport.
  const isRecord =
    Array.isArray(record.events) && typeof record.outcome === "object" && typeof record.transport === "string";
  if (!isRecord || "sentFrame" in record) return value;
  const exchange = record as SentRecord;
  const frame = sentFrame(exchange);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (k === "sent") continue;
    out[k] = v;
    if (k === "transport") out.sent = sentText(exchange);
  }
  if (!("sent" in out)) out.sent = sentText(exchange);
  // Only the bridge's own records carried the parse (a link's recorded exchange never did).
  if (frame !== undefined && typeof record.sendId === "string") out.sentFrame = frame;
  return out;
}

/**
 * Points a record's frames into its events: `received` becomes the index of the event each frame came in (matched by
 * identity with the parse handed over by keepParse, in order), and a reply that one event carries becomes `at`.
 * Frames no event carries stay whole. For producers that hold the parsed frames (the bridge's recorder, a replay).
 */
export function pointIntoEvents(
  events: readonly WireEvent[],
  received: readonly unknown[],
  outcome: ExchangeOutcome,
): { received: ReceivedFrame[]; outcome: ExchangeOutcome } {
  const cameIn = new Map<unknown, number>();
  events.forEach((event, i) => {
    if (!parses.has(event)) return;
    const frame = parses.get(event);
    if (frame !== null && typeof frame === "object" && !cameIn.has(frame)) cameIn.set(frame, i);
  });
  const at = (frame: unknown) => (frame !== null && typeof frame === "object" ? cameIn.get(frame) : undefined);
  const pointed = received.map((frame): ReceivedFrame => at(frame) ?? { frame });
  if (outcome.kind !== "response" || !("frame" in outcome)) return { received: pointed, outcome };
  const replyAt = at(outcome.frame);
  return { received: pointed, outcome: replyAt === undefined ? outcome : { kind: "response", at: replyAt } };
}

/**
 * A record as builds before this one wrote it (`received` as frames, each parsed event with its `frame`): its frames
 * kept whole, which this record reads as it is. For records an earlier build saved outside a link (the Lab's last
 * result in the browser); links and session files have their own reader (lib/share/v1.ts).
 */
export function fromFramesWhole<X extends Pick<Exchange, "received" | "events">>(old: X): X {
  const events = old.events.map((event) => {
    if (!("frame" in event)) return event;
    const { frame, ...rest } = event as WireEvent & { frame?: unknown };
    return frame === undefined ? (rest as WireEvent) : keepParse(rest as WireEvent, frame);
  });
  const received = (old.received as unknown[]).map((frame): ReceivedFrame => ({ frame }));
  return { ...old, events, received };
}
