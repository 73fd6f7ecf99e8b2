/**
 * Freshness with an injected clock (digest §7): fresh while now < t_received + ttlMs; ttlMs 0 (also absent
 * or negative, already mapped to 0 by hints.ts) is stale from the moment it arrives; a relevant notification
 * makes a fresh entry stale at once.
 */
export interface Clocked {
  receivedAt: number;
  ttlMs: number;
  invalidated?: { at: number; by: string };
}

export type Freshness =
  | {
      state: "fresh";
      ageMs: number;
      remainingMs: number;
      /** 1 at receipt → 0 at expiry, for the bar. */ fraction: number;
    }
  | {
      state: "stale";
      ageMs: number;
      why: "ttl-zero" | "expired" | "invalidated";
      /** Set when why = invalidated. */ by?: string;
    };

export function freshnessAt(entry: Clocked, now: number): Freshness {
  const ageMs = Math.max(0, now - entry.receivedAt);
  if (entry.invalidated) return { state: "stale", ageMs, why: "invalidated", by: entry.invalidated.by };
  if (entry.ttlMs <= 0) return { state: "stale", ageMs, why: "ttl-zero" };
  const remainingMs = entry.receivedAt + entry.ttlMs - Math.max(now, entry.receivedAt);
  if (remainingMs <= 0) return { state: "stale", ageMs, why: "expired" };
  return { state: "fresh", ageMs, remainingMs, fraction: remainingMs / entry.ttlMs };
}

export function isFresh(entry: Clocked, now: number): boolean {
  return freshnessAt(entry, now).state === "fresh";
}
