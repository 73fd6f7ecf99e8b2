/**
 * Listen streams under attack (issue 13, findings 4, 7 and 9), through the app's routes and real sockets:
 * a page that goes away mid-stream gives its client's slot back, one client cannot hold the instance's
 * streams, hosted streams are shorter, and a stream past the per-exchange event cap keeps forwarding.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { ListenRequestSchema, type ListenLine } from "@/lib/bridge/listen-contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import { beginListen, listenResponse, openListenCount, runListen } from "@/lib/node/bridge/listen";
import { livePids } from "@/lib/node/bridge/stdio";
import { appRoutesForFile } from "./app-routes";
import { ENVELOPE, request } from "./helpers";
import { eventFrame } from "@/lib/protocol/exchange";

const TOKEN = "listen-abuse-token";
let clientNo = 0;

const app = appRoutesForFile(TOKEN, () => {
  expect(openListenCount()).toBe(0);
  expect(livePids(), "these streams spawn nothing").toEqual([]);
});

function hosted() {
  vi.stubEnv("PORT", String(app.port));
  vi.stubEnv("PLAYGROUND_MODE", "hosted");
  // The test client stands behind one trusted proxy (app-routes stamps the loopback peer): X-Forwarded-For names it.
  vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
}
function local() {
  vi.stubEnv("PLAYGROUND_MODE", "");
}

function client(): Record<string, string> {
  return { [TOKEN_HEADER]: TOKEN, "X-Forwarded-For": `203.0.113.${++clientNo}` };
}

const calendarHttp = { kind: "demo", server: "calendar", transport: "http" };
const listenFrame = JSON.stringify(
  request("sub", "subscriptions/listen", {
    _meta: ENVELOPE,
    notifications: { resourceSubscriptions: ["calendar://week"] },
  }),
);
/** The body of a listen request for the week's resource subscriptions on the calendar over HTTP. */
const listenTo = (listenId: string) => ({ listenId, target: calendarHttp, frame: listenFrame });
/** That listen request, as a POST whose answer is read whole (for a refusal). */
const postListen = (listenId: string, headers: Record<string, string>) =>
  app.post("/api/bridge/listen", listenTo(listenId), headers);
/** Opening listen `listenId` with `headers` is refused: 429, rate-limited, saying `message`. */
async function expectListenRateLimited(listenId: string, headers: Record<string, string>, message: string) {
  const refused = await postListen(listenId, headers);
  expect(refused.status).toBe(429);
  expect(refused.json).toMatchObject({ ok: false, kind: "rate-limited", message });
}

/** A listen POST on a real socket: its NDJSON lines as they come, and destroy() to go away like a closed tab. */
function rawListen(body: object, headers: Record<string, string>) {
  const lines: ListenLine[] = [];
  let status = 0;
  let wake: (() => void) | undefined;
  const text = JSON.stringify(body);
  const req = http.request(`${app.origin}/api/bridge/listen`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers },
  });
  const done = new Promise<void>((resolve) => {
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
          lines.push(JSON.parse(buffer.slice(0, i)) as ListenLine);
          buffer = buffer.slice(i + 1);
        }
        wake?.();
      });
      res.on("close", () => resolve());
      res.on("error", () => resolve());
    });
    req.on("error", () => resolve());
  });
  req.end(text);
  const until = async (test: (l: ListenLine) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!lines.some(test)) {
      if (Date.now() > deadline)
        throw new Error(`timed out (status ${status}); lines: ${JSON.stringify(lines).slice(0, 2000)}`);
      await new Promise<void>((r) => ((wake = r), setTimeout(r, 50)));
    }
  };
  return { lines, done, until, status: () => status, destroy: () => req.destroy() };
}

const acknowledged = (l: ListenLine) =>
  l.kind === "event" &&
  (eventFrame(l.event) as { method?: string } | undefined)?.method === "notifications/subscriptions/acknowledged";

async function allListensClosed() {
  const deadline = Date.now() + 10_000;
  while (openListenCount() > 0) {
    if (Date.now() > deadline) throw new Error(`${openListenCount()} listen streams still open`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // No pause needed after this: the stream's end and the slot's release (listenResponse's onEnd) follow its
  // unregistering in the same chain of promise reactions, which has run before this timer-driven poll saw 0.
}

describe("hosted mode: listen streams whose page went away", () => {
  beforeAll(hosted);

  it("a closed tab gives its client's in-flight slot back: after four aborted listen connections the client is still admitted", async () => {
    const me = client();
    for (let i = 0; i < 4; i++) {
      const stream = rawListen(listenTo(`tab-${i}`), me);
      await stream.until(acknowledged);
      stream.destroy(); // the tab closes: the socket goes away mid-stream
      await stream.done;
      await allListensClosed();
    }
    const after = await app.post("/api/bridge/cancel", { sendId: "after-tabs" }, me);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ ok: true });
  });
});

