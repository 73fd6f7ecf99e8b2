/**
 * Request ids outstanding on one process. JSON-RPC matches a reply to its request by id alone, so when an id
 * is reused while an earlier request with it may still be answered (in flight in another tab, or timed out
 * with its reply late), a reply cannot say which request it answers. The bridge hands such replies out in send
 * order (the oldest waiting request takes the first reply) and both exchanges say so.
 */
import { LIMITS } from "../limits";

export interface IdClaim {
  readonly id: unknown;
  readonly sentAt: number;
  /** The exchange stopped waiting (timeout, cancel): it is kept for a late reply until this time. */
  abandonedUntil?: number;
  /** Later requests that reused this id while it was outstanding. */
  reusedBy: number;
}

const keyOf = (id: unknown) => JSON.stringify(id);

export class OutstandingIds {
  private readonly byId = new Map<string, IdClaim[]>();
  private count = 0;

  /** Claims remembered (0: no reply needs handing out, the common case). */
  get size(): number {
    return this.count;
  }

  /** A request with this id is written; `earlier` are the claims still outstanding with the same id. */
  open(id: unknown): { claim: IdClaim; earlier: IdClaim[] } {
    const key = keyOf(id);
    const earlier = this.live(key);
    for (const claim of earlier) claim.reusedBy++;
    const claim: IdClaim = { id, sentAt: Date.now(), reusedBy: 0 };
    this.byId.set(key, [...earlier, claim]);
    this.count++;
    if (this.count > LIMITS.maxOutstandingIds) this.evictOldest();
    return { claim, earlier };
  }

  /** A response with this id arrived: the oldest claim still outstanding takes it (undefined: nobody waits). */
  take(id: unknown): IdClaim | undefined {
    const key = keyOf(id);
    const queue = this.live(key);
    const owner = queue.shift();
    if (owner) this.count--;
    if (queue.length > 0) this.byId.set(key, queue);
    else this.byId.delete(key);
    return owner;
  }

  /** The exchange stopped waiting without its reply: a late reply still belongs to it, for a while. */
  abandon(claim: IdClaim): void {
    claim.abandonedUntil = Date.now() + LIMITS.lateReplyWindowMs;
  }

  /** Claims with this key, without those abandoned long enough ago that no late reply is expected any more. */
  private live(key: string): IdClaim[] {
    const queue = this.byId.get(key) ?? [];
    const now = Date.now();
    const live = queue.filter((claim) => claim.abandonedUntil === undefined || claim.abandonedUntil > now);
    this.count -= queue.length - live.length;
    if (live.length !== queue.length) {
      if (live.length > 0) this.byId.set(key, live);
      else this.byId.delete(key);
    }
    return live;
  }

  private evictOldest(): void {
    let oldest: [string, IdClaim] | undefined;
    for (const [key, queue] of this.byId)
      if (queue[0] && (!oldest || queue[0].sentAt < oldest[1].sentAt)) oldest = [key, queue[0]];
    if (oldest) {
      const queue = this.byId.get(oldest[0])!;
      queue.shift();
      if (queue.length === 0) this.byId.delete(oldest[0]);
      this.count--;
    }
  }
}
