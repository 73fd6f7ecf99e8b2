/**
 * Fair reading of floods (issue 26, item 5). A stream that has sent LIMITS.floodEventsBeforePacing events is a flood;
 * from then on every chunk the bridge reads of it is paid for from its client's share, which all that client's
 * floods draw on together: LIMITS.floodBytesPerSecond of bytes and LIMITS.floodReadMsPerSecond of the event loop's
 * time per second (what the reading really cost, measured, so cheap bytes that are costly to parse are paced too).
 * Past the share the stream's socket is paused until the share is back (TCP backpressure then slows the server).
 * Four floods from one client therefore cost what one does, and other clients' calls keep their turns.
 * A client is hosted mode's client key (token holder and address); elsewhere everything is one client.
 */
import type { Readable } from "node:stream";
import { performance } from "node:perf_hooks";
import { LIMITS } from "./limits";
import type { WireEvent } from "@/lib/bridge/contract";
import type { ExchangeRecorder } from "./recorder";

/** What one client may still spend, refilled with time; negative is debt its streams wait out. */
interface Share {
  bytes: number;
  ms: number;
  last: number;
  streams: number;
}

const shares = new Map<string, Share>();
/** Who pays when the caller names no client (local mode, the CLI, tests). */
export const LOCAL_CLIENT = "this playground";

function shareOf(client: string): Share {
  let share = shares.get(client);
  if (!share) {
    // A share starts empty: a flood gets no burst beyond what it sent before it was recognised.
    share = { bytes: 0, ms: 0, last: performance.now(), streams: 0 };
    shares.set(client, share);
  }
  return share;
}

/** Clients whose floods are being read right now (tests read it to see that shares are given back). */
export function floodingClients(): number {
  return shares.size;
}

/**
 * The reading gate of one stream: it is paused while any reason holds it (the client's share is spent, or the
 * reader is yielding the event loop mid-chunk), and flows again once none does.
 */
export class ReadGate {
  private readonly reasons = new Set<string>();
  constructor(private readonly stream: Readable) {}
  hold(reason: string): void {
    if (this.reasons.size === 0) this.stream.pause();
    this.reasons.add(reason);
  }
  release(reason: string): void {
    if (!this.reasons.delete(reason) || this.reasons.size > 0 || this.stream.destroyed) return;
    this.stream.resume();
  }
}

export class FloodPacing {
  private share: Share | undefined;
  private timer: NodeJS.Timeout | undefined;
  private note: Extract<WireEvent, { kind: "note" }> | undefined;
  /** Times the stream was paused for its client's share: because of the time its reading took, or of its bytes. */
  readonly pauses = { time: 0, bytes: 0 };

  constructor(
    private readonly gate: ReadGate,
    private readonly eventsSoFar: () => number,
    private readonly rec: ExchangeRecorder,
    private readonly client: string = LOCAL_CLIENT,
  ) {}

  /** After reading `bytes` that took `ms` of the event loop: pays for them once the stream is a flood. */
  afterChunk(bytes: number, ms: number): void {
    if (this.eventsSoFar() < LIMITS.floodEventsBeforePacing) return;
    const now = performance.now();
    if (!this.share) {
      // Noted where the flood was recognised (a record past its cap keeps it); how often it paused is added at the end.
      this.rec.note(this.noteText(), true);
      const last = this.rec.events.at(-1);
      this.note = last?.kind === "note" ? last : undefined;
      this.share = shareOf(this.client);
      this.share.streams++;
    }
    const share = this.share;
    const seconds = (now - share.last) / 1000;
    share.last = now;
    // At most a tenth of a second's share is saved up, so a paused flood cannot come back with a burst.
    share.bytes = Math.min(LIMITS.floodBytesPerSecond / 10, share.bytes + seconds * LIMITS.floodBytesPerSecond) - bytes;
    share.ms = Math.min(LIMITS.floodReadMsPerSecond / 10, share.ms + seconds * LIMITS.floodReadMsPerSecond) - ms;
    const forBytes = share.bytes < 0 ? (-share.bytes / LIMITS.floodBytesPerSecond) * 1000 : 0;
    const forTime = share.ms < 0 ? (-share.ms / LIMITS.floodReadMsPerSecond) * 1000 : 0;
    const wait = Math.max(forBytes, forTime);
    if (wait <= 0 || this.timer) return;
    this.pauses[forTime >= forBytes ? "time" : "bytes"]++;
    this.gate.hold("share");
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.gate.release("share");
    }, Math.ceil(wait));
    this.timer.unref();
  }

  private noteText(): string {
    const { time, bytes } = this.pauses;
    return `a flood: after ${LIMITS.floodEventsBeforePacing} events the bridge reads this stream, together with this client's other floods, at most ${LIMITS.floodBytesPerSecond / 1024 / 1024} MiB/s and ${LIMITS.floodReadMsPerSecond} ms of its time per second, so other calls are not held up; it paused reading ${time + bytes} times: ${time} for the time its reading took, ${bytes} for its bytes`;
  }

  /** The exchange ends: the flood's note says how often the reading paused (still one event in the record). */
  finishNote(): void {
    if (this.note) this.note.text = this.noteText();
  }

  /** The stream is over: its share is given back once none of the client's floods is read any more. */
  end(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const share = this.share;
    this.share = undefined;
    if (share && --share.streams === 0 && shares.get(this.client) === share) shares.delete(this.client);
  }
}