describe("hosted mode: listen quota and duration", () => {
  beforeAll(hosted);

  it(`one client holds at most ${2} listen streams; the next is refused (429) while another client still opens one`, async () => {
    const me = client();
    const a = rawListen(listenTo("quota-a"), me);
    const b = rawListen(listenTo("quota-b"), me);
    await Promise.all([a.until(acknowledged), b.until(acknowledged)]);
    await expectListenRateLimited(
      "quota-c",
      me,
      "you already have 2 listen streams open; hosted mode allows 2 per client: close one first",
    );
    const other = rawListen(listenTo("quota-other"), client());
    await other.until(acknowledged);
    for (const s of [a, b, other]) s.destroy();
    await allListensClosed();
  });

  it("issue 26, item 6: addresses of one IPv6 /64 are one client: its 2 streams from two addresses, a third address is refused (429); another /64 opens one", async () => {
    const from = (address: string) => ({ [TOKEN_HEADER]: TOKEN, "X-Forwarded-For": address });
    const a = rawListen(listenTo("v6-a"), from("2001:db8:1:2::a"));
    const b = rawListen(listenTo("v6-b"), from("2001:db8:1:2::b"));
    await Promise.all([a.until(acknowledged), b.until(acknowledged)]);
    const third = await postListen("v6-c", from("2001:db8:1:2:ffff:eeee:dddd:c"));
    expect(third.status).toBe(429);
    expect(third.json.message).toBe(
      "you already have 2 listen streams open; hosted mode allows 2 per client: close one first",
    );
    const other = rawListen(listenTo("v6-other"), from("2001:db8:1:3::a"));
    await other.until(acknowledged);
    for (const s of [a, b, other]) s.destroy();
    await allListensClosed();
  });

  it("issue 26, item 6: four clients at their 2 streams each leave room for the class; only the instance's 48 is refused (429, what to do)", async () => {
    const streams: ReturnType<typeof rawListen>[] = [];
    const open = async (who: Record<string, string>, n: number) => {
      const mine = Array.from({ length: n }, () =>
        rawListen(listenTo(`class-${streams.length}-${Math.random()}`), who),
      );
      streams.push(...mine);
      await Promise.all(mine.map((s) => s.until(acknowledged)));
    };
    try {
      for (let i = 0; i < 4; i++) await open(client(), 2);
      await open(client(), 1); // the fifth client (the attack pass's "8 listen streams are already open")
      while (streams.length < 48) await open(client(), Math.min(2, 48 - streams.length));
      await expectListenRateLimited(
        "class-49",
        client(),
        "48 listen streams are already open on this playground, its limit for everyone together; try again in a few minutes (a hosted stream lasts at most 10)",
      );
    } finally {
      for (const s of streams) s.destroy();
      await allListensClosed();
    }
  });

  it("a hosted listen stream lasts at most 10 minutes, whatever maxDurationMs asks", () => {
    const handle = beginListen(
      ListenRequestSchema.parse({
        listenId: "long",
        target: calendarHttp,
        frame: listenFrame,
        maxDurationMs: 3_600_000,
      }),
      "someone",
    );
    handle.unregister();
    expect(handle.maxDurationMs).toBe(600_000);
    local();
    const localHandle = beginListen(
      ListenRequestSchema.parse({
        listenId: "long-local",
        target: calendarHttp,
        frame: listenFrame,
        maxDurationMs: 3_600_000,
      }),
    );
    localHandle.unregister();
    expect(localHandle.maxDurationMs).toBe(3_600_000);
  });
});

describe("a listen stream past the per-exchange event cap", () => {
  beforeAll(local);

  it("forwards every new event once: nothing repeats, nothing past the cap is dropped", async () => {
    const count = LIMITS.maxEventsPerExchange + 200;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        let out = "";
        for (let n = 0; n < count; n++)
          out += `data: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: n } })}\n\n`;
        out += `data: ${JSON.stringify({ jsonrpc: "2.0", id: "sub", result: {} })}\n\n`;
        res.end(out);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const lines: ListenLine[] = [];
      const req = ListenRequestSchema.parse({
        listenId: "past-cap",
        target: { kind: "http", url },
        frame: JSON.stringify(request("sub", "subscriptions/listen", { _meta: ENVELOPE })),
      });
      const end = await runListen(req, {}, (line) => lines.push(line));
      expect(end.reason).toBe("closed-by-server");
      const seen = lines.flatMap((l) =>
        l.kind === "event" && l.event.kind === "sse-event"
          ? [eventFrame(l.event) as { params?: { data: number } }]
          : [],
      );
      const numbers = seen.flatMap((f) => (f.params ? [f.params.data] : []));
      expect(numbers.length).toBe(count);
      expect(numbers).toEqual(Array.from({ length: count }, (_, n) => n));
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it(`a page that stops reading has its stream ended ("limit") once ${LIMITS.maxListenBacklogBytes} bytes wait, not buffered without bound`, async () => {
    const event = `data: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "y".repeat(1000) } })}\n\n`;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        // 8 MiB of events, more than the backlog allows and less than the exchange's reply limit.
        const chunk = event.repeat(64);
        for (let i = 0; i < Math.ceil((8 * 1024 * 1024) / chunk.length); i++) res.write(chunk);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const req = ListenRequestSchema.parse({
        listenId: "slow-page",
        target: { kind: "http", url },
        frame: JSON.stringify(request("sub", "subscriptions/listen", { _meta: ENVELOPE })),
      });
      let ended = false;
      const body = listenResponse(req, {}, new AbortController().signal, () => (ended = true));
      const deadline = Date.now() + 20_000;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50)); // nobody reads meanwhile
      expect(ended).toBe(true);
      const text = await new Response(body).text();
      const last = JSON.parse(text.trimEnd().split("\n").at(-1)!) as ListenLine;
      expect(last).toMatchObject({
        kind: "end",
        reason: "limit",
        message: `the page read the stream too slowly: more than ${LIMITS.maxListenBacklogBytes} bytes were waiting, so the bridge closed it`,
      });
      expect(text.length).toBeLessThan(LIMITS.maxListenBacklogBytes + 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
