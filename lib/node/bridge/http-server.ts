/**
 * The node:http server the playground answers on (scripts/server.ts), with the limits of HTTP_SERVER_LIMITS: header and request
 * timeouts checked every second (a slow-loris connection is closed with 408), an idle keep-alive closed after 5 s,
 * a global connection cap, and in hosted mode (no trusted proxy in front) a cap per remote address. Each request's
 * peer is stamped before routing (peer.ts). Importable by the CLI and the tests.
 */
import http from "node:http";
import { HTTP_SERVER_LIMITS } from "./limits";
import { stampPeer } from "./peer";
import { trustedProxies } from "./policy";

export type HttpServerLimits = { -readonly [K in keyof typeof HTTP_SERVER_LIMITS]: number };

export interface PlaygroundServerOptions {
  hosted: boolean;
  /** Tests shorten the timeouts; the server always runs with HTTP_SERVER_LIMITS. */
  limits?: Partial<HttpServerLimits>;
}

export function createPlaygroundServer(listener: http.RequestListener, options: PlaygroundServerOptions): http.Server {
  const limits: HttpServerLimits = { ...HTTP_SERVER_LIMITS, ...options.limits };
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    },
    (req, res) => {
      stampPeer(req);
      listener(req, res);
    },
  );
  server.maxConnections = limits.maxConnections;
  // Behind a trusted proxy every connection comes from the proxy: a per-address cap would cap the whole class.
  if (options.hosted && trustedProxies() === 0) capPerAddress(server, limits.maxConnectionsPerAddress);
  return server;
}

function capPerAddress(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
