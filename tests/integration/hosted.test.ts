/**
 * Hosted mode end to end, through the app's routes with PLAYGROUND_MODE=hosted: only embedded servers run,
 * the SSRF guard refuses every non-public destination before a byte is sent, the pinned address is the one
 * the socket goes to, nothing is kept between requests, and clients are rate- and concurrency-limited.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SendRequestSchema, TOKEN_HEADER, type Exchange, type WireEvent } from "@/lib/bridge/contract";
import { sendHttp } from "@/lib/node/bridge/http";
import { ExchangeRecorder } from "@/lib/node/bridge/recorder";
import { send, sendLoad } from "@/lib/node/bridge/send";
import { livePids } from "@/lib/node/bridge/stdio";
import { startHostileHttp } from "../fixtures/hostile-http";
import { startAppRoutesAs, type AppRoutes } from "./app-routes";
import { ENVELOPE, FIXTURES, endAllAndAssertNoneAlive, isAlive, recordPids, request } from "./helpers";
import { readOutcome } from "@/tests/helpers/exchange";

const TOKEN = "hosted-test-token";
let app: AppRoutes;
let hostile: Awaited<ReturnType<typeof startHostileHttp>>;
let clientNo = 0;

beforeAll(async () => {
  app = await startAppRoutesAs(TOKEN);
  vi.stubEnv("PORT", String(app.port));
  vi.stubEnv("PLAYGROUND_MODE", "hosted");
  // Each client stands behind one trusted proxy (app-routes stamps the loopback peer): X-Forwarded-For names it.
  vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
  hostile = await startHostileHttp();
});
afterAll(async () => {
  await hostile.close();
  await app.close();
  await endAllAndAssertNoneAlive();
});

/** Each test is its own client (its own address), so the rate limit of one never leaks into another. */
function client(): Record<string, string> {
  return { [TOKEN_HEADER]: TOKEN, "X-Forwarded-For": `198.51.100.${++clientNo}` };
}
const frame = JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE }));
const sendBody = (target: unknown, over: Record<string, unknown> = {}) => ({
  sendId: `h-${Math.random().toString(36).slice(2)}`,
  target,
  frame,
  ...over,
});
async function sendVia(target: unknown, over: Record<string, unknown> = {}): Promise<Exchange> {
  const { status, json } = await app.post("/api/bridge/send", sendBody(target, over), client());
  expect(status).toBe(200);
  const exchange = (json as { value: Exchange }).value;
  recordPids(exchange);
  return exchange;
}
const ofKind = <K extends WireEvent["kind"]>(ex: Exchange, kind: K) =>
  ex.events.filter((e): e is Extract<WireEvent, { kind: K }> => e.kind === kind);

describe("hosted mode: what runs", () => {
  it("MCP Apps without the sandbox's settings answer 403 refused, naming the settings (not 500)", async () => {
    vi.stubEnv("PLAYGROUND_APPS_SANDBOX_ORIGIN", "");
    const { status, json } = await app.post("/api/apps/sandbox", {}, client());
    expect({ status, json }).toEqual({
      status: 403,
      json: {
        ok: false,
        kind: "refused",
        message:
          "hosted mode renders MCP Apps only when PLAYGROUND_APPS_SANDBOX_PORT and PLAYGROUND_APPS_SANDBOX_ORIGIN name an exposed port and its public origin",
      },
    });
  });

  it("an arbitrary command is refused before anything is spawned", async () => {
    const ex = await sendVia({ kind: "stdio", command: process.execPath, args: [`${FIXTURES}/echo-pid.mjs`] });
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "refused",
      message: expect.stringMatching(
        /^hosted mode runs only the embedded servers.*arbitrary commands are refused.*nothing was sent$/,
      ),
    });
    expect(ofKind(ex, "spawn")).toEqual([]);
    expect(ex.process).toBeUndefined();
  });

  it("the embedded calendar over stdio answers, in a fresh process that is gone afterwards", async () => {
    const ex = await sendVia({ kind: "demo", server: "calendar", transport: "stdio" });
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { result: { tools: expect.any(Array) } } });
    expect(ofKind(ex, "note").map((n) => n.text)).toContain(
      "hosted mode: every stdio message runs in a fresh process, ended after the reply (no process is kept between requests)",
    );
    expect(ex.process).toMatchObject({ fresh: true });
    expect(isAlive(ex.process!.pid)).toBe(false);
    expect(livePids()).toEqual([]);
  });

  it("server-everything over stdio is an embedded preset and runs", async () => {
    const ex = await sendVia({ kind: "demo", server: "everything", transport: "stdio" }, { timeoutMs: 20_000 });
    expect(readOutcome(ex)).toMatchObject({ kind: "response" });
  });

  it("the calendar over HTTP is served by the app itself and stays reachable", async () => {
    const ex = await sendVia({ kind: "demo", server: "calendar", transport: "http" });
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { result: { tools: expect.any(Array) } } });
    expect(ofKind(ex, "http-request")[0].url).toBe(`http://127.0.0.1:${app.port}/api/demo/calendar`);
  });

  it("process control is refused: nothing is kept to control (403)", async () => {
    const { status, json } = await app.post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } },
      client(),
    );
    expect(status).toBe(403);
    expect(json).toMatchObject({
      ok: false,
      kind: "refused",
      message: expect.stringMatching(/keeps no processes between requests/),
    });
  });
});

