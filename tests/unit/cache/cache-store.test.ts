/**
 * The client cache and the simulated gateway, with an injected clock: hits and misses, private entries per
 * authorization context, per-page clocks, cursor invalidation, notifications, MRTR retries.
 */
import { describe, expect, it } from "vitest";
import {
  ANONYMOUS,
  answerFromCache,
  authContextOf,
  EMPTY_CACHE,
  invalidate,
  lookup,
  replayAsUsers,
  type CacheState,
  type GatewaySend,
} from "@/lib/cache/rules";
import { cacheContext, hinted, OTHER_TARGET, put, req, res, TARGET } from "@/tests/helpers/cache";

const T0 = 1_700_000_000_000;
const alice = authContextOf("Bearer alice");
const bob = authContextOf("Bearer bob");

const listTools = req("tools/list");
const readWeek = req("resources/read", { uri: "calendar://week" });

describe("client cache: a fresh entry answers, a stale one goes to the server", () => {
  /** Stores a tools/list reply with `ttl`, then asks again `after` ms later: what the lookup decides. */
  function reSentAfter(ttl: number | undefined, after: number) {
    const stored = put(EMPTY_CACHE, listTools, hinted(ttl, "public", { tools: [] }), T0);
    expect(stored.stored).toBe(true);
    return lookup(stored.state, req("tools/list", {}, 2), cacheContext(listTools, T0 + after)).kind;
  }

  it.each([
    ["re-sent 1 s later, ttl 5 min", 300000, 1000, "hit"],
    ["re-sent just before expiry", 300000, 299_999, "hit"],
    ["re-sent at expiry", 300000, 300_000, "stale"],
  ])("%s → %s", (_l, ttl, after, kind) => {
    expect(reSentAfter(ttl, after)).toBe(kind);
  });

  // A ttl that is no lifetime: even asked again at once, the read goes to the server.
  it.each([
    ["ttl 0: always to the server", 0],
    ["ttl absent: always to the server", undefined],
    ["ttl negative: always to the server", -1000],
  ])("%s → %s", (_l, ttl) => {
    expect(reSentAfter(ttl, 0)).toBe("stale");
  });

  it("a hit answers with the stored result under the new request's id, and tells its age", () => {
    const { state } = put(EMPTY_CACHE, listTools, hinted(300000, "public", { tools: [{ name: "create_event" }] }), T0);
    const look = lookup(state, req("tools/list", {}, 7), cacheContext(listTools, T0 + 12_000));
    expect(look).toMatchObject({ kind: "hit", ageMs: 12_000, remainingMs: 288_000 });
    if (look.kind !== "hit") return;
    expect(answerFromCache(look.entry, 7)).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { resultType: "complete", ttlMs: 300000, cacheScope: "public", tools: [{ name: "create_event" }] },
    });
  });

  it.each([
    ["another method", req("prompts/list")],
    ["another uri", req("resources/read", { uri: "calendar://month" })],
    ["a cursor", req("tools/list", { cursor: "p2" })],
  ])("never serves a cached response for %s", (_l, other) => {
    let state = put(EMPTY_CACHE, listTools, hinted(300000, "public"), T0).state;
    state = put(state, readWeek, hinted(60000, "public"), T0).state;
    expect(lookup(state, other, cacheContext(other, T0 + 1)).kind).toBe("miss");
  });

  it("the same request to another target is a miss (each target is its own partition)", () => {
    const { state } = put(EMPTY_CACHE, listTools, hinted(300000, "public"), T0);
    expect(lookup(state, listTools, cacheContext(listTools, T0 + 1, ANONYMOUS, OTHER_TARGET)).kind).toBe("miss");
  });

  it("a legacy frame (no envelope) is not answered with a 2026-07-28 result", () => {
    const { state } = put(EMPTY_CACHE, listTools, hinted(300000, "public"), T0);
    const legacy = req("tools/list", {}, 3, null);
    expect(lookup(state, legacy, cacheContext(legacy, T0 + 1)).kind).toBe("miss");
  });

  it("a newer answer replaces the older entry under the same key", () => {
    let state = put(EMPTY_CACHE, readWeek, hinted(60000, "private", { contents: ["old"] }), T0).state;
    state = put(state, readWeek, hinted(60000, "private", { contents: ["new"] }), T0 + 70_000).state;
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0].result.contents).toEqual(["new"]);
    expect(lookup(state, readWeek, cacheContext(readWeek, T0 + 71_000)).kind).toBe("hit");
  });
});

