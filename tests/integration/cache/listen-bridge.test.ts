/**
 * The bridge's listen stream against the real calendar, over stdio and Streamable HTTP: open listen →
 * acknowledged → create_event through the ordinary send → notifications/resources/updated arrives on the
 * stream → the user closes it. Over stdio the stream's frames are routed to it and to nothing else.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { ListenRequestSchema, type ListenLine } from "@/lib/bridge/listen-contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { BridgeError } from "@/lib/node/bridge/errors";
import { LIMITS } from "@/lib/node/bridge/limits";
import { beginListen, runListen, type ListenEnd } from "@/lib/node/bridge/listen";
import { cancel, send } from "@/lib/node/bridge/send";
import { buildEnvelope } from "@/lib/protocol/meta";
import { endAllAndAssertNoneAlive, recordPids, trackPid } from "../helpers";
import { receivedFrames, eventFrame } from "@/lib/protocol/exchange";

const M = buildEnvelope();
const SUB = "io.modelcontextprotocol/subscriptionId";
let demo: DemoHttpServer | undefined;
afterAll(async () => {
  await demo?.close();
  await endAllAndAssertNoneAlive();
});

function listenFrame(id: string | number, notifications: Record<string, unknown>) {
  return JSON.stringify({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { _meta: M, notifications } });
}

/** Starts a listen stream and collects its lines; `until` waits for a line. */
function startListen(target: Target, listenId: string, frame: string, ctx: { baseUrl?: string } = {}) {
  const lines: ListenLine[] = [];
  const waiters: { test: (l: ListenLine) => boolean; resolve: () => void }[] = [];
  const req = ListenRequestSchema.parse({ listenId, target, frame, ackTimeoutMs: 5000 });
  const done: Promise<ListenEnd> = runListen(req, ctx, (line) => {
    lines.push(line);
    if (line.kind === "event" && line.event.kind === "spawn") trackPid(line.event.pid);
    for (const w of waiters.splice(0)) {
      if (w.test(line)) w.resolve();
      else waiters.push(w);
    }
  });
  const until = (test: (l: ListenLine) => boolean) =>
    lines.some(test)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`timed out; lines: ${JSON.stringify(lines)}`)), 8000);
          waiters.push({ test, resolve: () => (clearTimeout(timer), resolve()) });
        });
  const frames = () =>
    lines.flatMap((l) => (l.kind === "event" && eventFrame(l.event) !== undefined ? [eventFrame(l.event)] : []));
  return { lines, done, until, frames };
}

const isMethod = (method: string) => (l: ListenLine) =>
  l.kind === "event" && (eventFrame(l.event) as { method?: string } | undefined)?.method === method;

function createEvent(target: Target, id: number, ctx: { baseUrl?: string } = {}) {
  const frame = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { _meta: M, name: "create_event", arguments: { title: `Event ${id}`, startsAt: "2026-09-10T08:30:00Z" } },
  });
  return send(
    {
      sendId: `create-${id}-${target.kind}-${"transport" in target ? target.transport : ""}`,
      target,
      frame,
      insist: false,
      timeoutMs: 10_000,
      processMode: "keep",
    },
    ctx,
  ).then((exchange) => {
    recordPids(exchange);
    return exchange;
  });
}

describe.each(["stdio", "http"] as const)("listen over %s against the calendar", (transport) => {
  it("open → acknowledged → create_event → resources/updated calendar://week → closed by the user", async () => {
    const target: Target = { kind: "demo", server: "calendar", transport };
    const ctx: { baseUrl?: string } = {};
    if (transport === "http") {
      demo ??= await startDemoHttpServer("calendar");
      ctx.baseUrl = new URL(demo.url).origin;
    }
    const listenId = `listen-${transport}`;
    const stream = startListen(
      target,
      listenId,
      listenFrame("listen-1", { resourceSubscriptions: ["calendar://week"] }),
      ctx,
    );
    await stream.until(isMethod("notifications/subscriptions/acknowledged"));
    expect(stream.lines[0]).toMatchObject({ kind: "open", listenId, subscriptionId: "listen-1", transport });

    const created = await createEvent(target, 2, ctx);
    expect(created.outcome.kind).toBe("response");
    await stream.until(isMethod("notifications/resources/updated"));

    expect(cancel(listenId)).toBe(true);
    const end = await stream.done;
    expect(end.reason).toBe("closed-by-user");

    const frames = stream.frames();
    expect(frames).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: { resourceSubscriptions: ["calendar://week"] }, _meta: { [SUB]: "listen-1" } },
      },
      {
        jsonrpc: "2.0",
        method: "notifications/resources/updated",
        params: { uri: "calendar://week", _meta: { [SUB]: "listen-1" } },
      },
    ]);
    // The listen's own frames are its own: the create_event exchange received only its response.
    expect(receivedFrames(created)).toHaveLength(1);
    if (transport === "stdio") {
      const stdin = stream.lines.flatMap((l) =>
        l.kind === "event" && l.event.kind === "stdin" ? [JSON.parse(l.event.text)] : [],
      );
      expect(stdin.at(-1)).toMatchObject({ method: "notifications/cancelled", params: { requestId: "listen-1" } });
    } else {
      const response = stream.lines.find((l) => l.kind === "event" && l.event.kind === "http-response");
      expect(response).toMatchObject({ event: { status: 200 } });
      expect(JSON.stringify(response)).toContain("text/event-stream");
    }
  });
});

