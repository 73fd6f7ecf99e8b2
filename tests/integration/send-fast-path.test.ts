/**
 * The JSON fast path (issue 46 item 3): a whole-JSON bridge call (send, cancel, process, …) is carried by the front
 * door on node:http itself — its headers read from the raw list, its body read once within the limit, its reply
 * written with its length in one piece — with no WHATWG Request or Response and no Hono dispatch per call. The
 * record is the same as ever: the reply line the server wrote is the stdout event's text, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { replyFrame } from "@/lib/protocol/exchange";
import { startAppRoutes, type AppRoutes } from "./app-routes";
import { endAllAndAssertNoneAlive, fixture, recordPids, request } from "./helpers";

const TOKEN = "send-fast-path-token";
let app: AppRoutes;

beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  app = await startAppRoutes();
});

afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
});

/** Counts the WHATWG Responses built while `run` runs (the listener's global, as routes and Hono use it). */
async function responsesBuiltDuring<T>(run: () => Promise<T>): Promise<{ made: number; result: T }> {
  const original = globalThis.Response;
  let made = 0;
  globalThis.Response = new Proxy(original, {
    construct(target, args, newTarget) {
      made++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  try {
    const result = await run();
    return { made, result };
  } finally {
    globalThis.Response = original;
  }
}

const sendBody = (id: number) => ({
  sendId: `fast-${Math.random().toString(36).slice(2)}`,
  target: fixture("echo-id.mjs"),
  frame: JSON.stringify(request(id, "tools/list")),
});

describe("a whole-JSON bridge call is carried on node:http by the front door", () => {
  it("a send builds no WHATWG Response, and its reply is the record with the server's line as written", async () => {
    // The first send starts the kept-up process; the second is the steady state the fast path is for.
    await app.post("/api/bridge/send", sendBody(1), { [TOKEN_HEADER]: TOKEN });
    const { made, result } = await responsesBuiltDuring(() =>
      app.post("/api/bridge/send", sendBody(7), { [TOKEN_HEADER]: TOKEN }),
    );
    expect(made).toBe(0);
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toBe("application/json");
    expect(result.headers["cache-control"]).toBe("no-store");
    expect(result.headers["x-frame-options"]).toBe("DENY");
    expect(result.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(result.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(result.json)));
    expect(result.json.ok).toBe(true);
    const exchange = result.json.value as Exchange;
    recordPids(exchange);
    const line = JSON.stringify({ jsonrpc: "2.0", id: 7, result: { echoed: "tools/list" } });
    expect(exchange.events.filter((e) => e.kind === "stdout").map((e) => e.text)).toEqual([line]);
    expect(replyFrame(exchange)).toEqual(JSON.parse(line));
  });

  it("a refusal builds no WHATWG Response either: the same status, kind and headers on node:http", async () => {
    const { made, result } = await responsesBuiltDuring(() => app.post("/api/bridge/send", sendBody(2), {}));
    expect(made).toBe(0);
    expect(result.status).toBe(401);
    expect(result.json).toMatchObject({ ok: false, kind: "unauthorized" });
    expect(result.headers["cache-control"]).toBe("no-store");
    expect(result.headers["x-frame-options"]).toBe("DENY");
  });

  it("a cancel of nothing builds no WHATWG Response and answers cancelled: false", async () => {
    const { made, result } = await responsesBuiltDuring(() =>
      app.post("/api/bridge/cancel", { sendId: "fast-nothing" }, { [TOKEN_HEADER]: TOKEN }),
    );
    expect(made).toBe(0);
    expect(result.json).toEqual({ ok: true, value: { cancelled: false } });
  });
});