describe("never cached: MRTR retries and input_required", () => {
  it.each([
    [
      "a retry with requestState",
      req("resources/read", { uri: "calendar://week", requestState: "s" }),
      hinted(60000, "private"),
    ],
    [
      "a retry with inputResponses",
      req("resources/read", { uri: "calendar://week", inputResponses: {} }),
      hinted(60000, "private"),
    ],
    ["an input_required result", readWeek, res({ resultType: "input_required", requestState: "s" })],
  ])("%s is not stored", (_l, request, response) => {
    const out = put(EMPTY_CACHE, request, response, T0);
    expect(out.stored).toBe(false);
    expect(out.state.entries).toHaveLength(0);
  });

  it("a retry is never answered from the cache, even when the plain read is fresh", () => {
    const { state } = put(EMPTY_CACHE, readWeek, hinted(60000, "private"), T0);
    const retry = req("resources/read", { uri: "calendar://week", requestState: "s" }, 2);
    expect(lookup(state, retry, cacheContext(retry, T0 + 1))).toMatchObject({ kind: "bypass", reason: "mrtr-retry" });
  });
});

describe("§7 scope: private per authorization context, public across them", () => {
  it.each([
    ["private, same user", "private", alice, alice, "hit"],
    ["private, another user", "private", alice, bob, "miss"],
    ["private, anonymous after a user", "private", alice, ANONYMOUS, "miss"],
    ["public, same user", "public", alice, alice, "hit"],
    ["public, another user", "public", alice, bob, "hit"],
    ["unknown scope (treated as private), another user", "shared", alice, bob, "miss"],
    ["absent scope (treated as private), another user", undefined, alice, bob, "miss"],
  ])("%s → %s", (_l, scope, writer, reader, kind) => {
    const { state } = put(EMPTY_CACHE, readWeek, hinted(60000, scope), T0, writer);
    expect(lookup(state, readWeek, cacheContext(readWeek, T0 + 1, reader)).kind).toBe(kind);
  });

  it("a miss next to another user's private copy says so (the gateway must not use it)", () => {
    const { state } = put(EMPTY_CACHE, readWeek, hinted(60000, "private"), T0, alice);
    const look = lookup(state, readWeek, cacheContext(readWeek, T0 + 1, bob));
    expect(look.kind === "miss" && look.othersPrivate.map((e) => e.auth.id)).toEqual([alice.id]);
  });

  it("two users each keep their own private copy", () => {
    let state = put(EMPTY_CACHE, readWeek, hinted(60000, "private", { contents: ["alice's week"] }), T0, alice).state;
    state = put(state, readWeek, hinted(60000, "private", { contents: ["bob's week"] }), T0, bob).state;
    const a = lookup(state, readWeek, cacheContext(readWeek, T0 + 1, alice));
    const b = lookup(state, readWeek, cacheContext(readWeek, T0 + 1, bob));
    expect(a.kind === "hit" && a.entry.result.contents).toEqual(["alice's week"]);
    expect(b.kind === "hit" && b.entry.result.contents).toEqual(["bob's week"]);
  });
});

