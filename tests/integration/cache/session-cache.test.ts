/**
 * The session's send path with the client cache wired in, over the real bridge (no browser): a fresh read is
 * answered locally, a listen stream's resources/updated makes it stale, the next read goes out; the gateway
 * replay goes upstream per user with their Authorization header.
 */
import { describe, expect, it } from "vitest";
import { SendRequestSchema } from "@/lib/bridge/contract";
import { ListenRequestSchema } from "@/lib/bridge/listen-contract";
import { runListen } from "@/lib/node/bridge/listen";
import { cancel, send } from "@/lib/node/bridge/send";
import { templateById } from "@/lib/protocol/templates";
import { createCommands, createStore, type BridgeClient } from "@/lib/session";
import { createCacheRuntime, type OpenListenStream } from "@/lib/cache/runtime";
import { demoHttpForFile, recordPids, trackPid } from "../helpers";
import { readOutcome } from "@/tests/helpers/exchange";

const calendarHttp = demoHttpForFile("calendar");

const client: BridgeClient = {
  send: async (req) => {
    const exchange = await send(SendRequestSchema.parse(req), { baseUrl: calendarHttp.baseUrl });
    recordPids(exchange);
    return { ok: true, value: exchange };
  },
  cancel: async (sendId) => ({ ok: true, value: { cancelled: cancel(sendId) } }),
  process: async () => ({ ok: false, kind: "refused", message: "not used here" }),
  post: async () => ({ ok: false, kind: "refused", message: "not used here" }),
};

const openStream: OpenListenStream = (req, onLine) => {
  const parsed = ListenRequestSchema.parse(req);
  const started = Date.now();
  // What listenResponse does for the page: every line, then the end line.
  const done = runListen(parsed, { baseUrl: calendarHttp.baseUrl }, (line) => {
    if (line.kind === "event" && line.event.kind === "spawn") trackPid(line.event.pid);
    onLine(line);
  }).then((end) => {
    const line = { kind: "end" as const, ...end, durationMs: Date.now() - started };
    onLine(line);
    return line;
  });
  return { done, close: async () => void cancel(parsed.listenId) };
};

function setup() {
  const store = createStore();
  const cache = createCacheRuntime({ openStream });
  const commands = createCommands(store, { client, cache: cache.hooks });
  const frame = (id: string, n: number) => templateById(id)!.build({ id: n });
  const sendText = async (text: string) => {
    store.dispatch({ type: "editor/replace", text });
    await commands.send();
    const last = store.getState().entries.at(-1)!;
    if (last.phase.status !== "done") throw new Error(`not done: ${JSON.stringify(last.phase)}`);
    return last.phase.exchange;
  };
  return { store, cache, commands, frame, sendText };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the session's send path with the client cache", () => {
  it("off: every send goes out; on: a fresh read is answered locally; a listen notification makes it go out again", async () => {
    const { cache, frame, sendText } = setup();
    const read = frame("resources/read", 1);
    const first = await sendText(read);
    expect(first.local).toBeUndefined();
    const whileOff = await sendText(read);
    expect(whileOff.local).toBeUndefined();

    cache.store.dispatch({ type: "cache/enable", enabled: true });
    const local = await sendText(read);
    expect(local.local).toMatchObject({ kind: "cache", keyLabel: "resources/read uri=calendar://week" });
    expect(local.events.map((e) => e.kind)).toEqual(["note"]);
    expect(readOutcome(local)).toMatchObject({
      kind: "response",
      frame: { id: 1, result: { ttlMs: 60000, cacheScope: "private" } },
    });

    const listenId = cache.openListen({
      target: { kind: "demo", server: "calendar", transport: "stdio" },
      targetKey: "demo:calendar:stdio",
      targetLabel: "calendar",
      frameText: JSON.stringify({
        jsonrpc: "2.0",
        id: "L1",
        method: "subscriptions/listen",
        params: { _meta: JSON.parse(read).params._meta, notifications: { resourceSubscriptions: ["calendar://week"] } },
      }),
    });
    await until(() => cache.store.getState().listens[0]?.status === "open", "the acknowledgement");
    await sendText(frame("tools/call", 2));
    await until(() => (cache.store.getState().listens[0]?.notifications.length ?? 0) > 0, "resources/updated");
    expect(cache.store.getState().listens[0].notifications[0].invalidated).toEqual([
      "resources/read uri=calendar://week",
    ]);

    const after = await sendText(read);
    expect(after.local).toBeUndefined();
    expect(JSON.stringify(readOutcome(after))).toContain("Dentist");
    await cache.closeListen(listenId);
    await until(() => cache.store.getState().listens[0].status === "ended", "the end of the stream");
    expect(cache.store.getState().listens[0].end?.reason).toBe("closed-by-user");
    expect(cache.store.getState().log.map((e) => e.kind)).toEqual([
      "stored",
      "stored",
      "served",
      "invalidated",
      "stored",
    ]);
  });

  it("a probe step is never answered from the cache, even when a fresh server/discover is cached", async () => {
    const { store, cache, commands, frame, sendText } = setup();
    cache.store.dispatch({ type: "cache/enable", enabled: true });
    await sendText(frame("server/discover", 1));
    await commands.probe();
    const probeSteps = store.getState().entries.filter((e) => e.label?.startsWith("probe"));
    expect(probeSteps.length).toBeGreaterThan(0);
    for (const step of probeSteps) expect(step.phase.status === "done" && step.phase.exchange.local).toBeFalsy();
  });

  it("gateway replay over HTTP: each upstream request carries its user's Authorization; private results are fetched per user", async () => {
    const { store, cache, commands, frame } = setup();
    store.dispatch({ type: "target/choose", preset: "calendar-http" });
    await cache.replayAsUsers(commands.sendFrame, {
      frameText: frame("resources/read", 5),
      targetKey: "demo:calendar:http",
      targetLabel: "calendar (HTTP)",
      overHttp: true,
    });
    const run = cache.store.getState().gateway.lastRun!;
    expect(run.steps.map((s) => `${s.user.name}:${s.decision}`)).toEqual([
      "alice:fetched-upstream",
      "bob:fetched-upstream",
    ]);
    const gatewayCards = store.getState().entries.filter((e) => e.label?.startsWith("gateway"));
    const auths = gatewayCards.map((e) => {
      const ex = e.phase.status === "done" ? e.phase.exchange : undefined;
      const req = ex?.events.find((ev) => ev.kind === "http-request");
      return req?.kind === "http-request" ? req.headers.find(([h]) => h === "Authorization")?.[1] : undefined;
    });
    expect(auths).toEqual(["Bearer alice-token", "Bearer bob-token"]);
    // Gateway traffic stays out of the client's own cache.
    expect(cache.store.getState().cache.entries).toEqual([]);
  });
});
