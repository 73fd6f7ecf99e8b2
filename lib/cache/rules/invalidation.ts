/**
 * Which cached entries a server notification makes stale (digest §7 "Notifications", §8.1): list_changed
 * for the matching list (every page), resources/updated for reads of that uri. A resources/list_changed
 * also covers resources/templates/list: the spec has no separate templates notification.
 */
import { asObject } from "../../protocol/json";
import type { CacheableMethod } from "./methods";

export interface InvalidationTarget {
  /** The notification method, for "invalidated by …". */
  by: string;
  methods: CacheableMethod[];
  /** resources/updated: only reads of this uri (or of a directory-like parent that contains it). */
  uri?: string;
}

const LIST_CHANGED: Record<string, CacheableMethod[]> = {
  "notifications/tools/list_changed": ["tools/list"],
  "notifications/prompts/list_changed": ["prompts/list"],
  "notifications/resources/list_changed": ["resources/list", "resources/templates/list"],
};

export function invalidationTarget(notification: unknown): InvalidationTarget | undefined {
  const frame = asObject(notification);
  const method = frame?.method;
  if (typeof method !== "string" || "id" in (frame ?? {})) return undefined;
  if (method in LIST_CHANGED) return { by: method, methods: LIST_CHANGED[method] };
  if (method === "notifications/resources/updated") {
    const uri = asObject(frame?.params)?.uri;
    if (typeof uri !== "string") return undefined;
    return { by: `${method} ${uri}`, methods: ["resources/read"], uri };
  }
  return undefined;
}

/** A read of `cached` is affected by an update of `updated`: the same uri, or `cached` is a parent path of it. */
export function uriCovers(cached: string, updated: string): boolean {
  if (cached === updated) return true;
  const parent = cached.endsWith("/") ? cached : `${cached}/`;
  return updated.startsWith(parent);
}

export function targetMatches(target: InvalidationTarget, entry: { method: CacheableMethod; uri?: string }): boolean {
  if (!target.methods.includes(entry.method)) return false;
  if (target.uri === undefined) return true;
  return entry.uri !== undefined && uriCovers(entry.uri, target.uri);
}
