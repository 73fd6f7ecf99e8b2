/** subscriptions/listen from the client side (digest §8.1): demultiplexing, the acknowledgement, the rules. */
import { describe, expect, it } from "vitest";
import {
  belongsToListen,
  classifyListenFrame,
  compareAck,
  foldListen,
  openListen,
  requestedByFilter,
} from "@/lib/protocol/listen";

const SUB = "io.modelcontextprotocol/subscriptionId";
const tagged = (method: string, id: string | number, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  method,
  params: { ...params, _meta: { [SUB]: id } },
});
const listen = (id: string | number, notifications: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "subscriptions/listen",
  params: {
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
    },
    notifications,
  },
});

describe("demultiplexing: which frames belong to listen-1", () => {
  it.each([
    [
      "its acknowledgement",
      tagged("notifications/subscriptions/acknowledged", "listen-1", { notifications: {} }),
      "ack",
    ],
    [
      "a tagged resources/updated",
      tagged("notifications/resources/updated", "listen-1", { uri: "calendar://week" }),
      "notification",
    ],
    [
      "the closing result",
      { jsonrpc: "2.0", id: "listen-1", result: { resultType: "complete", _meta: { [SUB]: "listen-1" } } },
      "closed",
    ],
    [
      "an error answering the listen",
      { jsonrpc: "2.0", id: "listen-1", error: { code: -32601, message: "Method not found" } },
      "error",
    ],
    [
      "notifications/cancelled naming it (server teardown, AMBIG-4)",
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "listen-1" } },
      "cancelled",
    ],
    [
      "another subscription's notification",
      tagged("notifications/resources/updated", "listen-2", { uri: "x" }),
      "foreign",
    ],
    ['the same id with another JSON type (1 vs "1")', tagged("notifications/tools/list_changed", 1), "foreign"],
    ["an untagged notification", { jsonrpc: "2.0", method: "notifications/tools/list_changed" }, "foreign"],
    ["another request's response", { jsonrpc: "2.0", id: 2, result: {} }, "foreign"],
    [
      "a progress notification",
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "listen-1", progress: 1 } },
      "foreign",
    ],
  ])("%s → %s", (_l, frame, kind) => {
    expect(classifyListenFrame(frame, "listen-1")).toBe(kind);
    expect(belongsToListen(frame, "listen-1")).toBe(kind !== "foreign");
  });

  it("numeric listen ids match numeric tags only", () => {
    expect(classifyListenFrame(tagged("notifications/tools/list_changed", 7), 7)).toBe("notification");
    expect(classifyListenFrame(tagged("notifications/tools/list_changed", "7"), 7)).toBe("foreign");
  });
});

describe("the acknowledgement is compared with the request", () => {
  it.each([
    [
      "all honoured",
      { toolsListChanged: true, resourceSubscriptions: ["a"] },
      { toolsListChanged: true, resourceSubscriptions: ["a"] },
      [],
      [],
    ],
    ["tools dropped (server lacks listChanged)", { toolsListChanged: true }, {}, ["toolsListChanged"], []],
    [
      "a uri dropped",
      { resourceSubscriptions: ["a", "b"] },
      { resourceSubscriptions: ["a"] },
      ["resourceSubscriptions b"],
      [],
    ],
    ["something added that was not asked", {}, { promptsListChanged: true }, [], ["promptsListChanged"]],
  ])("%s", (_l, requested, acked, dropped, added) => {
    expect(compareAck(requested, acked)).toEqual({ dropped, added });
  });

  it.each([
    [
      tagged("notifications/resources/updated", 1, { uri: "calendar://week" }),
      { resourceSubscriptions: ["calendar://week"] },
      true,
    ],
    [
      tagged("notifications/resources/updated", 1, { uri: "file:///p/config.json" }),
      { resourceSubscriptions: ["file:///p"] },
      true,
    ],
    [
      tagged("notifications/resources/updated", 1, { uri: "calendar://month" }),
      { resourceSubscriptions: ["calendar://week"] },
      false,
    ],
    [tagged("notifications/tools/list_changed", 1), { toolsListChanged: true }, true],
    [tagged("notifications/tools/list_changed", 1), { promptsListChanged: true }, false],
  ])("requestedByFilter %#", (frame, filter, expected) => {
    expect(requestedByFilter(frame, filter)).toBe(expected);
  });
});

describe("folding a stream: status and rule breaks", () => {
  const start = () => openListen(listen("listen-1", { resourceSubscriptions: ["calendar://week"] }))!;
  const ack = tagged("notifications/subscriptions/acknowledged", "listen-1", {
    notifications: { resourceSubscriptions: ["calendar://week"] },
  });
  const updated = tagged("notifications/resources/updated", "listen-1", { uri: "calendar://week" });

  it("ack then an update: open, one notification, no problems", () => {
    const view = [ack, updated].reduce(foldListen, start());
    expect(view).toMatchObject({
      status: "open",
      notifications: [updated],
      problems: [],
      ackDiff: { dropped: [], added: [] },
    });
  });

  it.each([
    ["a notification before the ack", [updated, ack], ["ack-first"]],
    [
      "a type that was not requested",
      [ack, tagged("notifications/tools/list_changed", "listen-1")],
      ["requested-types-only"],
    ],
    [
      "a progress notification on the stream",
      [ack, tagged("notifications/progress", "listen-1", { progressToken: 1, progress: 1 })],
      ["no-request-scoped-notifications"],
    ],
    [
      "an ack honouring more than asked",
      [
        tagged("notifications/subscriptions/acknowledged", "listen-1", {
          notifications: { toolsListChanged: true, resourceSubscriptions: ["calendar://week"] },
        }),
      ],
      ["ack-subset"],
    ],
  ])("%s is flagged", (_l, frames, rules) => {
    expect(frames.reduce(foldListen, start()).problems.map((p) => p.rule)).toEqual(rules);
  });

  it.each([
    ["a closing result", { jsonrpc: "2.0", id: "listen-1", result: { resultType: "complete" } }, "closed-by-server"],
    ["an error", { jsonrpc: "2.0", id: "listen-1", error: { code: -32601, message: "Method not found" } }, "error"],
    [
      "notifications/cancelled",
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "listen-1" } },
      "cancelled-by-server",
    ],
  ])("the stream ends with %s → %s", (_l, frame, status) => {
    expect(foldListen(start(), frame).status).toBe(status);
  });

  it("frames of other streams leave the view untouched", () => {
    const view = start();
    expect(foldListen(view, tagged("notifications/resources/updated", "listen-2", { uri: "x" }))).toBe(view);
  });

  it("only a subscriptions/listen request with an id opens a view", () => {
    expect(openListen({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toBeUndefined();
    expect(openListen({ jsonrpc: "2.0", method: "subscriptions/listen" })).toBeUndefined();
  });
});
