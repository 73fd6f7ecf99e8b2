/**
 * Builds one Exchange record: every event in arrival order with its time since the send began, the frames
 * received, and the outcome. Shared by the stdio and HTTP paths so both produce the same shape.
 */
import { performance } from "node:perf_hooks";
import type { Exchange, ExchangeOutcome, SendHead, WireEvent } from "@/lib/bridge/contract";
import { keepParse, keepSentOnce, pointIntoEvents } from "@/lib/protocol/exchange";
import { LIMITS } from "./limits";

/**
 * A WireEvent without its time; `at` (performance.now() of arrival) may be given for events that came earlier.
 * `frame`: the parse of the event's text, made where it arrived; the record keeps the text, the parse rides along
 * in memory (keepParse) and is not stored.
 */
export type WireEventInput = WireEvent extends infer E
  ? E extends WireEvent
    ? Omit<E, "t"> & { at?: number; frame?: unknown }
    : never
  : never;

/** The event as the record keeps it (its time set, its parse handed to keepParse, not stored in it). */
export function recordedEvent(input: WireEventInput, t: number): WireEvent {
  const { at, frame, ...rest } = input;
  void at;
  const event = { ...rest, t } as WireEvent;
  return frame === undefined ? event : keepParse(event, frame);
}

export interface ExchangeInit extends SendHead {
  /** The send path's one parse of `sent` (undefined: kept as text), handed to the record in memory, not stored. */
  sentFrame?: unknown;
}

export class ExchangeRecorder {
  readonly startedAt = Date.now();
  readonly t0 = performance.now();
  readonly events: WireEvent[] = [];
  readonly received: unknown[] = [];
  process?: Exchange["process"];
  http?: Exchange["http"];
  idReuse?: string;
  /** Events and frames past LIMITS.maxEventsPerExchange: counted, not kept (a flood must not exhaust memory). */
  droppedEvents = 0;
  droppedFrames = 0;
  /** Estimated bytes kept (see keptSize) and events cut to their head past LIMITS.maxRecordedBytesPerExchange. */
  keptBytes = 0;
  cutEvents = 0;
  private lastAddCut = false;

  constructor(readonly init: ExchangeInit) {}

  /** Milliseconds since the send began, to 0.1 ms. Events that arrived before the send are negative. */
  elapsed(at: number = performance.now()): number {
    return Math.round((at - this.t0) * 10) / 10;
  }

  /** `always`: kept even past the event cap (a note that says what the record lacks). */
  add(input: WireEventInput, always = false): void {
    if (this.events.length >= LIMITS.maxEventsPerExchange && !always) {
      this.droppedEvents++;
      return;
    }
    const size = keptSize(input);
    let event = recordedEvent(input, this.elapsed(input.at));
    this.lastAddCut = this.keptBytes + size > LIMITS.maxRecordedBytesPerExchange;
    if (this.lastAddCut) {
      event = cutToHead(event);
      this.cutEvents++;
    }
    this.keptBytes += this.lastAddCut ? keptSize(event) : size;
    this.events.push(event);
  }

  /** A JSON-RPC frame that arrived, just after the event it came in (finish points `received` into the events). */
  receive(frame: unknown): void {
    // The event this frame came in (added just before) was cut to its head: the frame is not kept here either.
    if (this.lastAddCut) return;
    if (this.received.length >= LIMITS.maxEventsPerExchange) this.droppedFrames++;
    else this.received.push(frame);
  }

  /** `always`: a note that explains what the record lacks is kept even past the event cap. */
  note(text: string, always = false): void {
    this.add({ kind: "note", text }, always);
  }

  finish(outcome: ExchangeOutcome): Exchange {
    if (this.cutEvents > 0) {
      this.events.push({
        kind: "note",
        t: this.elapsed(),
        text: `${this.cutEvents} events kept only their first ${CUT_HEAD_CHARS} characters, and no frame: an exchange record keeps at most ${LIMITS.maxRecordedBytesPerExchange} bytes of text and frames`,
      });
    }
    if (this.droppedEvents > 0 || this.droppedFrames > 0) {
      // Pushed past the cap on purpose: the reader must learn what is missing.
      this.events.push({
        kind: "note",
        t: this.elapsed(),
        text: `${this.droppedEvents} further events and ${this.droppedFrames} further frames were not recorded (an exchange keeps at most ${LIMITS.maxEventsPerExchange} of each)`,
      });
    }
    // Events recorded late but stamped with their arrival (spawn, backlog) take their place in time.
    const events = [...this.events].sort((a, b) => a.t - b.t);
    // Each frame is kept once, in the event it came in: `received` and the reply point there.
    const pointed = pointIntoEvents(events, this.received, outcome);
    const exchange: Exchange = {
      sendId: this.init.sendId,
      startedAt: this.startedAt,
      durationMs: this.elapsed(),
      targetLabel: this.init.targetLabel,
      transport: this.init.transport,
      sent: this.init.sent,
      received: pointed.received,
      outcome: pointed.outcome,
      events,
      timeoutMs: this.init.timeoutMs,
    };
    if (this.process) exchange.process = this.process;
    if (this.http) exchange.http = this.http;
    if (this.idReuse) exchange.idReuse = this.idReuse;
    // The sent frame is kept once: in the event it went out in, when one carries it whole; its parse rides along.
    return keepSentOnce(exchange, { frame: this.init.sentFrame });
  }
}

const CUT_HEAD_CHARS = 4096;

/** The text an event carries (a line, an SSE data field, a body); its parse, held in memory, counts twice more. */
function keptSize(event: WireEventInput): number {
  const text = "text" in event ? event.text : "data" in event ? event.data : "body" in event ? event.body : "";
  return text.length * ("frame" in event && event.frame !== undefined ? 3 : 1) + 64;
}

function cutToHead(event: WireEvent): WireEvent {
  const cut = (text: string) =>
    `cut: only the first ${CUT_HEAD_CHARS} of ${text.length} characters are kept (the exchange record is full)`;
  switch (event.kind) {
    // A new event object: the parse handed over for the whole text does not follow the cut.
    case "stdout":
      return { ...event, text: event.text.slice(0, CUT_HEAD_CHARS), parseError: cut(event.text) };
    case "sse-event":
      return { ...event, data: event.data.slice(0, CUT_HEAD_CHARS), parseError: cut(event.data) };
    case "http-body":
      return { ...event, text: event.text.slice(0, CUT_HEAD_CHARS), parseError: cut(event.text), truncated: true };
    case "stderr":
    case "stdin":
    case "note":
      return { ...event, text: event.text.slice(0, CUT_HEAD_CHARS) };
    default:
      return event;
  }
}

export function failure(
  failureKind: Extract<ExchangeOutcome, { kind: "failure" }>["failure"],
  message: string,
  stderrTail?: string[],
): ExchangeOutcome {
  return stderrTail && stderrTail.length > 0
    ? { kind: "failure", failure: failureKind, message, stderrTail }
    : { kind: "failure", failure: failureKind, message };
}
