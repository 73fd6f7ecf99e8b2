/** The Cache tab's reducer: what an exchange, a local answer and a listen stream do to the client cache. */
import { describe, expect, it } from "vitest";
import type { Exchange, WireEvent } from "@/lib/bridge/contract";
import { ANONYMOUS, localAnswerExchange, lookup } from "@/lib/cache/rules";
import {
  cacheReducer,
  initialCacheState,
  LISTEN_EVENT_LIMIT,
  type CacheAction,
  type CacheSessionState,
} from "@/lib/cache/state";
import { LISTEN_VIEW_LIMIT } from "@/lib/protocol/listen";
import { cacheContext, hinted, req, res, TARGET } from "@/tests/helpers/cache";
import { exchangeOf, type ExchangeWithFrames } from "@/tests/helpers/exchange";

const T0 = 1_700_000_000_000;
const SUB = "io.modelcontextprotocol/subscriptionId";

function exchange(sent: unknown, reply: unknown, extra: Partial<ExchangeWithFrames> = {}): Exchange {
  return exchangeOf({
    sendId: "s1",
    startedAt: T0,
    durationMs: 3,
    targetLabel: "calendar",
    transport: "stdio",
    sent: JSON.stringify(sent),
    sentFrame: sent,
    received: [reply],
    outcome: { kind: "response", frame: reply },
    events: [],
    timeoutMs: 10000,
    ...extra,
  });
}

const run = (actions: CacheAction[], state: CacheSessionState = initialCacheState()) =>
  actions.reduce(cacheReducer, state);
const observed = (ex: Exchange, now = T0): CacheAction => ({
  type: "cache/observed",
  exchange: ex,
  targetKey: TARGET,
  auth: ANONYMOUS,
  now,
});
const readWeek = req("resources/read", { uri: "calendar://week" });

describe("cache tab reducer", () => {
  it("starts switched off: it fills, but answers only once switched on (a choice: the wire stays the default view)", () => {
    expect(initialCacheState().enabled).toBe(false);
  });

  it.each([
    ["a cacheable answer is stored", readWeek, hinted(60000, "private", { contents: [] }), ["stored"], 1],
    [
      "a tools/call answer is not cacheable and not logged",
      req("tools/call", { name: "x" }),
      res({ resultType: "complete", content: [] }),
      [],
      0,
    ],
    [
      "an input_required read is logged as not stored",
      readWeek,
      res({ resultType: "input_required", requestState: "s" }),
      ["not-stored"],
      0,
    ],
    [
      "a read without hints is stored stale and flagged",
      readWeek,
      res({ resultType: "complete", contents: [] }),
      ["stored", "violations"],
      1,
    ],
  ])("%s", (_l, sent, reply, kinds, entries) => {
    const state = run([observed(exchange(sent, reply))]);
    expect(state.log.map((e) => e.kind)).toEqual(kinds);
    expect(state.cache.entries).toHaveLength(entries);
  });

  it("a local answer is never observed again (it would reset the entry's clock)", () => {
    const state = run([observed(exchange(readWeek, hinted(60000, "private")))]);
    const entry = state.cache.entries[0];
    const local = localAnswerExchange({
      sendId: "s2",
      sent: "{}",
      sentFrame: readWeek,
      requestId: 2,
      entry,
      ageMs: 5000,
      now: T0 + 5000,
      targetLabel: "c",
      transport: "stdio",
      timeoutMs: 1,
    });
    const after = run([observed(local, T0 + 5000)], state);
    expect(after).toBe(state);
    expect(local.events).toEqual([
      {
        t: 0,
        kind: "note",
        text: "served from cache, age 5 s (resources/read uri=calendar://week, private): nothing was sent to the server",
      },
    ]);
  });

  it("a served answer counts a hit and is logged with its age", () => {
    const state = run([observed(exchange(readWeek, hinted(60000, "private")))]);
    const after = run(
      [
        {
          type: "cache/served",
          sendId: "s2",
          entryId: state.cache.entries[0].id,
          keyLabel: "k",
          ageMs: 12000,
          now: T0 + 12000,
        },
      ],
      state,
    );
    expect(after.cache.entries[0].hits).toBe(1);
    expect(after.log.at(-1)).toMatchObject({ kind: "served", ageMs: 12000 });
  });

  it("a notification received in an exchange (e.g. unsolicited on stdio) invalidates at once", () => {
    const notification = { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: {} };
    const list = req("tools/list");
    let state = run([observed(exchange(list, hinted(300000, "public")))]);
    state = run(
      [
        observed(
          exchange(req("tools/call", { name: "x" }), res({ content: [] }), {
            received: [notification, res({ content: [] })],
          }),
          T0 + 10,
        ),
      ],
      state,
    );
    expect(lookup(state.cache, list, cacheContext(list, T0 + 11))).toMatchObject({
      kind: "stale",
      freshness: { why: "invalidated" },
    });
    expect(state.log.at(-1)).toMatchObject({
      kind: "invalidated",
      source: "exchange",
      keyLabels: ["tools/list (first page)"],
    });
  });
});

