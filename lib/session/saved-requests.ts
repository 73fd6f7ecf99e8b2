/**
 * Saved requests, history and collections (issue 27 item 10), as pure data: a named frame kept with the target it
 * was written for, searched, run again; collections of saved frames run in order. The page keeps the store in
 * localStorage (components/saved); a collection travels in a link (lib/share/collection-link.ts). Bounded: at most
 * MAX_REQUESTS requests, MAX_COLLECTIONS collections, MAX_FRAME_CHARS per frame.
 */
import type { Exchange, Target } from "../bridge/contract";
import { TargetSchema } from "../bridge/contract";
import { targetKey, targetLabel } from "../bridge/target";
import { englishT, type Translate } from "../i18n/translate";
import { asObject, tryParseJson } from "../protocol/json";
import type { TimelineEntry } from "./state";
import { replyFrame } from "../protocol/exchange";

export const SAVED_REQUESTS_KEY = "mcp-playground/saved-requests";
export const SAVED_REQUESTS_FORMAT = "mcp-playground/saved-requests";
export const MAX_REQUESTS = 500;
export const MAX_COLLECTIONS = 50;
export const MAX_COLLECTION_ITEMS = 100;
export const MAX_FRAME_CHARS = 64_000;
export const MAX_NAME_CHARS = 120;

export interface SavedRequest {
  id: string;
  name: string;
  /** The frame text exactly as saved. */
  frame: string;
  target: Target;
  savedAt: number;
}

export interface Collection {
  id: string;
  name: string;
  /** Saved request ids, in run order. */
  items: string[];
}

export interface SavedStore {
  requests: SavedRequest[];
  collections: Collection[];
}

export const EMPTY_STORE: SavedStore = { requests: [], collections: [] };

export type Change = { ok: true; store: SavedStore } | { ok: false; error: string };

/** The method a frame names ("tools/call create_event" for a call), or "not JSON". */
export function frameSummary(frame: string): string {
  const obj = asObject(tryParseJson(frame));
  if (!obj) return "not JSON";
  const method = typeof obj.method === "string" ? obj.method : "(no method)";
  const name = asObject(obj.params)?.name;
  return typeof name === "string" && method === "tools/call" ? `${method} ${name}` : method;
}

/** A target without the values of its environment variables (keys kept): a saved store or a link holds no secrets. */
export function withoutEnvValues(target: Target): Target {
  if (target.kind !== "stdio" || !target.env) return target;
  return { ...target, env: Object.fromEntries(Object.keys(target.env).map((k) => [k, ""])) };
}

function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, " ").slice(0, MAX_NAME_CHARS);
}

export function saveRequest(
  store: SavedStore,
  input: { id: string; name: string; frame: string; target: Target; now: number },
  t: Translate = englishT,
): Change {
  const name = cleanName(input.name) || frameSummary(input.frame);
  if (input.frame.length > MAX_FRAME_CHARS)
    return {
      ok: false,
      error: t("saved.errors.frameTooLong", { chars: input.frame.length, max: MAX_FRAME_CHARS }),
    };
  if (store.requests.length >= MAX_REQUESTS)
    return { ok: false, error: t("saved.errors.tooManyFrames", { max: MAX_REQUESTS }) };
  const request: SavedRequest = {
    id: input.id,
    name,
    frame: input.frame,
    target: withoutEnvValues(input.target),
    savedAt: input.now,
  };
  return { ok: true, store: { ...store, requests: [...store.requests, request] } };
}

export function deleteRequest(store: SavedStore, id: string): SavedStore {
  return {
    requests: store.requests.filter((r) => r.id !== id),
    collections: store.collections.map((c) => ({ ...c, items: c.items.filter((i) => i !== id) })),
  };
}

export function createCollection(
  store: SavedStore,
  input: { id: string; name: string },
  t: Translate = englishT,
): Change {
  const name = cleanName(input.name);
  if (!name) return { ok: false, error: t("saved.errors.nameCollection") };
  if (store.collections.length >= MAX_COLLECTIONS)
    return { ok: false, error: t("saved.errors.tooManyCollections", { max: MAX_COLLECTIONS }) };
  return { ok: true, store: { ...store, collections: [...store.collections, { id: input.id, name, items: [] }] } };
}

export function deleteCollection(store: SavedStore, id: string): SavedStore {
  return { ...store, collections: store.collections.filter((c) => c.id !== id) };
}

export function addToCollection(
  store: SavedStore,
  collectionId: string,
  requestId: string,
  t: Translate = englishT,
): Change {
  const c = store.collections.find((x) => x.id === collectionId);
  if (!c) return { ok: false, error: t("saved.errors.collectionGone") };
  if (!store.requests.some((r) => r.id === requestId)) return { ok: false, error: t("saved.errors.frameGone") };
  if (c.items.length >= MAX_COLLECTION_ITEMS)
    return { ok: false, error: t("saved.errors.collectionFull", { max: MAX_COLLECTION_ITEMS }) };
  return {
    ok: true,
    store: {
      ...store,
      collections: store.collections.map((x) => (x.id === collectionId ? { ...x, items: [...x.items, requestId] } : x)),
    },
  };
}

