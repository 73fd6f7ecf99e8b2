/**
 * How fast an app may reach the server through the host: a token bucket (a burst, refilled at a steady rate per
 * second) and a cap on calls in flight. Every app request the host relays to the server (tools/call,
 * resources/read, resources/list) passes the gate; a refused one is answered to the app as a JSON-RPC error with the
 * limit in its words, and never reaches the server or the timeline. Pure: the clock is passed in.
 */
export interface AppCallLimits {
  /** Calls added back to the bucket per second. */
  perSecond: number;
  /** The bucket's size: calls an idle app may make at once. */
  burst: number;
  /** Calls waiting for the server at the same time. */
  inFlight: number;
}

/** The limits the Apps tab and the README state. */
export const APP_CALL_LIMITS: AppCallLimits = { perSecond: 5, burst: 10, inFlight: 4 };

export type Admission = { ok: true; done(): void } | { ok: false; reason: string };

export function limitSentence(l: AppCallLimits): string {
  return `the playground relays at most ${l.perSecond} calls per second from an app (bursts of ${l.burst}, ${l.inFlight} at a time)`;
}

export class AppCallGate {
  private tokens: number;
  private last: number;
  private running = 0;
  /** Calls refused so far. */
  refused = 0;

  constructor(
    private readonly now: () => number,
    private readonly limits: AppCallLimits = APP_CALL_LIMITS,
  ) {
    this.tokens = limits.burst;
    this.last = now();
  }

  admit(): Admission {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.last) / 1000) * this.limits.perSecond);
    this.last = t;
    if (this.tokens < 1 || this.running >= this.limits.inFlight) {
      this.refused += 1;
      return { ok: false, reason: `${limitSentence(this.limits)}; this call was refused` };
    }
    this.tokens -= 1;
    this.running += 1;
    let finished = false;
    return {
      ok: true,
      done: () => {
        if (finished) return;
        finished = true;
        this.running -= 1;
      },
    };
  }
}
