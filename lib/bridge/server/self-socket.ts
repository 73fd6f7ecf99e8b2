/**
 * scripts/serve.mjs also answers on a private Unix socket (mode 0600, in a fresh temporary folder), and the
 * bridge's calls to its own embedded servers (http://127.0.0.1:$PORT/api/demo/<name>) go there instead of the
 * TCP port. That lets a draining instance stop accepting TCP connections — a balancer without health checks,
 * like nginx, then takes the next call elsewhere — while the sends it still runs keep reaching its embedded
 * servers. The URL, the Host header and the recorded wire stay those of the TCP address: only the socket differs.
 * Requests that arrive on it carry the peer SELF_PEER, which no TCP connection can have.
 */

export const SELF_PEER = "self";

const g = globalThis as typeof globalThis & { __playgroundSelfSocket?: string };

export function setSelfSocket(socketPath: string | undefined): void {
  g.__playgroundSelfSocket = socketPath;
}

/** `{ socketPath }` for a call to this very server's embedded servers when serve.mjs opened the socket. */
export function selfSocketFor(url: URL): { socketPath: string } | undefined {
  const socketPath = g.__playgroundSelfSocket;
  if (!socketPath || url.protocol !== "http:" || url.hostname !== "127.0.0.1" || url.port !== (process.env.PORT ?? "")) return undefined;
  return url.pathname.startsWith("/api/demo/") ? { socketPath } : undefined;
}