/** Moves the item at `index` one place up (-1) or down (+1), or removes it (0). */
export function editCollectionItem(
  store: SavedStore,
  collectionId: string,
  index: number,
  move: -1 | 0 | 1,
): SavedStore {
  return {
    ...store,
    collections: store.collections.map((c) => {
      if (c.id !== collectionId || index < 0 || index >= c.items.length) return c;
      const items = c.items.slice();
      if (move === 0) items.splice(index, 1);
      else {
        const to = index + move;
        if (to < 0 || to >= items.length) return c;
        [items[index], items[to]] = [items[to], items[index]];
      }
      return { ...c, items };
    }),
  };
}

/** The saved requests of a collection, in order (ids that no longer resolve are skipped). */
export function collectionRequests(store: SavedStore, collection: Collection): SavedRequest[] {
  return collection.items
    .map((id) => store.requests.find((r) => r.id === id))
    .filter((r): r is SavedRequest => r !== undefined);
}

/** Saved requests matching every word of the query (in the name, the method or the frame text), for one target or all; newest first. */
export function searchRequests(store: SavedStore, query: string, onlyTarget: string | null): SavedRequest[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return store.requests
    .filter((r) => onlyTarget === null || targetKey(r.target) === onlyTarget)
    .filter((r) => {
      const hay = `${r.name}\n${frameSummary(r.frame)}\n${r.frame}\n${targetLabel(r.target)}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    })
    .slice()
    .reverse();
}

export interface HistoryItem {
  /** The newest card that sent this frame. */
  seq: number;
  frame: string;
  summary: string;
  /** How often this exact frame was sent to the target. */
  times: number;
}

/** The frames sent to a target (from the timeline), newest first, each distinct text once; filtered by the query. */
export function historyFor(entries: TimelineEntry[], target: string, query = "", max = 50): HistoryItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const seen = new Map<string, HistoryItem>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.targetKey !== target) continue;
    const item = seen.get(e.sent);
    if (item) item.times++;
    else seen.set(e.sent, { seq: e.seq, frame: e.sent, summary: frameSummary(e.sent), times: 1 });
  }
  return [...seen.values()]
    .filter((h) => words.every((w) => `${h.summary}\n${h.frame}`.toLowerCase().includes(w)))
    .slice(0, max);
}

/** Why a sequence stops after this exchange: a bridge refusal (null), a failure, or a JSON-RPC error reply; null to go on. */
export function stopReason(exchange: Exchange | null, t: Translate = englishT): string | null {
  if (!exchange) return t("saved.run.notDelivered");
  const o = exchange.outcome;
  if (o.kind === "failure") return `${o.failure}: ${o.message}`;
  if (o.kind === "response") {
    const error = asObject(asObject(replyFrame(exchange))?.error);
    if (error)
      return t("saved.run.errorReply", {
        code: String(error.code),
        message: typeof error.message === "string" ? error.message : "",
      }).trim();
  }
  return null;
}

/** The stored text → a store; anything unreadable is dropped, with a count of what was dropped. Never throws. */
export function readStore(text: string | null): { store: SavedStore; dropped: number } {
  if (!text) return { store: EMPTY_STORE, dropped: 0 };
  const raw = asObject(tryParseJson(text));
  if (!raw || raw.format !== SAVED_REQUESTS_FORMAT) return { store: EMPTY_STORE, dropped: 1 };
  let dropped = 0;
  const requests: SavedRequest[] = [];
  for (const r of (Array.isArray(raw.requests) ? raw.requests : []).slice(0, MAX_REQUESTS)) {
    const o = asObject(r);
    const target = TargetSchema.safeParse(o?.target);
    if (
      !o ||
      typeof o.id !== "string" ||
      typeof o.name !== "string" ||
      typeof o.frame !== "string" ||
      o.frame.length > MAX_FRAME_CHARS ||
      !target.success
    ) {
      dropped++;
      continue;
    }
    requests.push({
      id: o.id,
      name: cleanName(o.name),
      frame: o.frame,
      target: target.data,
      savedAt: typeof o.savedAt === "number" ? o.savedAt : 0,
    });
  }
  const ids = new Set(requests.map((r) => r.id));
  const collections: Collection[] = [];
  for (const c of (Array.isArray(raw.collections) ? raw.collections : []).slice(0, MAX_COLLECTIONS)) {
    const o = asObject(c);
    if (!o || typeof o.id !== "string" || typeof o.name !== "string" || !Array.isArray(o.items)) {
      dropped++;
      continue;
    }
    const items = o.items
      .filter((i): i is string => typeof i === "string" && ids.has(i))
      .slice(0, MAX_COLLECTION_ITEMS);
    collections.push({ id: o.id, name: cleanName(o.name), items });
  }
  return { store: { requests, collections }, dropped };
}

export function writeStore(store: SavedStore): string {
  return JSON.stringify({ format: SAVED_REQUESTS_FORMAT, version: 1, ...store });
}
