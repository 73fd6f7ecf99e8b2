/**
 * Per-client rate and concurrency limits for hosted mode: an in-memory token bucket and an in-flight count
 * per client key (the token holder + remote address). Nothing here is user state: a bucket is forgotten once
 * it is idle and full, and the table never holds more than `maxClients` entries, so memory stays bounded
 * whatever keys a caller invents. Each instance behind a load balancer limits on its own.
 */
import { performance } from "node:perf_hooks";
import { releaseOnce } from "@/lib/node/bridge/release";

export interface ClientLimitSettings {
  /** Calls a client may make at once before it has to wait for the bucket to refill. */
  burst: number;
  /** Tokens added back per second (the sustained rate). */
  refillPerSecond: number;
  /** Bridge calls of one client in flight at once. */
  maxConcurrent: number;
  /** Clients tracked at once; beyond it idle clients are forgotten first, then the least recently seen. */
  maxClients: number;
}

interface Bucket {
  tokens: number;
  at: number;
  inFlight: number;
}

export type ClientAdmission =
  { ok: true; release: () => void } | { ok: false; message: string; retryAfterSeconds: number };

export class ClientLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly settings: ClientLimitSettings,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get trackedClients(): number {
    return this.buckets.size;
  }

  private bucketOf(key: string): Bucket {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key); // re-insert: Map order is then least recently seen first
      bucket.tokens = Math.min(
        this.settings.burst,
        bucket.tokens + ((now - bucket.at) / 1000) * this.settings.refillPerSecond,
      );
      bucket.at = now;
    } else {
      bucket = { tokens: this.settings.burst, at: now, inFlight: 0 };
      this.evictFor(1);
    }
    this.buckets.set(key, bucket);
    return bucket;
  }

  private evictFor(incoming: number): void {
    if (this.buckets.size + incoming <= this.settings.maxClients) return;
    for (const [key, bucket] of this.buckets) {
      if (this.buckets.size + incoming <= this.settings.maxClients) return;
      if (bucket.inFlight === 0) this.buckets.delete(key);
    }
    // Every tracked client has a call in flight (at most maxConcurrentSends of them can): drop the oldest anyway.
    for (const key of this.buckets.keys()) {
      if (this.buckets.size + incoming <= this.settings.maxClients) return;
      this.buckets.delete(key);
    }
  }

  /** Takes one token and one in-flight slot, or says when to come back. Call release() when the call ends. */
  admit(key: string): ClientAdmission {
    const bucket = this.bucketOf(key);
    const { burst, refillPerSecond, maxConcurrent } = this.settings;
    if (bucket.inFlight >= maxConcurrent) {
      return {
        ok: false,
        retryAfterSeconds: 1,
        message: `${maxConcurrent} of your calls are already in flight; wait for one to finish (hosted mode limits each client)`,
      };
    }
    if (bucket.tokens < 1) {
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond));
      return {
        ok: false,
        retryAfterSeconds,
        message: `too many calls: hosted mode allows bursts of ${burst} and ${refillPerSecond} per second after that; try again in ${retryAfterSeconds} s`,
      };
    }
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    return {
      ok: true,
      release: releaseOnce(() => {
        bucket.inFlight -= 1;
        // Idle and full: nothing worth remembering about this client.
        const refilled = bucket.tokens + ((this.now() - bucket.at) / 1000) * refillPerSecond;
        if (bucket.inFlight === 0 && refilled >= burst && this.buckets.get(key) === bucket) this.buckets.delete(key);
      }),
    };
  }
}
