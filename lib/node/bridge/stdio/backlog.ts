/**
 * The events a stdio process keeps while nobody listens, bounded by count and by bytes; the next exchange takes them
 * as unsolicited, and a restarted process inherits its predecessor's.
 */
import { LIMITS } from "../limits";
import { heldBytes, type Backlog, type ProcessEvent } from "./events";

export class HeldEvents {
  private events: ProcessEvent[] = [];
  private dropped = 0;
  private bytes = 0;

  get length(): number {
    return this.events.length;
  }

  keep(event: ProcessEvent): void {
    if (event.kind === "skipped") return void (this.dropped += event.lines);
    this.events.push(event);
    this.bytes += heldBytes(event);
    // Bounded by count and by bytes: a few huge lines between sends must not pile up (60 × 7 MiB did).
    while (
      this.events.length > LIMITS.maxUnsolicitedEvents ||
      (this.bytes > LIMITS.maxUnsolicitedBytes && this.events.length > 1)
    ) {
      this.bytes -= heldBytes(this.events.shift()!);
      this.dropped++;
    }
  }

  take(): Backlog {
    const taken = { events: this.events, dropped: this.dropped, bytes: this.bytes };
    this.events = [];
    this.dropped = 0;
    this.bytes = 0;
    return taken;
  }

  /** What a previous process of the same target said before it died goes first. */
  inherit(taken: Backlog): void {
    this.events.unshift(...taken.events);
    this.dropped += taken.dropped;
    this.bytes += taken.bytes;
  }
}
