/**
 * The fast server (scripts/serve.mjs → scripts/bridge-entry.ts) answers the JSON bridge routes on node:http
 * directly, without WHATWG Request/Response: every refusal must be the one Next's carrier gives — same status,
 * same kind, same message — and an accepted call the same exchange. Each row runs against both carriers.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { livePids } from "@/lib/bridge/server/stdio";
import { sessionCookieHeader } from "@/lib/bridge/server/token";
import { startAppRoutes, type AppRoutes } from "./app-routes";
import { ENVELOPE, endAllAndAssertNoneAlive, recordPids, request } from "./helpers";

vi.mock("server-only", () => ({}));

const TOKEN = "fast-path-guards-token-0123456789";
const carriers: Record<"next" | "fast", AppRoutes> = {} as never;
beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "");
  vi.stubEnv("PLAYGROUND_ALLOWED_ORIGINS", "");
  carriers.next = await startAppRoutes();
  carriers.fast = await startAppRoutes({ carrier: "fast" });
});
afterAll(async () => {
  await carriers.next.close();
  await carriers.fast.close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
});

const spawnAttempt = () => ({
  sendId: `fp-${Math.random().toString(36).slice(2)}`,
  target: { kind: "stdio", command: "/bin/sh", args: ["-c", "touch /tmp/playground-fast-path-should-not-exist"] },
  frame: JSON.stringify(request(1, "ping")),
});
const cookieFor = (app: AppRoutes) => sessionCookieHeader(String(app.port)).split(";")[0];

/** An answer with the carrier's own port written as <port> (messages quote the request's Host). */
const portless = (app: AppRoutes, answer: { status: number | string; json: unknown }) =>
  JSON.parse(JSON.stringify(answer).replaceAll(String(app.port), "<port>"));

/** Both carriers' answers to the same call, status and JSON body. */
async function both(path: string, body: (app: AppRoutes) => string | object, headers: (app: AppRoutes) => Record<string, string>) {
  const out = [];
  for (const app of [carriers.next, carriers.fast]) {
    const { status, json } = await app.post(path, body(app), headers(app));
    out.push(portless(app, { status, json }));
  }
  return out;
}

