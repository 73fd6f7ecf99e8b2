/**
 * Reading ttlMs and cacheScope off a result (digest §7). A reading keeps what the server sent and what a
 * client should act on: ttlMs 0, absent (legacy) or negative ⇒ immediately stale; a scope we cannot read
 * ⇒ private, the only choice that never leaks a user's data across authorization contexts.
 */
import { asObject } from "../../protocol/json";

export type TtlReading =
  | { kind: "valid"; raw: number }
  | { kind: "absent" }
  | { kind: "negative"; raw: number }
  /** AMBIG-6: schema.ts says number, schema.json and caching.mdx say integer. Used (floored), but warned. */
  | { kind: "non-integer"; raw: number }
  | { kind: "not-a-number"; raw: unknown };

export type CacheScope = "public" | "private";

export type ScopeReading = { kind: "valid"; raw: CacheScope } | { kind: "absent" } | { kind: "unknown"; raw: unknown };

export interface HintReading {
  ttl: TtlReading;
  scope: ScopeReading;
  /** What a client acts on. */
  effectiveTtlMs: number;
  effectiveScope: CacheScope;
}

export function readTtl(result: unknown): TtlReading {
  const obj = asObject(result);
  if (!obj || !("ttlMs" in obj) || obj.ttlMs === undefined) return { kind: "absent" };
  const raw = obj.ttlMs;
  if (typeof raw !== "number" || !Number.isFinite(raw)) return { kind: "not-a-number", raw };
  if (raw < 0) return { kind: "negative", raw };
  if (!Number.isInteger(raw)) return { kind: "non-integer", raw };
  return { kind: "valid", raw };
}

export function readScope(result: unknown): ScopeReading {
  const obj = asObject(result);
  if (!obj || !("cacheScope" in obj) || obj.cacheScope === undefined) return { kind: "absent" };
  const raw = obj.cacheScope;
  return raw === "public" || raw === "private" ? { kind: "valid", raw } : { kind: "unknown", raw };
}

export function effectiveTtl(ttl: TtlReading): number {
  if (ttl.kind === "valid") return ttl.raw;
  if (ttl.kind === "non-integer") return Math.floor(ttl.raw);
  return 0;
}

export function effectiveScope(scope: ScopeReading): CacheScope {
  return scope.kind === "valid" ? scope.raw : "private";
}

export function readHints(result: unknown): HintReading {
  const ttl = readTtl(result);
  const scope = readScope(result);
  return { ttl, scope, effectiveTtlMs: effectiveTtl(ttl), effectiveScope: effectiveScope(scope) };
}

export function hasAnyHint(result: unknown): boolean {
  const obj = asObject(result);
  return !!obj && ("ttlMs" in obj || "cacheScope" in obj);
}
