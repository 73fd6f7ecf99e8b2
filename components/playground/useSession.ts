"use client";
/**
 * The only React glue for session state: a plain-TS store (lib/session) read through useSyncExternalStore,
 * plus the commands that talk to the bridge. Everything else about the session is pure and unit-tested.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import type { BridgeClient } from "@/lib/bridge/client";
import { createCommands, createStore, type Action, type Commands, type SessionState } from "@/lib/session";
import type { CacheRuntime } from "@/lib/cache/runtime";
import { createPageCacheRuntime } from "../cache/runtime";
import { afterEditorSettled } from "../editor/editor-settled";

export interface Session {
  state: SessionState;
  dispatch: (action: Action) => void;
  commands: Commands;
  cache: CacheRuntime;
}

/** The bridge client loads after first paint, like Monaco: the first screen needs no network code. */
function lazyBridgeClient(token: string): BridgeClient & { preload(): void } {
  let client: Promise<BridgeClient> | null = null;
  const get = () => (client ??= import("@/lib/bridge/client").then((m) => m.createBridgeClient({ token })));
  return {
    preload: () => void get(),
    send: async (req) => (await get()).send(req),
    cancel: async (sendId) => (await get()).cancel(sendId),
    process: async (action, target) => (await get()).process(action, target),
    post: async (route, body) => (await get()).post(route, body),
  };
}

export function useSession(token: string): Session {
  const [runtime] = useState(() => {
    const store = createStore();
    const client = lazyBridgeClient(token);
    const cache = createPageCacheRuntime(token);
    return { store, client, cache, commands: createCommands(store, { client, cache: cache.hooks }) };
  });
  useEffect(() => void afterEditorSettled().then(runtime.client.preload), [runtime]);
  const state = useSyncExternalStore(runtime.store.subscribe, runtime.store.getState, runtime.store.getState);
  return { state, dispatch: runtime.store.dispatch, commands: runtime.commands, cache: runtime.cache };
}
