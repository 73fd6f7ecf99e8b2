/** What the badge and the Cache tab say, from the same pure views the components render. */
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { authContextOf, EMPTY_CACHE, store } from "@/lib/cache/rules";
import {
  entryRows,
  exchangeCacheView,
  freshnessView,
  listenFrameText,
  ownerNames,
  violationRows,
} from "@/lib/cache/selectors";
import { initialCacheState } from "@/lib/cache/state";
import type { TimelineEntry } from "@/lib/session";
import { hinted, req, res } from "@/tests/helpers/cache";
import { exchangeOf, type ExchangeWithFrames } from "@/tests/helpers/exchange";

const T0 = 1_700_000_000_000;

function card(sent: unknown, reply: unknown, extra: Partial<ExchangeWithFrames> = {}): TimelineEntry {
  const exchange: Exchange = exchangeOf({
    sendId: "s",
    startedAt: T0,
    durationMs: 10,
    targetLabel: "c",
    transport: "stdio",
    sent: "",
    sentFrame: sent,
    received: [reply],
    outcome: { kind: "response", frame: reply },
    events: [],
    timeoutMs: 1,
    ...extra,
  });
  return {
    seq: 1,
    sendId: "s",
    label: null,
    targetKey: "k",
    targetLabel: "c",
    transport: "stdio",
    timeoutMs: 1,
    sent: "",
    notJson: false,
    phase: { status: "done", exchange },
  } as unknown as TimelineEntry;
}

describe("freshness in words", () => {
  it.each([
    [{ receivedAt: T0, ttlMs: 300000 }, T0 + 60_000, "fresh", "fresh · 4 min left"],
    [{ receivedAt: T0, ttlMs: 60000 }, T0 + 59_500, "fresh", "fresh · 1 s left"],
    [{ receivedAt: T0, ttlMs: 60000 }, T0 + 90_000, "stale", "stale · expired 30 s ago"],
    [{ receivedAt: T0, ttlMs: 0 }, T0, "stale", "stale · stale on arrival (ttl 0)"],
    [
      {
        receivedAt: T0,
        ttlMs: 60000,
        invalidated: { at: T0 + 1, by: "notifications/resources/updated calendar://week" },
      },
      T0 + 2,
      "stale",
      "stale · made stale by notifications/resources/updated calendar://week",
    ],
  ])("%j at +%s → %s (%s)", (clock, now, state, text) => {
    expect(freshnessView(clock, now)).toMatchObject({ state, text });
  });
});

describe("the timeline card's cache view", () => {
  it.each([
    ["a cacheable read", card(req("resources/read", { uri: "calendar://week" }), hinted(60000, "private")), "badge"],
    ["a tools/call", card(req("tools/call", { name: "x" }), res({ content: [] })), "none"],
    [
      "a failure",
      {
        ...card(req("tools/list"), null),
        phase: {
          status: "done",
          exchange: {
            ...card(req("tools/list"), null).phase,
            outcome: { kind: "failure", failure: "timeout", message: "m" },
          },
        },
      } as unknown as TimelineEntry,
      "none",
    ],
    [
      "a local answer",
      card(req("resources/read", { uri: "calendar://week" }), hinted(60000, "private"), {
        local: {
          kind: "cache",
          entryId: "c1",
          keyLabel: "resources/read uri=calendar://week",
          ageMs: 7000,
          receivedAt: T0 - 7000,
        },
      }),
      "served",
    ],
  ])("%s → %s", (_l, entry, kind) => {
    expect(exchangeCacheView(entry).kind).toBe(kind);
  });

  it("a local answer says its age", () => {
    const view = exchangeCacheView(
      card(req("resources/read", { uri: "u" }), hinted(60000, "private"), {
        local: { kind: "cache", entryId: "c1", keyLabel: "k", ageMs: 7000, receivedAt: T0 },
      }),
    );
    expect(view).toMatchObject({ kind: "served", text: "served from cache, age 7 s", ttlMs: 60000 });
  });
});

describe("the entries table", () => {
  it("private rows name their owner (a gateway user by name), public rows are shared", () => {
    const alice = authContextOf("Bearer a");
    let cache = store(EMPTY_CACHE, req("resources/read", { uri: "u" }), hinted(60000, "private"), {
      partition: "demo:calendar:http#2026-07-28",
      auth: alice,
      now: T0,
    }).state;
    cache = store(cache, req("tools/list"), hinted(300000, "public"), {
      partition: "demo:calendar:http#2026-07-28",
      auth: alice,
      now: T0,
    }).state;
    const rows = entryRows(cache, T0 + 5000, ownerNames([{ name: "alice", authorization: "Bearer a" }]));
    expect(rows.map((r) => [r.keyLabel, r.scope, r.owner, r.ttlText, r.age, r.target])).toEqual([
      ["resources/read uri=u", "private", "alice", "1 min", "5 s", "calendar:http"],
      ["tools/list (first page)", "public", "shared", "5 min", "5 s", "calendar:http"],
    ]);
  });

  it("a legacy answer's ttl reads as 0 with the reason", () => {
    const cache = store(EMPTY_CACHE, req("tools/list", {}, 1, null), res({ tools: [] }), {
      partition: "p#no-envelope",
      auth: authContextOf(undefined),
      now: T0,
    }).state;
    expect(entryRows(cache, T0)[0]).toMatchObject({ ttlText: "0 (absent)", freshness: { state: "stale" } });
  });
});

describe("violations and listen frames", () => {
  it("violations from exchanges and listen problems, newest first", () => {
    const state = {
      ...initialCacheState(),
      log: [
        {
          kind: "violations" as const,
          at: T0,
          sendId: "s",
          method: "tools/list",
          violations: [{ rule: "ttl-integer" as const, level: "warning" as const, message: "m", spec: "s" }],
        },
      ],
    };
    expect(violationRows(state).map((v) => [v.method, v.rule, v.level])).toEqual([
      ["tools/list", "ttl-integer", "warning"],
    ]);
  });

  it.each([
    [
      { toolsListChanged: true, resourceSubscriptions: [" calendar://week ", ""] },
      { toolsListChanged: true, resourceSubscriptions: ["calendar://week"] },
    ],
    [{ promptsListChanged: false, resourcesListChanged: true }, { resourcesListChanged: true }],
    [{}, {}],
  ])("listen frame for %j asks for %j", (filter, notifications) => {
    const frame = JSON.parse(listenFrameText("listen-1", filter));
    expect(frame).toMatchObject({ jsonrpc: "2.0", id: "listen-1", method: "subscriptions/listen" });
    expect(frame.params.notifications).toEqual(notifications);
    expect(Object.keys(frame.params._meta)).toContain("io.modelcontextprotocol/protocolVersion");
  });
});
