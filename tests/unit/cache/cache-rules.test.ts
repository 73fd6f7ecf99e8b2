/**
 * Digest §7 rule by rule, as tables: what is cacheable, the key, freshness with an injected clock, hint
 * readings, violations and the words shown for them.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  authContextFromHeaders,
  authContextOf,
  cacheBadge,
  cacheKey,
  CACHEABLE_METHODS,
  freshnessAt,
  hintViolations,
  humanAge,
  humanDuration,
  isCacheableMethod,
  keyLabel,
  readHints,
  requestCacheability,
  responseCacheability,
  SCOPE_RULES,
  scopeRule,
  invalidationTarget,
  uriCovers,
} from "@/lib/cache/rules";
import { sha256Hex } from "@/lib/cache/rules/sha256";
import { hinted, M, req, res } from "@/tests/helpers/cache";

describe("§7 cacheable methods: only the complete results of six methods", () => {
  it.each([
    ["server/discover", true],
    ["tools/list", true],
    ["prompts/list", true],
    ["resources/list", true],
    ["resources/templates/list", true],
    ["resources/read", true],
    ["tools/call", false],
    ["prompts/get", false],
    ["completion/complete", false],
    ["subscriptions/listen", false],
    ["initialize", false],
  ])("%s cacheable: %s", (method, cacheable) => {
    expect(isCacheableMethod(method)).toBe(cacheable);
    expect(requestCacheability(req(method)).ok).toBe(cacheable);
  });

  it("the list is exactly the six of caching.mdx and the schema (AMBIG-5 includes server/discover)", () => {
    expect([...CACHEABLE_METHODS].sort()).toEqual([
      "prompts/list",
      "resources/list",
      "resources/read",
      "resources/templates/list",
      "server/discover",
      "tools/list",
    ]);
  });

  it.each([
    ["resultType complete", hinted(60000, "public"), true, undefined],
    ["resultType absent (older server) counts as complete", res({ tools: [] }), true, undefined],
    [
      "resultType input_required is never cached",
      res({ resultType: "input_required", inputRequests: {} }),
      false,
      "input-required",
    ],
    ["an extension resultType (task) is not cached", res({ resultType: "task", taskId: "t" }), false, "not-complete"],
    [
      "an error is not cached",
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "x" } },
      false,
      "error-response",
    ],
    ["a reply without result is not cached", { jsonrpc: "2.0", id: 1 }, false, "not-a-result"],
  ])("%s", (_label, response, ok, reason) => {
    const c = responseCacheability(req("tools/list"), response);
    expect(c.ok).toBe(ok);
    if (!c.ok) expect(c.reason).toBe(reason);
  });

  it.each([
    ["inputResponses", { uri: "calendar://week", inputResponses: { a: { action: "accept" } } }],
    ["requestState", { uri: "calendar://week", requestState: "abc" }],
    ["both", { uri: "calendar://week", inputResponses: {}, requestState: "abc" }],
  ])("MRTR retries (carrying %s) are never cached, even when complete with hints", (_l, params) => {
    const c = responseCacheability(req("resources/read", params), hinted(60000, "private"));
    expect(c).toMatchObject({ ok: false, reason: "mrtr-retry" });
  });

  it.each([
    ["a notification (no id)", { jsonrpc: "2.0", method: "tools/list", params: {} }],
    ["a response", res({})],
    ["not an object", "tools/list"],
  ])("%s is not a cacheable request", (_l, frame) => {
    expect(requestCacheability(frame)).toMatchObject({ ok: false, reason: "not-a-request" });
  });
});

describe("§7 cache key: method + the params that affect the result, never _meta", () => {
  const a = (method: string, params: Record<string, unknown>, meta?: Record<string, unknown>) =>
    cacheKey(method, meta ? { _meta: meta, ...params } : params);
  it.each([
    [
      "same uri, different _meta (clientInfo, progressToken)",
      a("resources/read", { uri: "calendar://week" }, M),
      a("resources/read", { uri: "calendar://week" }, { ...M, progressToken: "p" }),
      true,
    ],
    [
      "same params in a different key order",
      a("x/y", { b: 1, a: { d: 1, c: 2 } }),
      a("x/y", { a: { c: 2, d: 1 }, b: 1 }),
      true,
    ],
    [
      "different uri",
      a("resources/read", { uri: "calendar://week" }),
      a("resources/read", { uri: "calendar://month" }),
      false,
    ],
    [
      "different cursor (each page its own key)",
      a("tools/list", { cursor: "p2" }),
      a("tools/list", { cursor: "p3" }),
      false,
    ],
    ["first page vs a cursor", a("tools/list", {}), a("tools/list", { cursor: "p2" }), false],
    ["different method, same params", a("tools/list", {}), a("prompts/list", {}), false],
    ["no params vs params with only _meta", cacheKey("tools/list", undefined), a("tools/list", {}, M), true],
  ])("%s → same key: %s", (_l, k1, k2, same) => {
    expect(k1 === k2).toBe(same);
  });

  it.each([
    ["resources/read", { _meta: M, uri: "calendar://week" }, "resources/read uri=calendar://week"],
    ["tools/list", { _meta: M }, "tools/list (first page)"],
    ["tools/list", { _meta: M, cursor: "abc" }, "tools/list cursor=abc"],
    ["server/discover", { _meta: M }, "server/discover"],
  ])("key label of %s %j reads %s", (method, params, label) => {
    expect(keyLabel(method, params)).toBe(label);
  });
});

describe("§7 ttlMs: fresh while now < t_received + ttlMs (injected clock)", () => {
  const T = 1_000_000;
  it.each([
    ["60000 at age 0", 60000, 0, "fresh"],
    ["60000 at age 59 999", 60000, 59_999, "fresh"],
    ["60000 at age 60 000 (boundary: stale)", 60000, 60_000, "stale"],
    ["60000 at age 61 000", 60000, 61_000, "stale"],
    ["0 is immediately stale", 0, 0, "stale"],
    ["absent (legacy) is immediately stale", undefined, 0, "stale"],
    ["negative is ignored and treated as 0", -5000, 0, "stale"],
    ["a string is treated as 0", "60000", 0, "stale"],
    ["non-integer 1500.7 is used floored (fresh at 1 499)", 1500.7, 1499, "fresh"],
    ["non-integer 1500.7 is stale at 1 500", 1500.7, 1500, "stale"],
  ])("%s → %s", (_l, ttlMs, age, state) => {
    const hints = readHints(hinted(ttlMs, "public").result);
    expect(freshnessAt({ receivedAt: T, ttlMs: hints.effectiveTtlMs }, T + age).state).toBe(state);
  });

  it("the freshness bar runs from 1 at receipt to 0 at expiry", () => {
    const e = { receivedAt: T, ttlMs: 60000 };
    expect(freshnessAt(e, T)).toMatchObject({ state: "fresh", fraction: 1, remainingMs: 60000 });
    expect(freshnessAt(e, T + 45000)).toMatchObject({ state: "fresh", fraction: 0.25, ageMs: 45000 });
  });

  it("an invalidated entry is stale at once, whatever its ttl, and says by what", () => {
    const f = freshnessAt(
      { receivedAt: T, ttlMs: 60000, invalidated: { at: T + 1, by: "notifications/tools/list_changed" } },
      T + 2,
    );
    expect(f).toEqual({ state: "stale", ageMs: 2, why: "invalidated", by: "notifications/tools/list_changed" });
  });

  it.each([
    [0, "ttl-zero"],
    [1000, "expired"],
  ])("a stale entry with ttl %s says why: %s", (ttlMs, why) => {
    expect(freshnessAt({ receivedAt: T, ttlMs }, T + 5000)).toMatchObject({ state: "stale", why });
  });
});

describe("§7 cacheScope: what is acted on", () => {
  it.each([
    ["public", "public", "public"],
    ["private", "private", "private"],
    ["absent is treated as private", undefined, "private"],
    ["an unknown value is treated as private", "shared", "private"],
    ["a wrong type is treated as private", 1, "private"],
  ])("%s", (_l, scope, effective) => {
    expect(readHints(hinted(1000, scope).result).effectiveScope).toBe(effective);
  });

  it("each scope has one sentence saying what a client and a shared gateway may do", () => {
    for (const sentence of Object.values(SCOPE_RULES)) {
      expect(sentence).toMatch(/client/);
      expect(sentence).toMatch(/gateway/);
      expect(sentence.split(/\.\s/).length).toBe(1);
    }
    expect(SCOPE_RULES.public).toMatch(/every user/);
    expect(SCOPE_RULES.private).toMatch(/never serve it to another user/);
    expect(scopeRule({ kind: "unknown", raw: "shared" })).toMatch(/treated as private/);
  });
});

describe("§7 private entries are keyed by authorization context (hash of the Authorization header)", () => {
  it.each([
    ["no header", undefined, "anonymous"],
    ["empty header", { Authorization: "" }, "anonymous"],
    ["Bearer token", { Authorization: "Bearer alice" }, `auth:${sha256Hex("Bearer alice").slice(0, 16)}`],
    ["header name in lower case", { authorization: "Bearer alice" }, `auth:${sha256Hex("Bearer alice").slice(0, 16)}`],
    [
      "header pairs",
      [["AUTHORIZATION", "Bearer alice"]] as [string, string][],
      `auth:${sha256Hex("Bearer alice").slice(0, 16)}`,
    ],
  ])("%s → %s", (_l, headers, id) => {
    expect(authContextFromHeaders(headers).id).toBe(id);
  });

  it("two tokens give two contexts, and neither the id nor the label contains the token", () => {
    const a = authContextOf("Bearer alice-secret");
    const b = authContextOf("Bearer bob-secret");
    expect(a.id).not.toBe(b.id);
    expect(`${a.id} ${a.label}`).not.toMatch(/secret/);
  });

  it.each(["", "abc", "Bearer alice", "x".repeat(55), "x".repeat(56), "x".repeat(64), "ключ 🔑".repeat(40)])(
    "sha256Hex matches node:crypto for %j",
    (text) => {
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    },
  );
});

describe("violations are flagged with the rule they break", () => {
  const modern = (method: string, params: Record<string, unknown> = {}) => req(method, params);
  const legacy = (method: string) => req(method, {}, 1, null);
  it.each([
    [
      "modern tools/list without ttlMs",
      modern("tools/list"),
      hinted(undefined, "public"),
      ["hints-required-ttl:error"],
    ],
    [
      "modern tools/list without cacheScope",
      modern("tools/list"),
      hinted(1000, undefined),
      ["hints-required-scope:error"],
    ],
    [
      "modern resources/read without either (the schema example, AMBIG-5)",
      modern("resources/read", { uri: "x" }),
      hinted(undefined, undefined),
      ["hints-required-ttl:error", "hints-required-scope:error"],
    ],
    [
      "modern server/discover without either",
      modern("server/discover"),
      hinted(undefined, undefined),
      ["hints-required-ttl:error", "hints-required-scope:error"],
    ],
    ["legacy request, no hints: fine (older servers only)", legacy("tools/list"), res({ tools: [] }), []],
    ["negative ttlMs", modern("tools/list"), hinted(-1, "public"), ["ttl-not-negative:error"]],
    ["non-integer ttlMs (AMBIG-6)", modern("tools/list"), hinted(1.5, "public"), ["ttl-integer:warning"]],
    ["ttlMs as a string", modern("tools/list"), hinted("60000", "public"), ["ttl-is-number:error"]],
    ["unknown scope", modern("tools/list"), hinted(1000, "shared"), ["scope-enum:error"]],
    [
      "cache fields on input_required",
      modern("resources/read", { uri: "x" }),
      res({ resultType: "input_required", requestState: "s", ttlMs: 1000, cacheScope: "private" }),
      ["no-hints-on-input-required:warning"],
    ],
    [
      "input_required without hints: fine",
      modern("tools/call"),
      res({ resultType: "input_required", requestState: "s" }),
      [],
    ],
    [
      "tools/call without hints: fine (not cacheable)",
      modern("tools/call"),
      res({ resultType: "complete", content: [] }),
      [],
    ],
    ["well-formed hints", modern("tools/list"), hinted(300000, "public"), []],
    [
      "an error reply: nothing to check",
      modern("tools/list"),
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "m" } },
      [],
    ],
  ])("%s → %j", (_l, request, response, expected) => {
    expect(hintViolations(request, response).map((v) => `${v.rule}:${v.level}`)).toEqual(expected);
  });

  it("every violation names where its rule is written", () => {
    for (const v of hintViolations(req("tools/list"), hinted(-1.5, "x"))) expect(v.spec.length).toBeGreaterThan(5);
  });
});

describe("notifications name the entries they make stale", () => {
  it.each([
    ["notifications/tools/list_changed", undefined, ["tools/list"], undefined],
    ["notifications/prompts/list_changed", undefined, ["prompts/list"], undefined],
    ["notifications/resources/list_changed", undefined, ["resources/list", "resources/templates/list"], undefined],
    ["notifications/resources/updated", { uri: "calendar://week" }, ["resources/read"], "calendar://week"],
  ])("%s", (method, params, methods, uri) => {
    const target = invalidationTarget({ jsonrpc: "2.0", method, params });
    expect(target?.methods).toEqual(methods);
    expect(target?.uri).toBe(uri);
  });

  it.each([
    ["notifications/subscriptions/acknowledged", {}],
    ["notifications/progress", { progressToken: 1, progress: 1 }],
    ["notifications/resources/updated", {}],
  ])("%s invalidates nothing", (method, params) => {
    expect(invalidationTarget({ jsonrpc: "2.0", method, params })).toBeUndefined();
  });

  it.each([
    ["calendar://week", "calendar://week", true],
    ["file:///project/", "file:///project/config.json", true],
    ["file:///project", "file:///project/config.json", true],
    ["file:///project/config.json", "file:///project/", false],
    ["calendar://week", "calendar://weekend", false],
  ])("a read of %s is affected by an update of %s: %s", (cached, updated, covers) => {
    expect(uriCovers(cached, updated)).toBe(covers);
  });
});

describe("words: human units and the badge", () => {
  it.each([
    [300000, "5 min"],
    [60000, "1 min"],
    [3600000, "1 h"],
    [90000, "1 min 30 s"],
    [5000, "5 s"],
    [1500, "1.5 s"],
    [250, "250 ms"],
    [0, "0 ms"],
    [86_400_000, "1 day"],
    [172_800_000 + 3_600_000, "2 days 1 h"],
  ])("%s ms is %s", (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });

  it.each([
    [0, "0 s"],
    [4_999, "4 s"],
    [59_999, "59 s"],
    [125_000, "2 min 5 s"],
  ])("age %s ms reads %s", (ms, text) => {
    expect(humanAge(ms)).toBe(text);
  });

  it("the chapter's calendar://week answer reads 1 min, private, with its key", () => {
    const b = cacheBadge(
      req("resources/read", { uri: "calendar://week" }),
      hinted(60000, "private", { contents: [] }),
      5,
    );
    expect(b).toMatchObject({
      kind: "cacheable",
      summary: "ttl 1 min · private",
      keyLabel: "resources/read uri=calendar://week",
      ttlMs: 60000,
      receivedAt: 5,
    });
  });

  it.each([
    ["tools/call", req("tools/call", { name: "x" }), res({ resultType: "complete", content: [] }), "none"],
    [
      "an MRTR retry of resources/read",
      req("resources/read", { uri: "u", requestState: "s" }),
      hinted(1000, "private"),
      "not-cached",
    ],
    [
      "input_required on resources/read",
      req("resources/read", { uri: "u" }),
      res({ resultType: "input_required", requestState: "s" }),
      "not-cached",
    ],
    [
      "input_required on tools/call with hints (a violation)",
      req("tools/call", { name: "x" }),
      res({ resultType: "input_required", requestState: "s", ttlMs: 1 }),
      "not-cached",
    ],
    ["a legacy tools/list", req("tools/list", {}, 1, null), res({ tools: [] }), "cacheable"],
  ])("badge of %s: %s", (_l, request, response, kind) => {
    expect(cacheBadge(request, response, 0).kind).toBe(kind);
  });
});
