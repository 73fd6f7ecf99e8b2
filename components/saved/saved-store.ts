"use client";
/**
 * The saved requests and collections, kept in localStorage (key SAVED_REQUESTS_KEY) and shared by every reader on
 * the page through useSyncExternalStore. The data rules are pure (lib/session/saved-requests.ts); this is the glue.
 */
import { useSyncExternalStore } from "react";
import { msg, type Msg } from "@/lib/i18n/translate";
import { EMPTY_STORE, readStore, SAVED_REQUESTS_KEY, writeStore, type SavedStore } from "@/lib/session/saved-requests";

let current: SavedStore | null = null;
let dropped = 0;
/** Why the store does not last (a Msg: the panel says it in the language chosen now). */
let problem: Msg | null = null;
const listeners = new Set<() => void>();

function load(): SavedStore {
  if (current) return current;
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(SAVED_REQUESTS_KEY);
  } catch {
    problem = msg("saved.store.noStorage");
  }
  const read = readStore(text);
  dropped = read.dropped;
  current = read.store;
  return current;
}

export function updateSaved(next: SavedStore): void {
  current = next;
  try {
    window.localStorage.setItem(SAVED_REQUESTS_KEY, writeStore(next));
    problem = null;
  } catch (e) {
    problem = msg("saved.store.notKept", { reason: (e as Error).message });
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saved: read it again.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SAVED_REQUESTS_KEY) return;
    current = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSavedStore(): { store: SavedStore; dropped: number; problem: Msg | null } {
  const store = useSyncExternalStore(subscribe, load, () => EMPTY_STORE);
  return { store, dropped, problem };
}

export function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `r-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** When a frame is saved (wall clock). */
export function nowMs(): number {
  return Date.now();
}
