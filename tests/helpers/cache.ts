/** For the cache tests: frames in real 2026-07-28 shapes (digest §15), built small, and the cache's context for each. */
import {
  ANONYMOUS,
  partitionFor,
  store,
  type AuthContext,
  type CacheContext,
  type CacheState,
} from "@/lib/cache/rules";
import { buildEnvelope } from "@/lib/protocol/meta";

export const M = buildEnvelope();
/** meta null: a frame without the envelope (legacy era). */
export function req(
  method: string,
  params: Record<string, unknown> = {},
  id: string | number = 1,
  meta: Record<string, unknown> | null = M,
) {
  return { jsonrpc: "2.0", id, method, params: meta ? { _meta: meta, ...params } : params };
}

export function res(result: Record<string, unknown>, id: string | number = 1) {
  return { jsonrpc: "2.0", id, result };
}

export function hinted(ttlMs: unknown, cacheScope: unknown, extra: Record<string, unknown> = {}) {
  const r: Record<string, unknown> = { resultType: "complete", ...extra };
  if (ttlMs !== undefined) r.ttlMs = ttlMs;
  if (cacheScope !== undefined) r.cacheScope = cacheScope;
  return res(r);
}

export const TARGET = "demo:calendar:http";
export const OTHER_TARGET = "demo:calendar:stdio";

/** The context the cache reads `frame` in: its partition of `target`, who asks, and when. */
export function cacheContext(
  frame: unknown,
  now: number,
  auth: AuthContext = ANONYMOUS,
  target = TARGET,
): CacheContext {
  return { partition: partitionFor(target, frame), auth, now };
}

/** Stores `response` to `request` in the request's own context. */
export function put(
  state: CacheState,
  request: unknown,
  response: unknown,
  now: number,
  auth: AuthContext = ANONYMOUS,
  target = TARGET,
) {
  return store(state, request, response, cacheContext(request, now, auth, target));
}
