/**
 * The app sandbox's own origin: a second loopback listener (its own port) that serves the proxy page and nothing
 * else. A different port is a different origin whether the playground is opened as 127.0.0.1 or localhost, which a
 * localhost-vs-127.0.0.1 split would not guarantee. Started once per process by whichever server asks first
 * (GET-free: POST /api/apps/sandbox, or the server's start: scripts/server.ts).
 * Hosted deployments set PLAYGROUND_APPS_SANDBOX_PORT (a port they expose) and PLAYGROUND_APPS_SANDBOX_ORIGIN (its
 * public origin); the listener then binds HOST (default 0.0.0.0).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isHosted } from "@/lib/node/bridge/policy";
import { SANDBOX_PAGE } from "./sandbox-page";

export interface AppsSandbox {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** This process's sandbox listener, once asked for. */
let started: Promise<AppsSandbox> | undefined;

const LOOPBACK_HOSTS = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

function answer(req: http.IncomingMessage, res: http.ServerResponse, hosted: boolean) {
  const path = (req.url ?? "/").split(/[?#]/)[0];
  // A rebinding page gets nothing from a name it controls (the page holds no secret, but it is ours to serve).
  if (!hosted && !LOOPBACK_HOSTS.test(req.headers.host ?? "")) {
    res
      .writeHead(421, { "Content-Type": "text/plain" })
      .end("misdirected: the app sandbox answers loopback names only\n");
    return;
  }
  if ((req.method === "GET" || req.method === "HEAD") && path === "/sandbox.html") {
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
    res.end(req.method === "HEAD" ? undefined : SANDBOX_PAGE);
    return;
  }
  res.writeHead(404, { "Content-Type": "text/plain" }).end("not found: the app sandbox serves /sandbox.html only\n");
}

function listen(): Promise<AppsSandbox> {
  const hosted = isHosted();
  // A shared deployment's browsers cannot reach a loopback port of the pod: without a public origin, no sandbox.
  if (hosted && !process.env.PLAYGROUND_APPS_SANDBOX_ORIGIN) {
    return Promise.reject(
      new Error(
        "hosted mode renders MCP Apps only when PLAYGROUND_APPS_SANDBOX_PORT and PLAYGROUND_APPS_SANDBOX_ORIGIN name an exposed port and its public origin",
      ),
    );
  }
  const port = Number(process.env.PLAYGROUND_APPS_SANDBOX_PORT ?? 0);
  const host = hosted ? (process.env.HOST ?? "0.0.0.0") : "127.0.0.1";
  const server = http.createServer((req, res) => answer(req, res, hosted));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.unref();
      const actual = (server.address() as AddressInfo).port;
      const origin = process.env.PLAYGROUND_APPS_SANDBOX_ORIGIN || `http://127.0.0.1:${actual}`;
      resolve({ origin, port: actual, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

/** The sandbox listener of this process, started on first call (later calls share it). */
export function startAppsSandbox(): Promise<AppsSandbox> {
  started ??= listen().catch((e: unknown) => {
    started = undefined;
    throw e;
  });
  return started;
}
