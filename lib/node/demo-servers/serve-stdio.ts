/**
 * How every embedded server is served over stdio: the SDK's era-aware serveStdio, plus a per-request protocol
 * version check. serveStdio (SDK 2.4.0) checks `io.modelcontextprotocol/protocolVersion` only until the process
 * has served its first ordinary request; after that a request naming an unknown version would be served.
 * 2026-07-28 says each request is judged on its own (-32022 with data.supported), so we check every one.
 */
import { Socket } from "node:net";
import { PassThrough } from "node:stream";
import { startupSnapshot } from "node:v8";
import { preloadSchemas, type McpServerFactory } from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";

export const MODERN_VERSIONS = ["2026-07-28"];
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

type Incoming = { id?: unknown; method?: unknown; params?: { _meta?: Record<string, unknown> } };

/** Takes a message serveStdio cannot serve (the tasks server's listen with taskIds); true when it did. */
export type StdioInterceptor = (message: unknown, send: (frame: Record<string, unknown>) => void) => boolean;

/** A stdio transport that answers -32022 itself for a request naming a version no embedded server speaks. */
function versionCheckedTransport(
  intercept?: StdioInterceptor,
  inner = new StdioServerTransport(),
): StdioServerTransport {
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
            error: {
              code: -32022,
              message: `Unsupported protocol version: ${version}`,
              data: { supported: MODERN_VERSIONS, requested: version },
            },
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
  if (!startupSnapshot.isBuildingSnapshot()) return void serve();
  // Built into a V8 startup snapshot (scripts/build-servers.mjs): serving starts when a spawned process
  // deserializes it. What the first request would build lazily (the SDK's wire schemas, the tool schemas'
  // validators, compiled code on the read path) is built now, so the snapshot carries it.
  startupSnapshot.setDeserializeMainFunction(serve);
  preloadSchemas();
  // process.stdin/stdout load node:net for pipes (how the bridge spawns us): loaded here, it is in the snapshot.
  if (typeof Socket !== "function") throw new Error("node:net did not load");
  void warmUp(factory, intercept);
}

const meta = { [PROTOCOL_VERSION_KEY]: MODERN_VERSIONS[0], "io.modelcontextprotocol/clientCapabilities": {} };
/** Read-only requests (nothing a server keeps changes), once per era, as a client's first send would be. */
const WARM_UP: Record<string, unknown>[][] = [
  ["server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list"].map((method) => ({
    method,
    params: { _meta: meta },
  })),
  [
    {
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "warm-up", version: "0" } },
    },
    { method: "tools/list" },
  ],
];

/** Serves the warm-up requests over in-memory streams, one connection per era, each closed after its replies. */
async function warmUp(factory: McpServerFactory, intercept?: StdioInterceptor): Promise<void> {
  for (const requests of WARM_UP) {
    const input = new PassThrough();
    const output = new PassThrough();
    const handle = serveStdio(factory, {
      transport: versionCheckedTransport(intercept, new StdioServerTransport(input, output)),
    });
    let replies = 0;
    const answered = new Promise<void>((resolve) =>
      output.on("data", (chunk: Buffer) => {
        replies += chunk.toString().split("\n").length - 1;
        if (replies >= requests.length) resolve();
      }),
    );
    requests.forEach((request, id) => input.write(`${JSON.stringify({ jsonrpc: "2.0", id, ...request })}\n`));
    await answered;
    await handle.close();
  }
}
