/**
 * The node:http server the playground answers on (scripts/server.ts), with the limits of HTTP_SERVER_LIMITS: header and request
 * timeouts checked every second (a slow-loris connection is closed with 408), an idle keep-alive closed after 5 s,
 * a global connection cap, and in hosted mode (no trusted proxy in front) a cap per client address (an IPv6 /64 is one). Each request's
 * peer is stamped before routing (peer.ts). Importable by the CLI and the tests.
 */
import http from "node:http";
import { HTTP_SERVER_LIMITS } from "@/lib/node/bridge/limits";
import { stampPeer } from "./peer";
import { clientAddress } from "./client-address";
import { trustedProxies } from "./client-policy";
import { countDown, releaseOnce } from "@/lib/node/bridge/release";

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
  const counts = new ConnectionsPerClient(max);
  server.on("connection", (socket) => {
    const release = counts.admit(socket.remoteAddress ?? "unknown");
    if (release) socket.once("close", release);
    else socket.destroy();
  });
}

/** Open connections per client (client-address.ts clientAddress: IPv6 by its /64): `admit` counts one, or answers undefined when its client already holds `max`. */
export class ConnectionsPerClient {
  private readonly open = new Map<string, number>();
  constructor(private readonly max: number) {}

  admit(address: string): (() => void) | undefined {
    const client = clientAddress(address); // an IPv6 /64 is one client, as for every other per-client cap
    const count = (this.open.get(client) ?? 0) + 1;
    if (count > this.max) return undefined;
    this.open.set(client, count);
    return releaseOnce(() => countDown(this.open, client));
  }
}
