/**
 * The embedded demo endpoints (/api/demo/<server>) under attack (issue 13, finding 5), through the app's routes on
 * real sockets: a direct call is a client like any other in hosted mode (frame limit, rate and concurrency), the
 * bridge's own loopback calls are not charged twice, and the calendar keeps a bounded amount whoever writes to it.
 */
import http from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { livePids } from "@/lib/node/bridge/stdio";
import { CALENDAR_BOUNDS } from "@/lib/node/demo-servers/calendar-bounds";
import { appRoutesForFile } from "./app-routes";
import { ENVELOPE, request } from "./helpers";

const TOKEN = "demo-abuse-token";
let clientNo = 0;

const app = appRoutesForFile(TOKEN, () => expect(livePids(), "these calls spawn nothing").toEqual([]));
beforeAll(() => {
  vi.stubEnv("PORT", String(app.port));
});

function hosted() {
  vi.stubEnv("PLAYGROUND_MODE", "hosted");
  vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
}

/** A client behind the (trusted) proxy: its own address in X-Forwarded-For. */
const client = () => ({ "X-Forwarded-For": `198.51.100.${++clientNo}` });

function createFrame(id: number, title: string): string {
  return JSON.stringify(
    request(id, "tools/call", {
      _meta: ENVELOPE,
      name: "create_event",
      arguments: { title, startsAt: "2026-09-10T08:30:00Z" },
    }),
  );
}

/** A POST straight to the in-app calendar, as any HTTP client could send it (no bridge in between). */
function direct(
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.origin}/api/demo/calendar`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2026-07-28",
          "Mcp-Method": "tools/call",
          "Mcp-Name": "create_event",
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function weekTitles(): Promise<string[]> {
  const frame = JSON.stringify(request(99, "resources/read", { _meta: ENVELOPE, uri: "calendar://week" }));
  const { text } = await direct(frame, { "Mcp-Method": "resources/read", "Mcp-Name": "calendar://week", ...client() });
  const json = JSON.parse(
    text.startsWith("{")
      ? text
      : text
          .split("\n")
          .find((l) => l.startsWith("data: "))!
          .slice(6),
  ) as { result: { contents: { text: string }[] } };
  return (JSON.parse(json.result.contents[0].text) as { title: string }[]).map((e) => e.title);
}

describe("hosted mode: a direct call to /api/demo/calendar", () => {
  beforeAll(hosted);

  it("a body over 64 KiB is refused with 413 before the calendar sees it, and nothing is kept", async () => {
    const me = client();
    const small = await direct(createFrame(1, "Small and fine"), me);
    expect(small.status).toBe(200);
    const huge = await direct(createFrame(2, "x".repeat(3.9 * 1024 * 1024)), me);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toEqual({
      ok: false,
      kind: "too-large",
      message:
        "the request body exceeds 65536 bytes (the largest frame this mode accepts); nothing reached the demo server",
    });
    const titles = await weekTitles();
    expect(titles).toContain("Small and fine");
    expect(titles.some((t) => t.startsWith("xxx"))).toBe(false);
  });

  it("is rate-limited like a bridge call: past the burst of 20 the client gets 429 with Retry-After, another client does not", async () => {
    const me = client();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof direct>> | undefined;
    // The bucket refills 2 per second while these run, so the refusal comes a few calls after the 20th.
    for (let i = 0; i < 80 && !refused; i++) {
      const reply = await direct(createFrame(10 + i, `burst ${i}`), me);
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(refused?.headers["retry-after"]).toBeDefined();
    expect(JSON.parse(refused!.text)).toMatchObject({
      ok: false,
      kind: "rate-limited",
      message: expect.stringMatching(/too many calls: hosted mode allows bursts of 20/),
    });
    expect((await direct(createFrame(41, "someone else"), client())).status).toBe(200);
  });

  it("the bridge's own calls to the in-app calendar are not charged again: 30 sends from 3 clients all answer", async () => {
    const clients = [client(), client(), client()];
    for (let i = 0; i < 30; i++) {
      const { status, json } = await app.post(
        "/api/bridge/send",
        {
          sendId: `own-${i}`,
          target: { kind: "demo", server: "calendar", transport: "http" },
          frame: JSON.stringify(request(i, "tools/list", { _meta: ENVELOPE })),
        },
        { [TOKEN_HEADER]: TOKEN, ...clients[i % 3] },
      );
      expect(status).toBe(200);
      expect((json as { value: Exchange }).value.outcome.kind).toBe("response");
    }
  });
});

describe("issue 26, item 10: only the bridge's own calls are exempt on /api/demo/*", () => {
  it("a loopback peer with nothing forwarded (ssh -L, kubectl port-forward) is rate-limited like any client, a forged own-call header too; the bridge's own calls still answer", async () => {
    hosted();
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "0"); // every caller is the loopback peer itself, as through a tunnel
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 80 && !statuses.includes(429); i++)
        statuses.push(
          (await direct(createFrame(200 + i, `tunnel ${i}`), { "x-playground-own-call": "guessed" })).status,
        );
      expect(statuses).toContain(429);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      // The same loopback bucket is empty now, yet the bridge's own call (admitted at /api/bridge/send) is answered.
      vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
      const { status, json } = await app.post(
        "/api/bridge/send",
        {
          sendId: "own-after-tunnel",
          target: { kind: "demo", server: "calendar", transport: "http" },
          frame: JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE })),
        },
        { [TOKEN_HEADER]: TOKEN, ...client() },
      );
      expect(status).toBe(200);
      const exchange = (json as { value: Exchange }).value;
      expect(exchange.outcome.kind).toBe("response");
      expect(JSON.stringify(exchange), "the proof is never recorded").not.toContain("x-playground-own-call");
    } finally {
      vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
    }
  });
});

describe("the calendar keeps a bounded amount (any mode)", () => {
  it(`a title over ${CALENDAR_BOUNDS.maxTitleChars} characters is refused with a tool error that says so; nothing is created`, async () => {
    vi.stubEnv("PLAYGROUND_MODE", "");
    const long = "t".repeat(CALENDAR_BOUNDS.maxTitleChars + 1);
    const { status, text } = await direct(createFrame(50, long));
    expect(status).toBe(200);
    expect(text).toContain(`"isError":true`);
    expect(text).toContain(
      `The title is ${long.length} characters; this calendar keeps titles of at most ${CALENDAR_BOUNDS.maxTitleChars}. Nothing was created.`,
    );
    expect(await weekTitles()).not.toContain(long);
  });
});
