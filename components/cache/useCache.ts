"use client";
/** The React glue for the Cache tab: the plain-TS cache store read through useSyncExternalStore. */
import { useSyncExternalStore } from "react";
import type { CacheRuntime } from "@/lib/cache/runtime";
import type { CacheSessionState } from "@/lib/cache/state";

export function useCacheState(runtime: CacheRuntime): CacheSessionState {
  return useSyncExternalStore(runtime.store.subscribe, runtime.store.getState, runtime.store.getState);
}