describe("listen edge cases", () => {
  it("after the user closed the stream (stdio), the next create_event brings no notification anywhere", async () => {
    const target: Target = { kind: "demo", server: "calendar", transport: "stdio" };
    const stream = startListen(target, "listen-closed", listenFrame(7, { resourceSubscriptions: ["calendar://week"] }));
    await stream.until(isMethod("notifications/subscriptions/acknowledged"));
    cancel("listen-closed");
    await stream.done;
    const created = await createEvent(target, 8);
    const later = await createEvent(target, 9);
    const everything = [...receivedFrames(created), ...receivedFrames(later)].map(
      (f) => (f as { method?: string }).method,
    );
    expect(everything).toEqual([undefined, undefined]);
  });

  it("a legacy server answers the listen with an error, which ends the stream", async () => {
    const target: Target = { kind: "demo", server: "everything", transport: "stdio" };
    const stream = startListen(target, "listen-legacy", listenFrame("l", { toolsListChanged: true }));
    const end = await stream.done;
    expect(end.reason).toBe("error-response");
    expect(stream.frames()).toEqual([
      expect.objectContaining({ id: "l", error: expect.objectContaining({ code: expect.any(Number) }) }),
    ]);
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    [
      "a request of another method",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: M } }),
      /subscriptions\/listen request/,
    ],
    [
      "a listen without an id",
      JSON.stringify({ jsonrpc: "2.0", method: "subscriptions/listen", params: { _meta: M } }),
      /with a string or number id/,
    ],
  ])("%s is refused before any stream starts", (_l, frame, message) => {
    const req = ListenRequestSchema.parse({
      listenId: `bad-${_l}`,
      target: { kind: "demo", server: "calendar", transport: "stdio" },
      frame,
    });
    expect(() => beginListen(req)).toThrow(BridgeError);
    expect(() => beginListen(req)).toThrow(message);
  });

  it(`at most LIMITS.maxOpenListens streams are open at once; the next is refused until one closes`, async () => {
    const target: Target = { kind: "demo", server: "calendar", transport: "stdio" };
    const streams = Array.from({ length: LIMITS.maxOpenListens }, (_, i) =>
      startListen(target, `cap-${i}`, listenFrame(`cap-${i}`, { resourceSubscriptions: ["calendar://week"] })),
    );
    await Promise.all(streams.map((s) => s.until(isMethod("notifications/subscriptions/acknowledged"))));
    const extra = ListenRequestSchema.parse({ listenId: "cap-extra", target, frame: listenFrame("x", {}) });
    expect(() => beginListen(extra)).toThrow(/already open/);
    cancel("cap-0");
    await streams[0].done;
    const handle = beginListen(extra);
    handle.unregister();
    for (let i = 1; i < streams.length; i++) cancel(`cap-${i}`);
    await Promise.all(streams.map((s) => s.done));
  });

  it("a second stream with the same listenId is refused while the first is open", async () => {
    const target: Target = { kind: "demo", server: "calendar", transport: "stdio" };
    const stream = startListen(target, "listen-dup", listenFrame("d1", { resourceSubscriptions: ["calendar://week"] }));
    await stream.until(isMethod("notifications/subscriptions/acknowledged"));
    const again = ListenRequestSchema.parse({ listenId: "listen-dup", target, frame: listenFrame("d2", {}) });
    expect(() => beginListen(again)).toThrow(/already in flight/);
    cancel("listen-dup");
    await stream.done;
  });
});
