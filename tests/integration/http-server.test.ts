/**
 * The playground's own HTTP server (scripts/server.ts → createPlaygroundServer) against slow and greedy clients,
 * on real sockets from distinct loopback addresses (127.0.0.2, 127.0.0.3 …): a slow-loris from one address
 * neither keeps its connections nor starves another client.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPlaygroundServer, type PlaygroundServerOptions } from "@/lib/node/web/http-server";
import { HTTP_SERVER_LIMITS } from "@/lib/node/bridge/limits";

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function start(options: PlaygroundServerOptions): Promise<{ server: http.Server; port: number }> {
  const server = createPlaygroundServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end(`hello ${req.socket.remoteAddress}`);
  }, options);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A connection that starts a request and never finishes its headers (one more header byte now and then). */
function slowLoris(port: number, from: string): { socket: net.Socket; closed: Promise<string> } {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
  sockets.push(socket);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => (received += d));
  socket.on("error", () => {});
  socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
  const drip = setInterval(() => socket.writable && socket.write("a"), 200);
  const closed = new Promise<string>((resolve) => socket.on("close", () => (clearInterval(drip), resolve(received))));
  return { socket, closed };
}

/** The connections the server holds now (what its cap counts). */
function connections(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
}

function get(port: number, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, localAddress: from, path: "/", agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the playground's HTTP server limits", () => {
  it("its limits are the ones limits.ts names: headers in 10 s, the request in 30 s, keep-alive 5 s, 4,096 connections", async () => {
    const { server } = await start({ hosted: true });
    expect(HTTP_SERVER_LIMITS).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 4_096,
      maxConnectionsPerAddress: 64,
    });
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      keepAlive: server.keepAliveTimeout,
      max: server.maxConnections,
    }).toEqual({
      headers: 10_000,
      request: 30_000,
      keepAlive: 5_000,
      max: 4_096,
    });
  });

  it("a connection that never finishes its headers is answered 408 and closed after the headers timeout", async () => {
    const { port } = await start({ hosted: true, limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 } });
    const { closed } = slowLoris(port, "127.0.0.2");
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a slow-loris from one address holds at most 64 connections and does not starve another client (hosted mode)", async () => {
    const { port } = await start({ hosted: true });
    const attack = Array.from({ length: 100 }, () => slowLoris(port, "127.0.0.2"));
    const dropped: number[] = [];
    attack.forEach((a, i) => void a.closed.then(() => dropped.push(i)));
    const over = 100 - HTTP_SERVER_LIMITS.maxConnectionsPerAddress;
    await expect.poll(() => dropped.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(over);
    expect(dropped.length).toBe(over);
    // Another client, while the 64 are still dripping, is served at once.
    expect(await get(port, "127.0.0.3")).toEqual({ status: 200, body: "hello 127.0.0.3" });
  });

  it("past the global connection cap a new connection is closed at once; a freed slot serves again", async () => {
    const { server, port } = await start({ hosted: true, limits: { maxConnections: 10 } });
    const attack = Array.from({ length: 10 }, (_, i) => slowLoris(port, `127.0.0.${10 + i}`));
    await expect.poll(() => connections(server), { timeout: 10_000 }).toBe(10);
    await expect(get(port, "127.0.0.3")).rejects.toThrow(/socket hang up|ECONNRESET/);
    attack[0].socket.destroy();
    await attack[0].closed;
    await expect.poll(() => connections(server), { timeout: 10_000 }).toBe(9);
    expect(await get(port, "127.0.0.3")).toEqual({ status: 200, body: "hello 127.0.0.3" });
  });
});
