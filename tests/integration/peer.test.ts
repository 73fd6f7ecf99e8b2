/**
 * The address hosted mode limits by comes from the TCP connection, not from anything a client can write:
 * stampPeer (what scripts/serve.mjs runs first, and what instrumentation.ts installs under `next start`) overwrites
 * a forged x-playground-peer and appends the real peer to X-Forwarded-For, in the parsed headers and in the raw
 * header list the bridge's listener reads.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toNodeListener } from "@/lib/bridge/server/demo-http";
import { stampPeer, stampPeerOnEveryRequest } from "@/lib/bridge/server/peer";
import { PEER_HEADER, remoteAddressOf } from "@/lib/bridge/server/policy";

let server: http.Server;
let port = 0;
beforeAll(async () => {
  const listener = toNodeListener(async (req) =>
    Response.json({ address: remoteAddressOf(req.headers), forwarded: req.headers.get("x-forwarded-for"), peer: req.headers.get(PEER_HEADER) }),
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

function ask(headers: Record<string, string>, to = port): Promise<{ address: string; forwarded: string; peer: string }> {
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
    expect(await ask({ [PEER_HEADER]: ["1.1.1.1", "2.2.2.2"] as unknown as string })).toMatchObject({ address: "127.0.0.1", peer: "127.0.0.1" });
  });
});

describe("under next start (a server the playground does not create)", () => {
  it("a forged X-Forwarded-For does not choose the client: every request of every http.Server is stamped first", async () => {
    stampPeerOnEveryRequest();
    // Like Next's own server: a plain listener that knows nothing of peers.
    const listener = toNodeListener(async (req) =>
      Response.json({ address: remoteAddressOf(req.headers), forwarded: req.headers.get("x-forwarded-for"), peer: req.headers.get(PEER_HEADER) }),
    );
    const plain = http.createServer((req, res) => void listener(req, res));
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    try {
      const answer = await ask({ "X-Forwarded-For": "198.51.100.7" }, (plain.address() as AddressInfo).port);
      expect(answer).toEqual({ address: "127.0.0.1", forwarded: "198.51.100.7, 127.0.0.1", peer: "127.0.0.1" });
    } finally {
      plain.closeAllConnections();
      await new Promise((r) => plain.close(r));
    }
  });
});
