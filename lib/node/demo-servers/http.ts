/**
 * The embedded demo servers over Streamable HTTP: the calendar through createMcpHandler (2026-07-28 plus
 * the stateless legacy fallback). Served at /api/demo/<name> inside the playground (routes.ts), and by
 * startDemoHttpServer() on an ephemeral loopback port for the CLI and the integration tests.
 * Importable by the CLI.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createMcpHandler, readRequestBody, type McpHttpHandler } from "@modelcontextprotocol/server";
import { EMBEDDED_SERVERS, embeddedServer } from "@/lib/node/demo-servers/registry";
import { checkPageHeaders } from "../web/guards";
import { sizeLimits } from "../bridge/target-policy";
import { admitClient, isOwnLoopbackCall } from "../web/client-policy";

const handlers = new Map<string, McpHttpHandler>();

export function demoHandler(name: string): McpHttpHandler | undefined {
  const server = embeddedServer(name);
  if (!server) return undefined;
  let handler = handlers.get(name);
  if (!handler) {
    // A server that announces changes publishes them on this handler's listen bus (subscriptions/listen).
    const factory = server.listenFactory ? server.listenFactory(() => handlers.get(name)!.notify) : server.factory;
    handlers.set(name, (handler = createMcpHandler(factory)));
  }
  return handler;
}

function jsonError(status: number, kind: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ ok: false, kind, message }, { status, headers });
}

/** The body as text when it fits in the mode's frame limit (counted while reading, whatever Content-Length says). */
async function boundedBody(
  req: Request,
): Promise<{ ok: true; request: Request; text?: string } | { ok: false; reply: Response }> {
  if (req.method !== "POST") return { ok: true, request: req };
  const { maxFrameBytes } = sizeLimits();
  let body: Awaited<ReturnType<typeof readRequestBody>>;
  try {
    // A Content-Length over the limit is refused unread; otherwise the read stops once the limit is passed.
    body = await readRequestBody(req, maxFrameBytes);
  } catch (e) {
    return {
      ok: false,
      reply: jsonError(400, "bad-request", `could not read the request body: ${(e as Error).message}`),
    };
  }
  if (body.tooLarge)
    return {
      ok: false,
      reply: jsonError(
        413,
        "too-large",
        `the request body exceeds ${maxFrameBytes} bytes (the largest frame this mode accepts); nothing reached the demo server`,
      ),
    };
  const headers = new Headers(req.headers);
  headers.delete("content-length");
  return {
    ok: true,
    text: body.text,
    request: new Request(req.url, { method: req.method, headers, body: body.text, signal: req.signal }),
  };
}

/** The response, with `release` run once its body is over (a listen's SSE stream holds the slot until it ends). */
function releasingWhenDone(res: Response, release: () => void): Response {
  if (!res.body) {
    release();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          stream.close();
        } else stream.enqueue(value);
      } catch (e) {
        release();
        stream.error(e);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * Host/Origin guard (DNS rebinding), hosted mode's per-client admission (a direct call is a client like any
 * other; the bridge's own loopback call was admitted at /api/bridge/*), the mode's frame limit on the body, then
 * the demo's MCP handler; unknown names get a 404 JSON error.
 */
export async function serveDemo(req: Request, name: string): Promise<Response> {
  const refused = checkPageHeaders(req.headers);
  if (refused) return jsonError(refused.status, refused.kind, refused.message);
  const handler = demoHandler(name);
  if (!handler) {
    const message =
      name === "everything"
        ? "server-everything is not served here: over HTTP the bridge runs it as its own process (target demo everything/http)"
        : `unknown demo server ${JSON.stringify(name)}; served here: ${Object.keys(EMBEDDED_SERVERS).join(", ")}`;
    return jsonError(404, "bad-request", message);
  }
  const admitted = isOwnLoopbackCall(req.headers) ? { ok: true as const, release: () => {} } : admitClient(req.headers);
  if (!admitted.ok)
    return jsonError(429, "rate-limited", admitted.message, { "Retry-After": String(admitted.retryAfterSeconds) });
  try {
    const bounded = await boundedBody(req);
    if (!bounded.ok) {
      admitted.release();
      return bounded.reply;
    }
    const beside =
      bounded.text === undefined ? undefined : embeddedServer(name)?.serveBeside?.(bounded.text, req.signal);
    return releasingWhenDone(beside ?? (await handler.fetch(bounded.request)), admitted.release);
  } catch (e) {
    admitted.release();
    return jsonError(500, "internal", `the demo server failed: ${(e as Error).message}`);
  }
}

export interface DemoHttpServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A fetch-style handler on node:http (@hono/node-server's adapter): the body is read only when the handler reads
 * it, and what the handler leaves unread is drained without being kept.
 */
export function toNodeListener(handler: (req: Request) => Response | Promise<Response>): http.RequestListener {
  return getRequestListener((req) => handler(req));
}

/** Listens on 127.0.0.1:<free port>; resolves with the base URL and a close() that drops open connections. */
export function listenOnLoopback(listener: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(listener);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Serves one demo on http://127.0.0.1:<free port>/mcp with plain node:http (for the CLI and tests). */
export async function startDemoHttpServer(name: string): Promise<DemoHttpServer> {
  const { origin, close } = await listenOnLoopback(toNodeListener((req) => serveDemo(req, name)));
  return { url: `${origin}/mcp`, close };
}
