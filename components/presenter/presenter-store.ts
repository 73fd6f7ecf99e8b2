"use client";
/** The presenter switch as the page sees it: <html data-presenter> (set before paint by the boot script) and localStorage. */
import { useSyncExternalStore } from "react";
import { isPresenting, PRESENTER_STORAGE_KEY } from "@/lib/a11y/presenter";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== PRESENTER_STORAGE_KEY) return;
    apply(e.newValue === "on");
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function apply(on: boolean) {
  if (on) document.documentElement.setAttribute("data-presenter", "true");
  else document.documentElement.removeAttribute("data-presenter");
  listeners.forEach((l) => l());
}

export function setPresenting(on: boolean) {
  try {
    if (on) window.localStorage.setItem(PRESENTER_STORAGE_KEY, "on");
    else window.localStorage.removeItem(PRESENTER_STORAGE_KEY);
  } catch {
    // Not remembered (storage disabled); the switch still works for this page.
  }
  apply(on);
}

export function usePresenting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPresenting(document.documentElement),
    () => false,
  );
}