describe("§7 pagination: each page its own entry and clock; one scope per list", () => {
  const page = (cursor?: string) => req("tools/list", cursor ? { cursor } : {});

  it("pages expire on their own clocks (and may carry different ttls)", () => {
    let state = put(EMPTY_CACHE, page(), hinted(1000, "public", { nextCursor: "p2" }), T0).state;
    state = put(state, page("p2"), hinted(5000, "public"), T0 + 500).state;
    expect(state.entries).toHaveLength(2);
    expect(lookup(state, page(), cacheContext(page(), T0 + 1200)).kind).toBe("stale");
    expect(lookup(state, page("p2"), cacheContext(page("p2"), T0 + 1200)).kind).toBe("hit");
    expect(lookup(state, page("p2"), cacheContext(page("p2"), T0 + 5500)).kind).toBe("stale");
  });

  it.each([
    ["same scope on both pages", "public", "public", []],
    ["public then private", "public", "private", ["scope-uniform-across-pages"]],
    ["private then public", "private", "public", ["scope-uniform-across-pages"]],
  ])("%s → %j", (_l, first, second, rules) => {
    const state = put(EMPTY_CACHE, page(), hinted(1000, first, { nextCursor: "p2" }), T0).state;
    const out = put(state, page("p2"), hinted(1000, second), T0 + 1);
    expect(out.violations.map((v) => v.rule)).toEqual(rules);
  });

  it("an invalid cursor (-32602) drops every cached page of that list, and only that list", () => {
    let state = put(EMPTY_CACHE, page(), hinted(60000, "public", { nextCursor: "p2" }), T0).state;
    state = put(state, page("p2"), hinted(60000, "public", { nextCursor: "p3" }), T0).state;
    state = put(state, req("prompts/list"), hinted(60000, "public"), T0).state;
    const out = put(
      state,
      page("p3"),
      { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid cursor" } },
      T0 + 1,
    );
    expect(out).toMatchObject({ stored: false, reason: "cursor-invalid", dropped: 2 });
    expect(out.state.entries.map((e) => e.method)).toEqual(["prompts/list"]);
  });
});

describe("§7 notifications invalidate fresh entries at once", () => {
  function filled(): CacheState {
    let state = put(EMPTY_CACHE, req("tools/list"), hinted(300000, "public", { nextCursor: "p2" }), T0).state;
    state = put(state, req("tools/list", { cursor: "p2" }), hinted(300000, "public"), T0).state;
    state = put(state, req("prompts/list"), hinted(300000, "public"), T0).state;
    state = put(state, req("resources/list"), hinted(300000, "public"), T0).state;
    state = put(state, req("resources/templates/list"), hinted(300000, "public"), T0).state;
    state = put(state, readWeek, hinted(60000, "private"), T0, alice).state;
    state = put(state, req("resources/read", { uri: "calendar://month" }), hinted(60000, "private"), T0).state;
    state = put(state, req("server/discover"), hinted(300000, "public"), T0).state;
    return state;
  }
  const note = (method: string, params?: Record<string, unknown>) => ({
    jsonrpc: "2.0",
    method,
    params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" }, ...params },
  });

  it.each([
    [
      "tools/list_changed",
      note("notifications/tools/list_changed"),
      ["tools/list (first page)", "tools/list cursor=p2"],
    ],
    ["prompts/list_changed", note("notifications/prompts/list_changed"), ["prompts/list (first page)"]],
    [
      "resources/list_changed",
      note("notifications/resources/list_changed"),
      ["resources/list (first page)", "resources/templates/list (first page)"],
    ],
    [
      "resources/updated calendar://week (any user's copy)",
      note("notifications/resources/updated", { uri: "calendar://week" }),
      ["resources/read uri=calendar://week"],
    ],
    ["progress: nothing", note("notifications/progress", { progressToken: 1, progress: 1 }), []],
  ])("%s invalidates %j", (_l, notification, labels) => {
    const out = invalidate(filled(), TARGET, notification, T0 + 10);
    expect(out.invalidated.map((e) => e.keyLabel)).toEqual(labels);
    for (const e of out.invalidated)
      expect(
        lookup(
          out.state,
          req(e.method, e.uri ? { uri: e.uri } : e.cursor ? { cursor: e.cursor } : {}),
          cacheContext(listTools, T0 + 11, e.auth),
        ).kind,
      ).toBe("stale");
  });

  it("a notification from another target changes nothing", () => {
    const before = filled();
    const out = invalidate(before, OTHER_TARGET, note("notifications/tools/list_changed"), T0 + 10);
    expect(out.invalidated).toEqual([]);
    expect(out.state).toBe(before);
  });

  it("an entry already stale by its ttl is not re-marked", () => {
    const out = invalidate(
      filled(),
      TARGET,
      note("notifications/resources/updated", { uri: "calendar://week" }),
      T0 + 60_000,
    );
    expect(out.invalidated).toEqual([]);
  });

  it("the next store after an invalidation is fresh again", () => {
    const { state } = invalidate(filled(), TARGET, note("notifications/tools/list_changed"), T0 + 10);
    const again = put(state, listTools, hinted(300000, "public"), T0 + 20).state;
    expect(lookup(again, listTools, cacheContext(listTools, T0 + 21)).kind).toBe("hit");
  });
});

describe("the simulated shared gateway: same request as two users", () => {
  const users = [
    { name: "alice", authorization: "Bearer alice" },
    { name: "bob", authorization: "Bearer bob" },
  ];
  function upstream(result: (user: string) => Record<string, unknown>) {
    const calls: string[] = [];
    const send: GatewaySend = async (frameText, user) => {
      calls.push(user.name);
      const id = JSON.parse(frameText).id;
      return { ok: true, response: { jsonrpc: "2.0", id, result: result(user.name) }, sendId: `s-${user.name}` };
    };
    return { calls, send };
  }
  const clock = () => T0;

  it("a public result fetched for alice is served to bob from the shared cache", async () => {
    const { calls, send } = upstream(() => ({
      resultType: "complete",
      tools: [],
      ttlMs: 300000,
      cacheScope: "public",
    }));
    const out = await replayAsUsers(EMPTY_CACHE, JSON.stringify(listTools), users, TARGET, send, clock);
    expect(calls).toEqual(["alice"]);
    expect(out.steps.map((s) => s.decision)).toEqual(["fetched-upstream", "served-from-shared-cache"]);
    expect(out.steps[1].explanation).toMatch(/fetched for alice/);
  });

  it("a private result is fetched for each user and never crosses to the other", async () => {
    const { calls, send } = upstream((name) => ({
      resultType: "complete",
      contents: [{ uri: "calendar://week", text: `${name}'s week` }],
      ttlMs: 60000,
      cacheScope: "private",
    }));
    const out = await replayAsUsers(EMPTY_CACHE, JSON.stringify(readWeek), users, TARGET, send, clock);
    expect(calls).toEqual(["alice", "bob"]);
    expect(out.steps[1].explanation).toMatch(/private to alice/);
    expect(JSON.stringify(out.steps[1].response)).toContain("bob's week");
    expect(JSON.stringify(out.steps[1].response)).not.toContain("alice's week");
    expect(out.state.entries.map((e) => e.auth.id)).toEqual([
      authContextOf("Bearer alice").id,
      authContextOf("Bearer bob").id,
    ]);
  });

  it("replaying again serves each user their own private copy, with nothing upstream", async () => {
    const { calls, send } = upstream((name) => ({
      resultType: "complete",
      contents: [{ text: name }],
      ttlMs: 60000,
      cacheScope: "private",
    }));
    const first = await replayAsUsers(EMPTY_CACHE, JSON.stringify(readWeek), users, TARGET, send, clock);
    const second = await replayAsUsers(first.state, JSON.stringify(readWeek), users, TARGET, send, () => T0 + 1000);
    expect(calls).toEqual(["alice", "bob"]);
    expect(second.steps.map((s) => s.decision)).toEqual(["served-from-shared-cache", "served-from-shared-cache"]);
    expect(second.steps.map((s) => JSON.stringify(s.response))).toEqual([
      expect.stringContaining("alice"),
      expect.stringContaining("bob"),
    ]);
  });

  it("an upstream failure is reported for that user and nothing is stored", async () => {
    const send: GatewaySend = async () => ({ ok: false, message: "connection refused" });
    const out = await replayAsUsers(EMPTY_CACHE, JSON.stringify(listTools), users.slice(0, 1), TARGET, send, clock);
    expect(out.steps[0]).toMatchObject({ decision: "failed" });
    expect(out.steps[0].explanation).toMatch(/connection refused/);
    expect(out.state.entries).toEqual([]);
  });
});