describe("hosted mode: the SSRF guard", () => {
  const refusedRows: { rule: string; url: () => string; says: RegExp }[] = [
    {
      rule: "the bridge's own send route (loopback) is refused",
      url: () => `http://127.0.0.1:${app.port}/api/bridge/send`,
      says: /127\.0\.0\.1 is a loopback address/,
    },
    {
      rule: "a loopback name is refused",
      url: () => `http://localhost:${app.port}/api/demo/calendar`,
      says: /localhost is a loopback name/,
    },
    {
      rule: "IPv6 loopback is refused",
      url: () => `http://[::1]:${app.port}/api/demo/calendar`,
      says: /::1 is a loopback address/,
    },
    {
      rule: "the cloud metadata address is refused",
      url: () => "http://169.254.169.254/latest/meta-data/",
      says: /instance-metadata service/,
    },
    { rule: "a private address is refused", url: () => "http://192.168.1.1/mcp", says: /RFC 1918/ },
    {
      rule: "an IPv4-mapped loopback is refused",
      url: () => `http://[::ffff:127.0.0.1]:${app.port}/mcp`,
      says: /127\.0\.0\.1 is a loopback/,
    },
    {
      rule: "a decimal spelling of loopback is refused",
      url: () => `http://2130706433:${app.port}/mcp`,
      says: /loopback/,
    },
  ];
  for (const row of refusedRows) {
    it(`${row.rule}, before any request is made`, async () => {
      const ex = await sendVia({ kind: "http", url: row.url() });
      expect(ex.outcome).toMatchObject({
        kind: "failure",
        failure: "refused",
        message: expect.stringMatching(row.says),
      });
      expect((ex.outcome as { message: string }).message).toMatch(/SSRF guard/);
      expect(ofKind(ex, "http-request")).toEqual([]);
    });
  }

  it("a redirect to a private address is reported, not followed, and named as refused", async () => {
    // Every server here is on loopback, so this one is admitted the way the lab admits its own instances.
    const url = hostile.url("/redirect-canary");
    const ex = await send(
      SendRequestSchema.parse({ sendId: "hosted-redirect", target: { kind: "http", url }, frame }),
      { trustedUrls: [url] },
    );
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "http-status",
      message: expect.stringMatching(
        /^HTTP 302 Found → Location: http:\/\/127\.0\.0\.1:\d+\/mcp \(the bridge does not follow redirects; following it would be refused in any case: 127\.0\.0\.1 is a loopback address/,
      ),
    });
    expect(hostile.stats.canaryHits).toBe(0);
  });

  it("a redirect to the metadata service is named as such", async () => {
    const url = hostile.url("/redirect-metadata");
    const ex = await send(
      SendRequestSchema.parse({ sendId: "hosted-redirect-md", target: { kind: "http", url }, frame }),
      { trustedUrls: [url] },
    );
    expect((ex.outcome as { message: string }).message).toMatch(
      /following it would be refused in any case: 169\.254\.169\.254 is the cloud instance-metadata service/,
    );
  });

  it("the pinned address is where the socket goes; Host stays the name the user wrote (no second DNS lookup)", async () => {
    const seen: { host?: string; remote?: string } = {};
    const server = http.createServer((req, res) => {
      seen.host = req.headers.host;
      seen.remote = req.socket.localAddress;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      // ".test" never resolves (RFC 6761): reaching the server proves the connection used the pinned address.
      const rec = new ExchangeRecorder({
        sendId: "pin",
        targetLabel: "pin",
        transport: "http",
        sent: frame,
        timeoutMs: 5000,
      });
      const outcome = await sendHttp(
        {
          url: `http://mcp.pinned.test:${port}/mcp`,
          headers: [],
          pinned: { hostname: "mcp.pinned.test", address: "127.0.0.1", family: 4 },
        },
        frame,
        {
          recorder: rec,
          timeoutMs: 5000,
          signal: new AbortController().signal,
        },
      );
      expect(outcome).toEqual({ kind: "response", frame: { jsonrpc: "2.0", id: 1, result: {} } });
      expect(seen).toEqual({ host: `mcp.pinned.test:${port}`, remote: "127.0.0.1" });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("hosted mode: per-client limits", () => {
  it("a client past its burst is refused with 429 and Retry-After; another client is not affected", async () => {
    const me = client();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<AppRoutes["post"]>> | undefined;
    // The bucket refills 2 tokens a second: its clock (performance.now) stands still during the burst, so that a slow
    // or busy machine taking over half a second for 21 calls cannot refill it (the refill has its unit test).
    const clock = vi.spyOn(performance, "now").mockReturnValue(performance.now());
    try {
      for (let i = 0; i < 21; i++) {
        last = await app.post("/api/bridge/cancel", { sendId: `nothing-${i}` }, me);
        statuses.push(last.status);
      }
    } finally {
      clock.mockRestore();
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(last!.headers["retry-after"]).toBe("1");
    expect(last!.json).toMatchObject({
      ok: false,
      kind: "rate-limited",
      message: expect.stringMatching(/too many calls: hosted mode allows bursts of 20 and 2 per second/),
    });
    expect((await app.post("/api/bridge/cancel", { sendId: "other" }, client())).status).toBe(200);
  });

  it("a client with 4 calls in flight is refused a fifth (429) until one ends", async () => {
    const me = client();
    // The SDK calendar drops a request with a fractional id without a word: each stays in flight for its timeout.
    const slow = { kind: "demo", server: "calendar", transport: "stdio" };
    const stuck = JSON.stringify({ jsonrpc: "2.0", id: 0.5, method: "tools/list", params: { _meta: ENVELOPE } });
    const inFlight = Array.from({ length: 4 }, (_, i) =>
      app.post("/api/bridge/send", sendBody(slow, { sendId: `stuck-${i}`, frame: stuck, timeoutMs: 1500 }), me),
    );
    // All four hold a send slot (so each was admitted for this client) before the fifth is asked for.
    await expect.poll(() => sendLoad().running, { timeout: 10_000 }).toBe(4);
    const fifth = await app.post("/api/bridge/send", sendBody(slow), me);
    expect(fifth.status).toBe(429);
    expect(fifth.json.message).toMatch(/4 of your calls are already in flight/);
    await Promise.all(inFlight);
    expect((await app.post("/api/bridge/send", sendBody(slow), me)).status).toBe(200);
  });
});

describe("hosted mode: smaller sizes", () => {
  it("a frame over 64 KiB is refused in hosted mode, before anything is spawned", async () => {
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_event", arguments: { title: "x".repeat(70 * 1024) }, _meta: ENVELOPE },
    });
    const ex = await sendVia({ kind: "demo", server: "calendar", transport: "http" }, { frame: big });
    expect(ex.outcome).toEqual({
      kind: "failure",
      failure: "size",
      message: `the frame is ${big.length} bytes; the bridge sends at most 65536 bytes in hosted mode; nothing was sent`,
    });
    expect(ofKind(ex, "http-request")).toEqual([]);
  });

  it("a request body over 1 MiB is refused in hosted mode (413)", async () => {
    const { status, json } = await app.post("/api/bridge/send", "x".repeat(1024 * 1024 + 1), client());
    expect(status).toBe(413);
    expect(json).toMatchObject({ ok: false, kind: "too-large", message: "the request body exceeds 1048576 bytes" });
  });
});

describe("hosted mode: listen streams", () => {
  const listenFrame = JSON.stringify(request("sub-1", "subscriptions/listen", { _meta: ENVELOPE }));

  it("a listen over stdio is refused before streaming: no process would outlive the request (403)", async () => {
    const { status, json } = await app.post(
      "/api/bridge/listen",
      { listenId: "hl-1", target: { kind: "demo", server: "calendar", transport: "stdio" }, frame: listenFrame },
      client(),
    );
    expect(status).toBe(403);
    expect(json).toMatchObject({
      ok: false,
      kind: "refused",
      message: expect.stringMatching(/listen stream over stdio has nothing to listen to/),
    });
    expect(livePids()).toEqual([]);
  });

  it("a listen to the metadata address ends at once with the SSRF refusal, nothing sent", async () => {
    const { status, text } = await app.postText(
      "/api/bridge/listen",
      { listenId: "hl-2", target: { kind: "http", url: "http://169.254.169.254/mcp" }, frame: listenFrame },
      client(),
    );
    expect(status).toBe(200);
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { kind: string; reason?: string; message?: string; event?: { kind: string } });
    expect(lines.map((l) => l.kind)).toEqual(["open", "end"]);
    expect(lines[1]).toMatchObject({
      reason: "failure",
      message: expect.stringMatching(/instance-metadata service.*SSRF guard.*nothing was sent/),
    });
  });

  it("the client's in-flight slot is given back when a listen stream ends", async () => {
    const me = client();
    for (let i = 0; i < 6; i++) {
      const { status } = await app.postText(
        "/api/bridge/listen",
        { listenId: `hl-slot-${i}`, target: { kind: "http", url: "http://10.0.0.1/mcp" }, frame: listenFrame },
        me,
      );
      expect(status).toBe(200);
    }
  });
});
