/**
 * The playground's own listener (lib/node/host/app.ts: front door, then the Hono app with every route) on
 * plain node:http on an ephemeral loopback port, as scripts/server.ts serves it, minus Next's pages (a page path
 * answers 404 here). Requests are stamped with their TCP peer first, as the server does.
 */
import http from "node:http";
import { afterAll, beforeAll, vi } from "vitest";
import type { BridgeReply } from "@/lib/bridge/contract";
import { listenOnLoopback } from "@/lib/node/demo-servers/http";
import { stampPeer } from "@/lib/node/web/peer";
import { ROOT } from "./helpers";
import { bodyOf } from "@/tests/helpers/http";

export interface AppRoutes {
  origin: string;
  port: number;
  close(): Promise<void>;
  /** A raw POST (node:http, so Host can be forged like a DNS-rebinding page would; body may be chunked). */
  post(
    path: string,
    body: string | object,
    headers?: Record<string, string>,
    options?: { chunked?: boolean },
  ): Promise<PostResult>;
  /** A POST whose reply is read as text (the listen route's NDJSON). */
  postText(path: string, body: object, headers?: Record<string, string>): Promise<{ status: number; text: string }>;
}

export interface PostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: BridgeReply<unknown> & Record<string, unknown>;
}

/**
 * The routes with the launch token and the repo root in the environment (what most route tests need); close()
 * also restores the environment, including what the test stubbed after the start.
 */
export async function startAppRoutesAs(token: string): Promise<AppRoutes> {
  vi.stubEnv("PLAYGROUND_TOKEN", token);
  vi.stubEnv("PLAYGROUND_ROOT", ROOT);
  const app = await startAppRoutes();
  return {
    ...app,
    async close() {
      await app.close();
      vi.unstubAllEnvs();
    },
  };
}

/**
 * The routes for a whole test file, started as startAppRoutesAs(token) before its tests and closed after them;
 * then `afterClose` runs (what the file proves once they are closed). The returned object forwards to them.
 */
export function appRoutesForFile(token: string, afterClose?: () => unknown): AppRoutes {
  let app: AppRoutes | undefined;
  beforeAll(async () => {
    app = await startAppRoutesAs(token);
  });
  afterAll(async () => {
    await app?.close();
    await afterClose?.();
  });
  const running = (): AppRoutes => {
    if (!app) throw new Error("the routes start in beforeAll");
    return app;
  };
  return {
    get origin() {
      return running().origin;
    },
    get port() {
      return running().port;
    },
    close: () => running().close(),
    post: (...args) => running().post(...args),
    postText: (...args) => running().postText(...args),
  };
}

export async function startAppRoutes(): Promise<AppRoutes> {
  // Imported here, not at the top: the routes read the environment a test stubs first.
  const { createPlaygroundListener } = await import("@/lib/node/host/app");
  const handle = createPlaygroundListener();
  const server = await listenOnLoopback((req, res) => {
    stampPeer(req);
    return handle(req, res);
  });
  const origin = server.origin;
  const post: AppRoutes["post"] = (path, body, headers = {}, options = {}) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const lengthHeader: Record<string, string | number> = options.chunked
      ? { "Transfer-Encoding": "chunked" }
      : { "Content-Length": Buffer.byteLength(text) };
    return new Promise((resolve, reject) => {
      // A connection of its own per call (as separate clients have): a kept-alive socket the server closed while idle
      // (its 5 s keep-alive timeout, passed during a long test) would otherwise be reused and reset.
      const req = http.request(
        `${origin}${path}`,
        { method: "POST", agent: false, headers: { "Content-Type": "application/json", ...lengthHeader, ...headers } },
        (res) =>
          bodyOf(res).then(
            (body) =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(body.toString("utf8")) }),
            reject,
          ),
      );
      req.on("error", reject);
      if (options.chunked) {
        // Many small writes, no Content-Length: the size limit must not rely on the header.
        const step = 1024 * 1024;
        for (let i = 0; i < text.length; i += step) req.write(text.slice(i, i + step));
        req.end();
      } else req.end(text);
    });
  };
  const postText: AppRoutes["postText"] = (path, body, headers = {}) => {
    const text = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${origin}${path}`,
        {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers },
        },
        (res) =>
          bodyOf(res).then((body) => resolve({ status: res.statusCode ?? 0, text: body.toString("utf8") }), reject),
      );
      req.on("error", reject);
      req.end(text);
    });
  };
  return { origin, port: Number(new URL(origin).port), close: server.close, post, postText };
}
