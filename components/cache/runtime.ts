/**
 * The page's cache runtime. The listen client (and the zod contract it imports) loads on first use, like the
 * bridge client: it stays out of the first-load JavaScript.
 */
import type { ListenLine, ListenRequest } from "@/lib/bridge/listen-contract";
import { createCacheRuntime, type CacheRuntime, type ListenStreamLike } from "@/lib/cache/runtime";

export function createPageCacheRuntime(token: string): CacheRuntime {
  const openStream = (req: ListenRequest, onLine: (line: ListenLine) => void): ListenStreamLike => {
    const stream = import("@/lib/bridge/listen-client").then((m) => m.openListenStream({ token }, req, onLine));
    return { done: stream.then((s) => s.done), close: async () => (await stream).close() };
  };
  return createCacheRuntime({ openStream });
}
