/**
 * Builds one Exchange record: every event in arrival order with its time since the send began, the frames
 * received, and the outcome. Shared by the stdio and HTTP paths so both produce the same shape.
 */
import { performance } from "node:perf_hooks";
import type { Exchange, ExchangeOutcome, SendHead, WireEvent } from "../contract";
import { LIMITS } from "./limits";

/** A WireEvent without its time; `at` (performance.now() of arrival) may be given for events that came earlier. */
export type WireEventInput = WireEvent extends infer E ? (E extends WireEvent ? Omit<E, "t"> & { at?: number } : never) : never;

export interface ExchangeInit extends SendHead {
  sentFrame?: unknown;
}

export class ExchangeRecorder {
  readonly startedAt = Date.now();
  readonly t0 = performance.now();
  readonly events: WireEvent[] = [];
  readonly received: unknown[] = [];
  process?: Exchange["process"];
  http?: Exchange["http"];
  /** Events and frames past LIMITS.maxEventsPerExchange: counted, not kept (a flood must not exhaust memory). */
  droppedEvents = 0;
  droppedFrames = 0;

  constructor(readonly init: ExchangeInit) {}

  /** Milliseconds since the send began, to 0.1 ms. Events that arrived before the send are negative. */
  elapsed(at: number = performance.now()): number {
    return Math.round((at - this.t0) * 10) / 10;
  }

  add(input: WireEventInput): void {
    if (this.events.length >= LIMITS.maxEventsPerExchange) {
      this.droppedEvents++;
      return;
    }
    const { at, ...rest } = input;
    this.events.push({ ...rest, t: this.elapsed(at) } as WireEvent);
  }

  /** A JSON-RPC frame that arrived (the reply itself is also kept in the outcome). */
  receive(frame: unknown): void {
    if (this.received.length >= LIMITS.maxEventsPerExchange) this.droppedFrames++;
    else this.received.push(frame);
  }

  note(text: string): void {
    this.add({ kind: "note", text });
  }

  finish(outcome: ExchangeOutcome): Exchange {
    if (this.droppedEvents > 0 || this.droppedFrames > 0) {
      // Pushed past the cap on purpose: the reader must learn what is missing.
      this.events.push({
        kind: "note",
        t: this.elapsed(),
        text: `${this.droppedEvents} further events and ${this.droppedFrames} further frames were not recorded (an exchange keeps at most ${LIMITS.maxEventsPerExchange} of each)`,
      });
    }
    const exchange: Exchange = {
      sendId: this.init.sendId,
      startedAt: this.startedAt,
      durationMs: this.elapsed(),
      targetLabel: this.init.targetLabel,
      transport: this.init.transport,
      sent: this.init.sent,
      received: this.received,
      outcome,
      // Events recorded late but stamped with their arrival (spawn, backlog) take their place in time.
      events: [...this.events].sort((a, b) => a.t - b.t),
      timeoutMs: this.init.timeoutMs,
    };
    if (this.init.sentFrame !== undefined) exchange.sentFrame = this.init.sentFrame;
    if (this.process) exchange.process = this.process;
    if (this.http) exchange.http = this.http;
    return exchange;
  }
}

export function failure(failureKind: Extract<ExchangeOutcome, { kind: "failure" }>["failure"], message: string, stderrTail?: string[]): ExchangeOutcome {
  return stderrTail && stderrTail.length > 0 ? { kind: "failure", failure: failureKind, message, stderrTail } : { kind: "failure", failure: failureKind, message };
}
