/**
 * The address hosted mode limits by comes from the TCP connection, not from anything a client can write:
 * stampPeer (what the playground's server runs first: lib/node/web/http-server.ts) overwrites a forged
 * x-playground-peer and appends the real peer to X-Forwarded-For, in the parsed headers and in the raw header list
 * Request objects are built from. The page kind the server hands Next is written the same way: a client cannot
 * send one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toNodeListener } from "@/lib/node/demo-servers/http";
import { PAGE_HEADER, decodePageKind } from "@/lib/bridge/page-kind";
import { createPlaygroundListener } from "@/lib/node/host/app";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { stampPeer } from "@/lib/node/web/peer";
import { PEER_HEADER, remoteAddressOf } from "@/lib/node/web/client-policy";

let server: http.Server;
let port = 0;
beforeAll(async () => {
  const listener = toNodeListener(async (req) =>
    Response.json({
      address: remoteAddressOf(req.headers),
      forwarded: req.headers.get("x-forwarded-for"),
      peer: req.headers.get(PEER_HEADER),
    }),
  );
  server = http.createServer((req, res) => {
    stampPeer(req);
    void listener(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function ask(
  headers: Record<string, string>,
  to = port,
): Promise<{ address: string; forwarded: string; peer: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: to, method: "POST", path: "/", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end("{}");
  });
}

describe("the client address comes from the connection", () => {
  it("a forged x-playground-peer is overwritten with the real peer", async () => {
    expect(await ask({ [PEER_HEADER]: "203.0.113.9" })).toMatchObject({ address: "127.0.0.1", peer: "127.0.0.1" });
  });
  it("a forged X-Forwarded-For is kept but the real peer is appended, and it is the peer that counts", async () => {
    expect(await ask({ "X-Forwarded-For": "198.51.100.7", [PEER_HEADER]: "203.0.113.9" })).toEqual({
      address: "127.0.0.1",
      forwarded: "198.51.100.7, 127.0.0.1",
      peer: "127.0.0.1",
    });
  });
  it("repeated forged headers all go", async () => {
    // An array value sends the header line twice.
    expect(await ask({ [PEER_HEADER]: ["1.1.1.1", "2.2.2.2"] as unknown as string })).toMatchObject({
      address: "127.0.0.1",
      peer: "127.0.0.1",
    });
  });
});

describe("the page kind Next renders is the server's alone", () => {
  it("a client's own x-playground-page header is replaced by the server's decision (here: the local page, which holds no token)", async () => {
    vi.stubEnv("PLAYGROUND_TOKEN", "peer-test-token");
    vi.stubEnv("PLAYGROUND_MODE", "");
    // Next's place: a page handler that shows what it was told.
    const listener = createPlaygroundListener({
      pages: async (req, res) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            told: req.headers[PAGE_HEADER],
            raw: req.rawHeaders.filter((h) => h.toLowerCase() === PAGE_HEADER).length,
          }),
        );
      },
    });
    const pages = http.createServer(listener);
    await new Promise<void>((r) => pages.listen(0, "127.0.0.1", r));
    const to = (pages.address() as AddressInfo).port;
    try {
      const forged = encodeURIComponent(JSON.stringify({ kind: "playground", hosted: true }));
      const answer = await new Promise<{ told: string; raw: number }>((resolve, reject) => {
        http
          // This launch's own name (local mode serves its page there only: launch-origin.test.ts).
          .get(
            {
              host: "127.0.0.1",
              port: to,
              path: "/",
              headers: { [PAGE_HEADER]: forged, Host: `${launchHostname()}:${to}` },
            },
            (res) => {
              let body = "";
              res.setEncoding("utf8");
              res.on("data", (c) => (body += c));
              res.on("end", () => resolve(JSON.parse(body)));
            },
          )
          .on("error", reject);
      });
      expect(decodePageKind(answer.told)).toEqual({ kind: "playground", hosted: false });
      expect(answer.raw).toBe(1);
    } finally {
      pages.closeAllConnections();
      await new Promise((r) => pages.close(r));
    }
  });
});
