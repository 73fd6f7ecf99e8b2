/**
 * How every embedded server is served over stdio: the SDK's era-aware serveStdio, plus a per-request protocol
 * version check. serveStdio (SDK 2.4.0) checks `io.modelcontextprotocol/protocolVersion` only until the process
 * has served its first ordinary request; after that a request naming an unknown version would be served.
 * 2026-07-28 says each request is judged on its own (-32022 with data.supported), so we check every one.
 */
import { startupSnapshot } from "node:v8";
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";

export const MODERN_VERSIONS = ["2026-07-28"];
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

type Incoming = { id?: unknown; method?: unknown; params?: { _meta?: Record<string, unknown> } };

/** Takes a message serveStdio cannot serve (the tasks server's listen with taskIds); true when it did. */
export type StdioInterceptor = (message: unknown, send: (frame: Record<string, unknown>) => void) => boolean;

/** A stdio transport that answers -32022 itself for a request naming a version no embedded server speaks. */
function versionCheckedTransport(intercept?: StdioInterceptor): StdioServerTransport {
  const inner = new StdioServerTransport();
  // serveStdio installs its handler by assigning onmessage; wrap whatever it assigns.
  return new Proxy(inner, {
    set(target, prop, value) {
      if (prop !== "onmessage" || typeof value !== "function") return Reflect.set(target, prop, value);
      target.onmessage = (message) => {
        const m = message as Incoming;
        const version = m.params?._meta?.[PROTOCOL_VERSION_KEY];
        const isRequest = (typeof m.id === "string" || typeof m.id === "number") && typeof m.method === "string";
        if (isRequest && typeof version === "string" && !MODERN_VERSIONS.includes(version)) {
          void target.send({
            jsonrpc: "2.0",
            id: m.id as string | number,
            error: { code: -32022, message: `Unsupported protocol version: ${version}`, data: { supported: MODERN_VERSIONS, requested: version } },
          });
          return;
        }
        if (intercept?.(message, (frame) => void target.send(frame as never).catch(() => {}))) return;
        value(message);
      };
      return true;
    },
  });
}

export function serveEmbeddedStdio(factory: McpServerFactory, intercept?: StdioInterceptor): void {
  const serve = () => serveStdio(factory, { transport: versionCheckedTransport(intercept) });
  // Built into a V8 startup snapshot (scripts/build-servers.mjs): the loaded modules and their schemas are in the
  // snapshot, and serving starts when a spawned process deserializes it.
  if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(serve);
  else serve();
}