describe("listen streams in the cache tab", () => {
  const listenText = JSON.stringify({
    jsonrpc: "2.0",
    id: "listen-1",
    method: "subscriptions/listen",
    params: { notifications: { resourceSubscriptions: ["calendar://week"] } },
  });
  const ev = (frame: unknown, t = 1): CacheAction => ({
    type: "listen/line",
    listenId: "L",
    line: { kind: "event", event: { t, kind: "stdout", text: JSON.stringify(frame), frame } as WireEvent },
    now: T0 + t,
  });
  const ack = {
    jsonrpc: "2.0",
    method: "notifications/subscriptions/acknowledged",
    params: { notifications: { resourceSubscriptions: ["calendar://week"] }, _meta: { [SUB]: "listen-1" } },
  };
  const updated = {
    jsonrpc: "2.0",
    method: "notifications/resources/updated",
    params: { uri: "calendar://week", _meta: { [SUB]: "listen-1" } },
  };

  it("opened → acknowledged (open) → resources/updated invalidates the cached read → ended", () => {
    let state = run([observed(exchange(readWeek, hinted(60000, "private")))]);
    state = run(
      [{ type: "listen/opened", listenId: "L", targetKey: TARGET, targetLabel: "calendar", frameText: listenText }],
      state,
    );
    expect(state.listens[0].status).toBe("connecting");
    state = run([ev(ack, 5)], state);
    expect(state.listens[0].status).toBe("open");
    state = run([ev(updated, 50)], state);
    expect(state.listens[0].notifications).toEqual([
      { at: T0 + 50, frame: updated, invalidated: ["resources/read uri=calendar://week"] },
    ]);
    expect(state.log.at(-1)).toMatchObject({
      kind: "invalidated",
      source: "listen",
      by: "notifications/resources/updated",
    });
    expect(lookup(state.cache, readWeek, cacheContext(readWeek, T0 + 51)).kind).toBe("stale");
    state = run(
      [
        {
          type: "listen/line",
          listenId: "L",
          line: { kind: "end", reason: "closed-by-user", message: "bye", durationMs: 60 },
          now: T0 + 60,
        },
      ],
      state,
    );
    expect(state.listens[0]).toMatchObject({ status: "ended", end: { reason: "closed-by-user" } });
  });

  it("a long stream keeps the newest LISTEN_EVENT_LIMIT notifications and counts the ones it no longer lists", () => {
    let state = run([
      { type: "listen/opened", listenId: "L", targetKey: TARGET, targetLabel: "calendar", frameText: listenText },
    ]);
    state = run([ev(ack, 1)], state);
    const count = LISTEN_EVENT_LIMIT + 25;
    const many = Array.from({ length: count }, (_, i) =>
      ev({ ...updated, params: { ...updated.params, n: i } }, 2 + i),
    );
    state = run(many, state);
    const session = state.listens[0];
    expect(session.notifications).toHaveLength(LISTEN_EVENT_LIMIT);
    expect(session.notificationsNotKept).toBe(25);
    expect((session.notifications[0].frame as { params: { n: number } }).params.n).toBe(25);
    expect((session.notifications.at(-1)!.frame as { params: { n: number } }).params.n).toBe(count - 1);
    expect(session.view?.notifications).toHaveLength(LISTEN_VIEW_LIMIT);
    expect(session.view?.notificationsNotKept).toBe(count - LISTEN_VIEW_LIMIT);
  });

  it("the stdin/http-request events of the stream are kept but do not fold into the view", () => {
    let state = run([
      { type: "listen/opened", listenId: "L", targetKey: TARGET, targetLabel: "calendar", frameText: listenText },
    ]);
    state = run(
      [
        {
          type: "listen/line",
          listenId: "L",
          line: { kind: "event", event: { t: 0, kind: "stdin", text: listenText } },
          now: T0,
        },
      ],
      state,
    );
    expect(state.listens[0].events).toHaveLength(1);
    expect(state.listens[0].view?.notifications).toEqual([]);
  });

  it("lines of an unknown stream change nothing", () => {
    const state = initialCacheState();
    expect(cacheReducer(state, ev(ack))).toBe(state);
  });
});

describe("the hints check in the cache tab", () => {
  it("started → finished keeps the report and the target it was run against; a failure says why", () => {
    const report = { rows: [], errors: 2, warnings: 1 };
    const done = run([
      { type: "audit/started", targetLabel: "calendar (stdio)" },
      { type: "audit/finished", report },
    ]);
    expect(done.audit).toEqual({ running: false, targetLabel: "calendar (stdio)", report });
    expect(
      run([
        { type: "audit/started", targetLabel: "x" },
        { type: "audit/failed", message: "boom" },
      ]).audit,
    ).toMatchObject({ running: false, error: "boom" });
  });
});
