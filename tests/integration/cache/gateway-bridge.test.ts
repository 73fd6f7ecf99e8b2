/**
 * The client cache and the simulated shared gateway against the real calendar through the bridge: each
 * upstream fetch is a real send (over HTTP with the user's Authorization header, or over stdio), and the
 * cache decides from the hints the server actually sent.
 */
import { describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { demoHttpForFile, recordPids } from "../helpers";
import { EMPTY_CACHE, invalidate, lookup, replayAsUsers, ANONYMOUS, type GatewaySend } from "@/lib/cache/rules";
import { targetKey } from "@/lib/bridge/target";
import { replyFrame } from "@/lib/protocol/exchange";
import { cacheContext, put, req } from "@/tests/helpers/cache";

const calendarHttp = demoHttpForFile("calendar");

const httpCalendar: Target = { kind: "demo", server: "calendar", transport: "http" };
const users = [
  { name: "alice", authorization: "Bearer alice-token" },
  { name: "bob", authorization: "Bearer bob-token" },
];
let n = 0;

function bridgeSend(target: Target, seen: { user: string; authorization?: string }[]): GatewaySend {
  return async (frame, user) => {
    const exchange = await send(
      {
        sendId: `gw-${++n}`,
        target,
        frame,
        insist: false,
        timeoutMs: 10_000,
        processMode: "keep",
        headers: { Authorization: user.authorization },
      },
      { baseUrl: calendarHttp.baseUrl },
    );
    recordPids(exchange);
    const request = exchange.events.find((e) => e.kind === "http-request");
    seen.push({
      user: user.name,
      authorization:
        request?.kind === "http-request" ? request.headers.find(([h]) => h === "Authorization")?.[1] : undefined,
    });
    return exchange.outcome.kind === "response"
      ? { ok: true, response: replyFrame(exchange), sendId: exchange.sendId }
      : { ok: false, message: JSON.stringify(exchange.outcome) };
  };
}

describe("gateway view against the calendar over HTTP", () => {
  /** The gateway replays `frame` for each user against the calendar over HTTP; `seen` records who went upstream. */
  const replayOverHttp = (frame: string, seen: { user: string; authorization?: string }[]) =>
    replayAsUsers(EMPTY_CACHE, frame, users, targetKey(httpCalendar), bridgeSend(httpCalendar, seen), Date.now);

  it("tools/list (300000 public) is fetched for alice and served to bob from the shared cache", async () => {
    const seen: { user: string; authorization?: string }[] = [];
    const frame = JSON.stringify(req("tools/list"));
    const out = await replayOverHttp(frame, seen);
    expect(seen).toEqual([{ user: "alice", authorization: "Bearer alice-token" }]);
    expect(out.steps.map((s) => s.decision)).toEqual(["fetched-upstream", "served-from-shared-cache"]);
    expect(out.steps[1].entry?.scope).toBe("public");
  });

  it("resources/read calendar://week (60000 private) is fetched for each user; bob never gets alice's copy", async () => {
    const seen: { user: string; authorization?: string }[] = [];
    const frame = JSON.stringify(req("resources/read", { uri: "calendar://week" }, 2));
    const out = await replayOverHttp(frame, seen);
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer alice-token", "Bearer bob-token"]);
    expect(out.steps.map((s) => s.decision)).toEqual(["fetched-upstream", "fetched-upstream"]);
    expect(out.steps[1].explanation).toMatch(/private to alice/);
    expect(out.state.entries.map((e) => [e.scope, e.auth.id !== ANONYMOUS.id])).toEqual([
      ["private", true],
      ["private", true],
    ]);
  });
});

describe("client cache against the calendar over stdio", () => {
  const target: Target = { kind: "demo", server: "calendar", transport: "stdio" };
  const read = (id: number) => req("resources/read", { uri: "calendar://week" }, id);

  it("a fresh read is answered locally; after create_event's resources/updated the entry is stale and goes out", async () => {
    const key = targetKey(target);
    const first = await send({
      sendId: `cc-${++n}`,
      target,
      frame: JSON.stringify(read(1)),
      insist: false,
      timeoutMs: 10_000,
      processMode: "keep",
    });
    recordPids(first);
    const t = Date.now();
    const reply = first.outcome.kind === "response" ? replyFrame(first) : null;
    const stored = put(EMPTY_CACHE, read(1), reply, t, ANONYMOUS, key);
    expect(stored).toMatchObject({ stored: true, entry: { ttlMs: 60000, scope: "private" } });
    expect(lookup(stored.state, read(2), cacheContext(read(2), t + 1000, ANONYMOUS, key)).kind).toBe("hit");
    expect(lookup(stored.state, read(3), cacheContext(read(3), t + 60_000, ANONYMOUS, key)).kind).toBe("stale");

    const updated = {
      jsonrpc: "2.0",
      method: "notifications/resources/updated",
      params: { uri: "calendar://week", _meta: { "io.modelcontextprotocol/subscriptionId": "l" } },
    };
    const after = invalidate(stored.state, key, updated, t + 2000);
    expect(after.invalidated.map((e) => e.keyLabel)).toEqual(["resources/read uri=calendar://week"]);
    expect(lookup(after.state, read(4), cacheContext(read(4), t + 2001, ANONYMOUS, key))).toMatchObject({
      kind: "stale",
      freshness: { why: "invalidated" },
    });
  });
});
