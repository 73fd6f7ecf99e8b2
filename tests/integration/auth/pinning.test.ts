/**
 * Hosted mode's SSRF guard for the authorization flow's own requests (discovery, registration, token): the host
 * name is resolved once, every address checked, and the connection goes to the checked address, never to a
 * second DNS answer. Loopback servers only: the "public" side is a name that no real DNS answers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FlowHttp, requestPinned } from "@/lib/node/auth/flow-http";
import type { HttpAttempt } from "@/lib/auth/types";

let server: http.Server;
let port: number;
const seen: Array<{ host?: string; url?: string }> = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ host: req.headers.host, url: req.url });
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe("the flow's requests are pinned to the address the guard checked", () => {
  it("a request pinned to an address connects there, whatever DNS would say, and keeps the name as Host", async () => {
    seen.length = 0;
    const { res, text } = await requestPinned(
      `http://as.pinned.invalid:${port}/.well-known/oauth-authorization-server`,
      {},
      new Headers(),
      2000,
      {
        hostname: "as.pinned.invalid",
        address: "127.0.0.1",
        family: 4,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(text).toBe('{"ok":true}');
    expect(seen).toEqual([{ host: `as.pinned.invalid:${port}`, url: "/.well-known/oauth-authorization-server" }]);
  });

  it("hosted mode: a name that resolves to loopback is refused before any request leaves, after one DNS lookup", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    seen.length = 0;
    const lookups: string[] = [];
    const flowHttp = new FlowHttp({
      resolve: async (name) => {
        lookups.push(name);
        return [{ address: "127.0.0.1", family: 4 }];
      },
    });
    const into: HttpAttempt[] = [];
    const { response } = await flowHttp.exchange(
      into,
      `http://rebind.example.test:${port}/.well-known/oauth-protected-resource`,
    );
    expect(response).toBeUndefined();
    expect(into[0].error).toMatch(/^refused before sending: .*SSRF guard/);
    expect(lookups).toEqual(["rebind.example.test"]);
    expect(seen).toEqual([]);
  });

  it("hosted mode: one private address among a name's answers refuses the whole name", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    const flowHttp = new FlowHttp({
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ],
    });
    const into: HttpAttempt[] = [];
    await flowHttp.exchange(into, "https://token.example.test/token", {
      method: "POST",
      body: "grant_type=authorization_code&code=abcdefghijkl",
    });
    expect(into[0].error).toMatch(/refused before sending: .*10\.0\.0\.7/);
    expect(into[0].request.body).toContain("masked");
  });
});
