/**
 * The guards every JSON bridge route runs, through the playground's one listener (lib/node/host/app.ts, what
 * scripts/server.ts serves): each refusal's status and kind, a doubled Host, the size limit, a signed-in browser
 * let through, a send's wire events, and a caller that goes away cancelling its send.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_HEADER, TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { livePids } from "@/lib/node/bridge/stdio";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { mintBrowserSecret } from "@/lib/node/web/token";
import { startAppRoutes, type AppRoutes } from "./app-routes";
import { ENVELOPE, endAllAndAssertNoneAlive, recordPids, request } from "./helpers";

const TOKEN = "fast-path-guards-token-0123456789";
let app: AppRoutes;
beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "");
  vi.stubEnv("PLAYGROUND_ALLOWED_ORIGINS", "");
  app = await startAppRoutes();
});
afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
});

const spawnAttempt = () => ({
  sendId: `fp-${Math.random().toString(36).slice(2)}`,
  target: { kind: "stdio", command: "/bin/sh", args: ["-c", "touch /tmp/playground-fast-path-should-not-exist"] },
  frame: JSON.stringify(request(1, "ping")),
});

describe("every bridge route refuses before it runs anything", () => {
  /** The status each refusal answers with. */
  const STATUS = { unauthorized: 401, "forbidden-host": 403, "forbidden-origin": 403, "bad-request": 400 } as const;
  /** The launch token, and `more` headers. */
  const tokenAnd =
    (more: Record<string, string> = {}) =>
    () => ({ [TOKEN_HEADER]: TOKEN, ...more });
  const rows: [rule: string, kind: keyof typeof STATUS, headers: () => Record<string, string>, body?: string][] = [
    ["no token and no browser sign-in", "unauthorized", () => ({})],
    ["a wrong token", "unauthorized", () => ({ [TOKEN_HEADER]: `${TOKEN}x` })],
    [
      "a browser secret without Sec-Fetch-Site (curl)",
      "unauthorized",
      () => ({ [SESSION_HEADER]: mintBrowserSecret() }),
    ],
    [
      "a browser secret on a cross-site request",
      "unauthorized",
      () => ({ [SESSION_HEADER]: mintBrowserSecret(), "Sec-Fetch-Site": "cross-site" }),
    ],
    ["a Host that is not loopback (DNS rebinding)", "forbidden-host", tokenAnd({ Host: "evil.example:80" })],
    ["a foreign Origin", "forbidden-origin", tokenAnd({ Origin: "http://evil.example" })],
    ["a loopback Origin on another port", "forbidden-origin", tokenAnd({ Origin: "http://127.0.0.1:1" })],
    ["the opaque Origin null", "forbidden-origin", tokenAnd({ Origin: "null" })],
    ["a body that is not JSON", "bad-request", tokenAnd(), "{not json"],
    ["a body that nests too deep", "bad-request", tokenAnd(), "[".repeat(600) + "]".repeat(600)],
    [
      "a body the contract does not accept",
      "bad-request",
      tokenAnd(),
      JSON.stringify({ sendId: "", target: { kind: "nope" }, frame: 1 }),
    ],
  ];
  for (const [rule, kind, headers, body] of rows) {
    it(`${rule}: ${STATUS[kind]} ${kind}`, async () => {
      const { status, json } = await app.post("/api/bridge/send", body ?? spawnAttempt(), headers());
      expect({ status, json }).toMatchObject({ status: STATUS[kind], json: { ok: false, kind } });
    });
  }

  it("a doubled Host header (loopback, then foreign) is refused as one joined Host", async () => {
    {
      const body = JSON.stringify(spawnAttempt());
      const raw =
        `POST /api/bridge/send HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nHost: evil.example\r\n${TOKEN_HEADER}: ${TOKEN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
      const text = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(app.port, "127.0.0.1", () => socket.end(raw));
        let got = "";
        socket.setEncoding("utf8");
        socket.on("data", (c: string) => (got += c));
        socket.on("end", () => resolve(got));
        socket.on("error", reject);
      });
      expect({ status: text.split(" ")[1], json: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) }).toMatchObject({
        status: "403",
        json: { kind: "forbidden-host" },
      });
    }
  });

  it("a body past the size limit: 413 too-large, even sent chunked", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      {
        const huge = { ...spawnAttempt(), frame: "x".repeat(1024 * 1024 + 10) };
        const { status, json } = await app.post(
          "/api/bridge/cancel",
          huge,
          { [TOKEN_HEADER]: TOKEN },
          { chunked: true },
        );
        expect({ status, json }).toEqual({
          status: 413,
          json: { ok: false, kind: "too-large", message: "the request body exceeds 1048576 bytes" },
        });
      }
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });
});

describe("what a bridge route lets through", () => {
  it("a signed-in browser (its secret, same-origin) is let through", async () => {
    const { status, json } = await app.post(
      "/api/bridge/cancel",
      { sendId: "none" },
      {
        [SESSION_HEADER]: mintBrowserSecret(),
        "Sec-Fetch-Site": "same-origin",
        Origin: `http://${launchHostname()}:${app.port}`,
        Host: `${launchHostname()}:${app.port}`,
      },
    );
    expect({ status, json }).toEqual({ status: 200, json: { ok: true, value: { cancelled: false } } });
  });

  it("a send records its wire events (spawn, stdin, stdout with the reply)", async () => {
    const kinds: string[][] = [];
    {
      const body = {
        sendId: `fp-send-${app.port}`,
        target: { kind: "demo", server: "calendar", transport: "stdio" },
        frame: JSON.stringify(request(7, "tools/list", { _meta: ENVELOPE })),
        processMode: "fresh",
      };
      const { status, json, headers } = await app.post("/api/bridge/send", body, { [TOKEN_HEADER]: TOKEN });
      expect(status).toBe(200);
      expect(headers["content-type"]).toBe("application/json");
      expect(headers["cache-control"]).toBe("no-store");
      const exchange = (json as { value: Exchange }).value;
      recordPids(exchange);
      expect(exchange.outcome.kind).toBe("response");
      kinds.push([...new Set(exchange.events.map((e) => e.kind))].filter((k) => k !== "stderr").sort());
    }
    expect(kinds[0]).toEqual(expect.arrayContaining(["spawn", "stdin", "stdout"]));
  });

  it("a caller that goes away mid-send cancels it: its process ends at once, not at the timeout", async () => {
    const silent = { kind: "stdio", command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] };
    const body = JSON.stringify({
      sendId: "fp-gone",
      target: silent,
      frame: JSON.stringify(request(1, "ping")),
      processMode: "fresh",
      timeoutMs: 60_000,
    });
    const socket = net.connect(app.port, "127.0.0.1", () =>
      socket.write(
        `POST /api/bridge/send HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n${TOKEN_HEADER}: ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    // The caller goes away once its send is in flight (the fresh process is up).
    await expect.poll(() => livePids().length, { timeout: 10_000 }).toBe(1);
    socket.destroy();
    // Cancelled by the abort (its process ended), not left to its 60 s timeout.
    await expect.poll(() => livePids(), { timeout: 10_000 }).toEqual([]);
    expect((await app.post("/api/bridge/cancel", { sendId: "fp-gone" }, { [TOKEN_HEADER]: TOKEN })).json).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});
