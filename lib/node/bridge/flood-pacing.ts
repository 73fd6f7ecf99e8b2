import type { IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";
import { LIMITS } from "./limits";
import type { ExchangeRecorder } from "./recorder";

/**
 * A flood's reading pace: once a stream has sent LIMITS.floodEventsBeforePacing events, each chunk is paid for
 * from a budget refilled at LIMITS.floodBytesPerSecond; past it the socket is paused until the budget is back
 * (TCP backpressure then slows the server too). The event loop stays free for other clients' calls however many
 * floods run. The exchange says it was paced.
 */
export class FloodPacing {
  /** Starts empty: a flood gets no burst beyond what it sent before it was recognised. */
  private budget = 0;
  private last = 0;
  private noted = false;
  /** Times the socket was paused (tests and the note read it). */
  pauses = 0;

  constructor(
    private readonly res: IncomingMessage,
    private readonly eventsSoFar: () => number,
    private readonly rec: ExchangeRecorder,
  ) {}

  afterChunk(bytes: number): void {
    if (this.eventsSoFar() < LIMITS.floodEventsBeforePacing) return;
    const now = performance.now();
    if (!this.noted) {
      this.noted = true;
      this.last = now;
      this.rec.note(
        `a flood: after ${LIMITS.floodEventsBeforePacing} events the bridge reads this stream at most ${LIMITS.floodBytesPerSecond / 1024 / 1024} MiB/s, so other calls are not held up`,
        true,
      );
    }
    this.budget =
      Math.min(LIMITS.floodBytesPerSecond / 10, this.budget + ((now - this.last) / 1000) * LIMITS.floodBytesPerSecond) -
      bytes;
    this.last = now;
    if (this.budget >= 0) return;
    this.pauses++;
    this.res.pause();
    const wait = Math.ceil((-this.budget / LIMITS.floodBytesPerSecond) * 1000);
    setTimeout(() => {
      if (!this.res.destroyed) this.res.resume();
    }, wait).unref();
  }
}
