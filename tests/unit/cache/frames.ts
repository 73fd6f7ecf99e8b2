/** Frames for the cache tests: real 2026-07-28 shapes (digest §15), built small. */
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
