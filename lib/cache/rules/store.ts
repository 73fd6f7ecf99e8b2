/**
 * The client cache as an immutable value (so a React reducer, the CLI and the tests share it): lookup
 * before a send, store after a reply, invalidate on a notification. Entries live in a partition — one
 * target and one protocol version — and private entries belong to one authorization context.
 */
import { envelopeVersion } from "../../protocol/meta";
import type { AuthContext } from "./auth";
import { requestCacheability, responseCacheability, type NotCacheableReason } from "./cacheability";
import { freshnessAt, type Clocked, type Freshness } from "./freshness";
import { readHints, type CacheScope, type HintReading } from "./hints";
import { invalidationTarget, targetMatches } from "./invalidation";
import { asObject, type JsonObject } from "../../protocol/json";
import { isPaginatedMethod, type CacheableMethod } from "./methods";
import { hintViolations, pageScopeViolation, type CacheViolation } from "./violations";

export interface CacheEntry extends Clocked {
  id: string;
  partition: string;
  key: string;
  keyLabel: string;
  method: CacheableMethod;
  uri?: string;
  cursor?: string | null;
  hints: HintReading;
  /** The scope acted on (unknown or absent ⇒ private). */
  scope: CacheScope;
  /** Private: the only context that may reuse it. Public: who fetched it (shown, not enforced). */
  auth: AuthContext;
  result: JsonObject;
  /** sendId of the exchange that filled it. */
  source?: string;
  hits: number;
}

export interface CacheState {
  entries: CacheEntry[];
  seq: number;
}

export const EMPTY_CACHE: CacheState = { entries: [], seq: 0 };

export interface CacheContext {
  /** From partitionFor(): one target, one protocol version. */
  partition: string;
  auth: AuthContext;
  now: number;
}

/** A cached 2026-07-28 answer never answers a legacy frame for the same target, and the reverse. */
export function partitionFor(targetKey: string, requestFrame: unknown): string {
  return `${targetKey}#${envelopeVersion(requestFrame) ?? "no-envelope"}`;
}

function inTarget(partition: string, targetKey: string): boolean {
  return partition.startsWith(`${targetKey}#`);
}

function visibleTo(entry: CacheEntry, partition: string, auth: AuthContext): boolean {
  return entry.partition === partition && (entry.scope === "public" || entry.auth.id === auth.id);
}

export type Lookup =
  | { kind: "hit"; entry: CacheEntry; ageMs: number; remainingMs: number }
  | { kind: "stale"; entry: CacheEntry; freshness: Freshness }
  | {
      kind: "miss";
      key: string;
      keyLabel: string;
      /** Private copies held for other contexts (a gateway must not use them). */ othersPrivate: CacheEntry[];
    }
  | { kind: "bypass"; reason: NotCacheableReason; explanation: string };

export function lookup(state: CacheState, requestFrame: unknown, ctx: CacheContext): Lookup {
  const req = requestCacheability(requestFrame);
  if (!req.ok) return { kind: "bypass", reason: req.reason, explanation: req.explanation };
  const sameKey = state.entries.filter((e) => e.partition === ctx.partition && e.key === req.request.key);
  const visible = sameKey
    .filter((e) => visibleTo(e, ctx.partition, ctx.auth))
    .sort((a, b) => b.receivedAt - a.receivedAt);
  if (visible.length === 0) {
    return {
      kind: "miss",
      key: req.request.key,
      keyLabel: req.request.keyLabel,
      othersPrivate: sameKey.filter((e) => e.scope === "private"),
    };
  }
  for (const entry of visible) {
    const f = freshnessAt(entry, ctx.now);
    if (f.state === "fresh") return { kind: "hit", entry, ageMs: f.ageMs, remainingMs: f.remainingMs };
  }
  return { kind: "stale", entry: visible[0], freshness: freshnessAt(visible[0], ctx.now) };
}

/** The reply a cache gives: the stored result under the new request's id. */
export function answerFromCache(
  entry: CacheEntry,
  requestId: string | number,
): { jsonrpc: "2.0"; id: string | number; result: JsonObject } {
  return { jsonrpc: "2.0", id: requestId, result: entry.result };
}