describe("the fast carrier refuses exactly as Next's does", () => {
  const rows: { rule: string; status: number; kind: string; headers: (app: AppRoutes) => Record<string, string>; body?: string }[] = [
    { rule: "no token and no sign-in cookie", status: 401, kind: "unauthorized", headers: () => ({}) },
    { rule: "a wrong token", status: 401, kind: "unauthorized", headers: () => ({ [TOKEN_HEADER]: `${TOKEN}x` }) },
    {
      rule: "the sign-in cookie of another port",
      status: 401,
      kind: "unauthorized",
      headers: () => ({ Cookie: `mcp-playground-1=${cookieFor(carriers.next).split("=")[1]}` }),
    },
    {
      rule: "the sign-in cookie on a cross-site request",
      status: 401,
      kind: "unauthorized",
      headers: (app) => ({ Cookie: cookieFor(app), "Sec-Fetch-Site": "cross-site" }),
    },
    {
      rule: "a Host that is not loopback (DNS rebinding)",
      status: 403,
      kind: "forbidden-host",
      headers: () => ({ [TOKEN_HEADER]: TOKEN, Host: "evil.example:80" }),
    },
    { rule: "a foreign Origin", status: 403, kind: "forbidden-origin", headers: () => ({ [TOKEN_HEADER]: TOKEN, Origin: "http://evil.example" }) },
    {
      rule: "a loopback Origin on another port",
      status: 403,
      kind: "forbidden-origin",
      headers: () => ({ [TOKEN_HEADER]: TOKEN, Origin: "http://127.0.0.1:1" }),
    },
    { rule: "the opaque Origin null", status: 403, kind: "forbidden-origin", headers: () => ({ [TOKEN_HEADER]: TOKEN, Origin: "null" }) },
    { rule: "a body that is not JSON", status: 400, kind: "bad-request", headers: () => ({ [TOKEN_HEADER]: TOKEN }), body: "{not json" },
    {
      rule: "a body that nests too deep",
      status: 400,
      kind: "bad-request",
      headers: () => ({ [TOKEN_HEADER]: TOKEN }),
      body: "[".repeat(600) + "]".repeat(600),
    },
    {
      rule: "a body the contract does not accept",
      status: 400,
      kind: "bad-request",
      headers: () => ({ [TOKEN_HEADER]: TOKEN }),
      body: JSON.stringify({ sendId: "", target: { kind: "nope" }, frame: 1 }),
    },
  ];
  for (const row of rows) {
    it(`${row.rule}: ${row.status} ${row.kind}, the same message`, async () => {
      const [viaNext, viaFast] = await both("/api/bridge/send", () => row.body ?? spawnAttempt(), row.headers);
      expect(viaNext).toMatchObject({ status: row.status, json: { ok: false, kind: row.kind } });
      expect(viaFast).toEqual(viaNext);
    });
  }

  it("a doubled Host header (loopback, then foreign) is refused by both as one joined Host", async () => {
    const answers = [];
    for (const app of [carriers.next, carriers.fast]) {
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
      answers.push(portless(app, { status: text.split(" ")[1], json: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) }));
    }
    expect(answers[0]).toMatchObject({ status: "403", json: { kind: "forbidden-host" } });
    expect(answers[1]).toEqual(answers[0]);
  });

  it("a body past the size limit: 413 too-large from both, even sent chunked", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      for (const app of [carriers.next, carriers.fast]) {
        const huge = { ...spawnAttempt(), frame: "x".repeat(1024 * 1024 + 10) };
        const { status, json } = await app.post("/api/bridge/cancel", huge, { [TOKEN_HEADER]: TOKEN }, { chunked: true });
        expect({ status, json }).toEqual({ status: 413, json: { ok: false, kind: "too-large", message: "the request body exceeds 1048576 bytes" } });
      }
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });
});

describe("the fast carrier accepts what Next's does", () => {
  it("a signed-in browser (cookie, same-origin) is let through", async () => {
    const [viaNext, viaFast] = await both(
      "/api/bridge/cancel",
      () => ({ sendId: "none" }),
      (app) => ({ Cookie: cookieFor(app), "Sec-Fetch-Site": "same-origin", Origin: app.origin }),
    );
    expect(viaNext).toEqual({ status: 200, json: { ok: true, value: { cancelled: false } } });
    expect(viaFast).toEqual(viaNext);
  });

  it("a send records the same wire events through both (spawn, stdin, stdout with the reply)", async () => {
    const kinds: string[][] = [];
    for (const app of [carriers.next, carriers.fast]) {
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
    expect(kinds[1]).toEqual(kinds[0]);
  });

  it("a caller that goes away mid-send cancels it: its process ends at once, not at the timeout", async () => {
    const app = carriers.fast;
    const silent = { kind: "stdio", command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] };
    const body = JSON.stringify({ sendId: "fp-gone", target: silent, frame: JSON.stringify(request(1, "ping")), processMode: "fresh", timeoutMs: 60_000 });
    await new Promise<void>((resolve) => {
      const socket = net.connect(app.port, "127.0.0.1", () => {
        socket.write(
          `POST /api/bridge/send HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n${TOKEN_HEADER}: ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        setTimeout(() => (socket.destroy(), resolve()), 500);
      });
    });
    // Cancelled by the abort (its process ended), not left to its 60 s timeout.
    await expect.poll(() => livePids(), { timeout: 10_000 }).toEqual([]);
    expect((await app.post("/api/bridge/cancel", { sendId: "fp-gone" }, { [TOKEN_HEADER]: TOKEN })).json).toEqual({ ok: true, value: { cancelled: false } });
  });
});
