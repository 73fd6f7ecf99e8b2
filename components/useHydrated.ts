"use client";
/**
 * The one hydration hook. The server's render and the hydration pass see the server's value; right after, the
 * browser's. No subscription: these values do not change while the page is open (a changed address arrives as an
 * event the caller handles).
 */
import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/** A value only the browser knows (the address, the origin), read once React has hydrated; `server` before that. */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, server: T): T {
  return useSyncExternalStore(noSubscribe, read, () => server);
}

/** true once React has hydrated (the automation contract waits for data-hydrated="true"). */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