export function markServed(state: CacheState, entryId: string): CacheState {
  return { ...state, entries: state.entries.map((e) => (e.id === entryId ? { ...e, hits: e.hits + 1 } : e)) };
}

export type StoreOutcome =
  | { state: CacheState; stored: true; entry: CacheEntry; violations: CacheViolation[] }
  | {
      state: CacheState;
      stored: false;
      reason: NotCacheableReason | "cursor-invalid";
      explanation: string;
      violations: CacheViolation[];
      dropped: number;
    };

function isInvalidCursorError(requestFrame: unknown, responseFrame: unknown): boolean {
  const req = asObject(requestFrame);
  const params = asObject(req?.params);
  const code = asObject(asObject(responseFrame)?.error)?.code;
  return isPaginatedMethod(req?.method) && typeof params?.cursor === "string" && code === -32602;
}

export function store(
  state: CacheState,
  requestFrame: unknown,
  responseFrame: unknown,
  ctx: CacheContext,
  source?: string,
): StoreOutcome {
  const violations = hintViolations(requestFrame, responseFrame);
  if (isInvalidCursorError(requestFrame, responseFrame)) {
    // Digest §7: if a cursor becomes invalid, drop every cached page of that list and start again.
    const method = asObject(requestFrame)?.method;
    const kept = state.entries.filter((e) => !(visibleTo(e, ctx.partition, ctx.auth) && e.method === method));
    return {
      state: { ...state, entries: kept },
      stored: false,
      reason: "cursor-invalid",
      explanation: `The server rejected the cursor: every cached page of ${String(method)} was dropped; refetch from the first page.`,
      violations,
      dropped: state.entries.length - kept.length,
    };
  }
  const c = responseCacheability(requestFrame, responseFrame);
  if (!c.ok) return { state, stored: false, reason: c.reason, explanation: c.explanation, violations, dropped: 0 };

  const hints = readHints(c.result);
  const { request } = c;
  const entry: CacheEntry = {
    id: `c${state.seq + 1}`,
    partition: ctx.partition,
    key: request.key,
    keyLabel: request.keyLabel,
    method: request.method,
    ...(request.uri !== undefined && { uri: request.uri }),
    ...(request.cursor !== undefined && { cursor: request.cursor }),
    hints,
    scope: hints.effectiveScope,
    auth: ctx.auth,
    receivedAt: ctx.now,
    ttlMs: hints.effectiveTtlMs,
    result: c.result,
    ...(source !== undefined && { source }),
    hits: 0,
  };
  // The new answer replaces whatever this context could see under the same key (public or its own private).
  const rest = state.entries.filter((e) => !(e.key === entry.key && visibleTo(e, ctx.partition, ctx.auth)));
  if (isPaginatedMethod(entry.method)) {
    const pages = rest.filter((e) => e.method === entry.method && visibleTo(e, ctx.partition, ctx.auth));
    const v = pageScopeViolation(
      entry.method,
      { cursor: entry.cursor ?? null, scope: entry.scope },
      pages.map((p) => ({ cursor: p.cursor ?? null, scope: p.scope })),
    );
    if (v) violations.push(v);
  }
  return { state: { entries: [...rest, entry], seq: state.seq + 1 }, stored: true, entry, violations };
}

/** Marks every fresh entry of the target (any protocol version, any context) that the notification concerns as stale now. */
export function invalidate(
  state: CacheState,
  targetKey: string,
  notification: unknown,
  now: number,
): { state: CacheState; invalidated: CacheEntry[] } {
  const target = invalidationTarget(notification);
  if (!target) return { state, invalidated: [] };
  const invalidated: CacheEntry[] = [];
  const entries = state.entries.map((e) => {
    if (!inTarget(e.partition, targetKey) || !targetMatches(target, e) || freshnessAt(e, now).state !== "fresh")
      return e;
    const next = { ...e, invalidated: { at: now, by: target.by } };
    invalidated.push(next);
    return next;
  });
  return { state: invalidated.length ? { ...state, entries } : state, invalidated };
}

export function removeEntry(state: CacheState, entryId: string): CacheState {
  return { ...state, entries: state.entries.filter((e) => e.id !== entryId) };
}
