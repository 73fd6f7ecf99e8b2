/**
 * Hostile frames: what the user (or a link) may put in the editor. Each is either delivered byte for byte or
 * refused before anything is sent, and each ends in an exchange that can still be serialized and shown.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Exchange, type WireEvent } from "@/lib/bridge/contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import { startAppRoutes, type AppRoutes } from "./app-routes";
import { ENVELOPE, endAllAndAssertNoneAlive, trackMemory, fixture, recordPids, request, sendFrame } from "./helpers";
import { receivedFrames, sentFrame } from "@/lib/protocol/exchange";
import { readOutcome } from "@/tests/helpers/exchange";
import { bareToolsCall } from "@/tests/helpers/frames";

const TOKEN = "hostile-frames-token";
let app: AppRoutes;
let memoryBackNearStart: () => unknown;
beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  app = await startAppRoutes();
  memoryBackNearStart = trackMemory("hostile frames");
});
afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
  memoryBackNearStart();
});

const echo = fixture("echo-id.mjs");
const calendar = { kind: "demo", server: "calendar", transport: "stdio" } as const;
const ofKind = <K extends WireEvent["kind"]>(ex: Exchange, kind: K) =>
  ex.events.filter((e): e is Extract<WireEvent, { kind: K }> => e.kind === kind);
const notes = (ex: Exchange) => ofKind(ex, "note").map((n) => n.text);
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("size and shape", () => {
  it("a 10 MB frame through the route is refused with size before anything is spawned", async () => {
    const frame = JSON.stringify(bareToolsCall(1, "echo", { text: "x".repeat(10 * 1024 * 1024) }));
    const { status, json } = await app.post(
      "/api/bridge/send",
      { sendId: "ten-mb", target: echo, frame },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(status).toBe(200);
    const ex = (json as { value: Exchange }).value;
    expect(ex.outcome).toEqual({
      kind: "failure",
      failure: "size",
      message: `the frame is ${frame.length} bytes; the bridge sends at most ${LIMITS.maxFrameBytes} bytes; nothing was sent`,
    });
    expect(ex.process).toBeUndefined();
    expect(ofKind(ex, "spawn")).toEqual([]);
  });

  it("a frame nested 100,000 levels deep is not sent unless insisted, and says why", async () => {
    const ex = await sendFrame(echo, deep(100_000));
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "not-json",
      message: expect.stringMatching(/nests deeper than 512 levels; kept as text.*nothing was sent/),
    });
    expect(sentFrame(ex)).toBeUndefined();
  });

  it("an insisted deep frame is delivered byte for byte, and the exchange still serializes through the route", async () => {
    const frame = deep(100_000);
    const { status, json } = await app.post(
      "/api/bridge/send",
      { sendId: "deep-insist", target: echo, frame, insist: true, timeoutMs: 500 },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(status).toBe(200);
    const ex = (json as { value: Exchange }).value;
    recordPids(ex);
    expect(ofKind(ex, "stdin")[0].text).toBe(frame);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
  });

  it("a reply nested 10,000 levels deep is kept as text with the reason, not parsed", async () => {
    const ex = await sendFrame(fixture("deep-reply.mjs"), request(1, "ping"), { timeoutMs: 1000 });
    const line = ofKind(ex, "stdout")[0];
    expect(line.text.length).toBeGreaterThan(20_000);
    expect(line.parseError).toMatch(/nests deeper than 512 levels/);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "framing" });
    expect(() => JSON.stringify(ex)).not.toThrow();
  });
});

describe("ids of every type", () => {
  const ids: unknown[] = ["a", "", 0, -1, Number.MAX_SAFE_INTEGER, 1.5, 1e300, null, true, { x: 1 }, [1, 2]];
  for (const id of ids) {
    it(`id ${JSON.stringify(id)} is delivered as written and its echo is matched by type and value`, async () => {
      const ex = await sendFrame(echo, { jsonrpc: "2.0", id, method: "ping" });
      expect(readOutcome(ex)).toEqual({ kind: "response", frame: { jsonrpc: "2.0", id, result: { echoed: "ping" } } });
      const valid = typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id));
      expect(notes(ex).some((n) => n.includes("is not a valid MCP request id"))).toBe(!valid);
    });
  }

  it('a reply with the same value but another type (1 vs "1") does not answer the request', async () => {
    const ex = await sendFrame(echo, { jsonrpc: "2.0", id: "1", method: "retype" });
    expect(receivedFrames(ex)).toEqual([
      { jsonrpc: "2.0", id: 1, result: { retyped: true } },
      { jsonrpc: "2.0", id: "1", result: { echoed: "retype" } },
    ]);
    expect(readOutcome(ex)).toEqual({
      kind: "response",
      frame: { jsonrpc: "2.0", id: "1", result: { echoed: "retype" } },
    });
  });

  it("an SDK server drops a request with a fractional id: the timeout says why", async () => {
    const ex = await sendFrame(
      calendar,
      { jsonrpc: "2.0", id: 1.5, method: "tools/list", params: { _meta: ENVELOPE } },
      { timeoutMs: 800 },
    );
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "timeout",
      message: expect.stringMatching(
        /no response with id 1\.5 within 800 ms.*the id 1\.5 is not a valid MCP request id/,
      ),
    });
  });
});

describe("batches and responses from the client", () => {
  it("a batch to a server that answers batches gets the batch answer", async () => {
    const ex = await sendFrame(echo, [request(1, "a"), request(2, "b"), { jsonrpc: "2.0", method: "notifications/x" }]);
    expect(readOutcome(ex)).toEqual({
      kind: "response",
      frame: [
        { jsonrpc: "2.0", id: 1, result: { echoed: "a" } },
        { jsonrpc: "2.0", id: 2, result: { echoed: "b" } },
      ],
    });
    expect(notes(ex)).toContainEqual(expect.stringMatching(/MCP has no JSON-RPC batches/));
  });

  it("a batch to an MCP server that ignores it times out, saying MCP has no batches", async () => {
    const ex = await sendFrame(
      calendar,
      [request(1, "tools/list", { _meta: ENVELOPE }), request(2, "server/discover", { _meta: ENVELOPE })],
      {
        timeoutMs: 800,
      },
    );
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "timeout",
      message: expect.stringMatching(/ids 1, 2.*MCP has no JSON-RPC batches/),
    });
  });

  it("an empty batch expects nothing and ends after the grace period", async () => {
    const ex = await sendFrame(echo, "[]");
    expect(ex.outcome).toMatchObject({ kind: "notification" });
  });

  it("a response sent by the client is delivered, expects no reply, and the server's reaction is kept", async () => {
    const ex = await sendFrame(echo, { jsonrpc: "2.0", id: 5, result: {} });
    expect(ex.outcome).toMatchObject({ kind: "notification" });
    expect(notes(ex)).toContainEqual(expect.stringMatching(/clients do not send JSON-RPC responses/));
    expect(ofKind(ex, "stderr").map((e) => e.text)).toContain("ignored a response sent by the client (id 5)");
  });
});
