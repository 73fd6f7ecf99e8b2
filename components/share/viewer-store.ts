"use client";
/**
 * What the page is showing from outside: a state opened from a link or a session file (read-only until Run
 * live), or why a link could not be loaded. A tiny external store so the banner (above the editor) and the
 * Export / import tab share it without threading props through the composition root.
 */
import { useSyncExternalStore } from "react";
import type { ShareState } from "@/lib/share/state";

export type Viewer =
  | { kind: "none" }
  | { kind: "loading" }
  | { kind: "open"; source: "link" | "file"; share: ShareState; version: number; migratedFrom?: number }
  | { kind: "error"; source: "link" | "file"; reason: string };

let current: Viewer = { kind: "none" };
const listeners = new Set<() => void>();

export function setViewer(next: Viewer): void {
  current = next;
  for (const l of listeners) l();
}

/** What is shown now (outside React: a hashchange handler). */
export function getViewer(): Viewer {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useViewer(): Viewer {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
