/**
 * The cache key (digest §7): the method plus the params that affect the result — uri for resources/read,
 * cursor for a list page, anything else the server could answer differently to. `_meta` is left out: it
 * carries the protocol envelope, client identity, progress tokens and trace context, none of which the
 * spec counts as selecting a result. (The protocol version and the target partition the cache instead, see
 * store.ts; the authorization context keys private entries, see auth.ts.)
 * MRTR retry fields (inputResponses, requestState) never reach a key: such requests are never cached.
 */
import { asObject, canonicalJson, type JsonObject } from "../../protocol/json";

const NOT_IN_KEY = new Set(["_meta", "inputResponses", "requestState"]);

export function keyParams(params: unknown): JsonObject {
  const obj = asObject(params) ?? {};
  return Object.fromEntries(Object.entries(obj).filter(([k, v]) => !NOT_IN_KEY.has(k) && v !== undefined));
}

export function cacheKey(method: string, params: unknown): string {
  const kept = keyParams(params);
  return Object.keys(kept).length === 0 ? method : `${method} ${canonicalJson(kept)}`;
}

/** The key as a person reads it: "resources/read uri=calendar://week", "tools/list (first page)". */
export function keyLabel(method: string, params: unknown): string {
  const kept = keyParams(params);
  const parts = Object.keys(kept)
    .sort()
    .map((k) => `${k}=${typeof kept[k] === "string" ? kept[k] : canonicalJson(kept[k])}`);
  if (parts.length === 0) return method.endsWith("/list") ? `${method} (first page)` : method;
  return `${method} ${parts.join(" ")}`;
}
