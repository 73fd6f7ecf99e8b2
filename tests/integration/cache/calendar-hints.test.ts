/**
 * The embedded calendar over stdio, server level: its cache hints match the chapter (calendar://week 60000
 * private; tools/list 300000 public), it advertises resources.subscribe to modern clients only, and it emits
 * notifications/resources/updated for calendar://week on an open listen stream when an event is created.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildEnvelope } from "@/lib/protocol/meta";
import { cacheBadge, hintViolations } from "@/lib/cache/rules";
import { LinePeer } from "./line-peer";

const M = buildEnvelope();
const SUB = "io.modelcontextprotocol/subscriptionId";
/** tools/call create_event (id 2) for an event titled `title` on 10 September 2026. */
const createEvent = (title: string) => ({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { _meta: M, name: "create_event", arguments: { title, startsAt: "2026-09-10T08:30:00Z" } },
});
let peer: LinePeer | undefined;

function calendar(): LinePeer {
  peer = new LinePeer([process.execPath, "dist-servers/calendar.mjs"]);
  return peer;
}
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe("calendar cache hints match the chapter", () => {
  it.each([
    ["resources/read", { uri: "calendar://week" }, "ttl 1 min · private"],
    ["tools/list", {}, "ttl 5 min · public"],
    ["server/discover", {}, "ttl 5 min · public"],
    ["prompts/list", {}, "ttl 5 min · public"],
    ["resources/list", {}, "ttl 5 min · public"],
    ["resources/templates/list", {}, "ttl 5 min · public"],
  ])("%s → %s, no violations", async (method, params, summary) => {
    const p = calendar();
    const request = { jsonrpc: "2.0", id: 1, method, params: { _meta: M, ...params } };
    const response = await p.request(request);
    expect(hintViolations(request, response)).toEqual([]);
    expect(cacheBadge(request, response, 0)).toMatchObject({ kind: "cacheable", summary });
  });
});

describe("calendar subscriptions", () => {
  it("server/discover advertises resources.subscribe to a modern client", async () => {
    const response = (await calendar().request({
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: { _meta: M },
    })) as {
      result: { capabilities: { resources: unknown } };
    };
    expect(response.result.capabilities.resources).toMatchObject({ subscribe: true });
  });

  it("a legacy initialize is answered without resources.subscribe (nothing delivers it there)", async () => {
    const response = (await calendar().request({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
    })) as { result: { capabilities: { resources?: { subscribe?: boolean } } } };
    expect(response.result.capabilities.resources?.subscribe).toBeUndefined();
  });

  it("listen → acknowledged → create_event → resources/updated calendar://week, tagged with the listen id", async () => {
    const p = calendar();
    p.write({
      jsonrpc: "2.0",
      id: "listen-1",
      method: "subscriptions/listen",
      params: { _meta: M, notifications: { resourceSubscriptions: ["calendar://week"] } },
    });
    const ack = await p.next((f) => (f as { method?: string }).method === "notifications/subscriptions/acknowledged");
    expect(ack).toEqual({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { notifications: { resourceSubscriptions: ["calendar://week"] }, _meta: { [SUB]: "listen-1" } },
    });
    const call = createEvent("Dentist");
    const result = await p.request(call);
    expect(JSON.stringify(result)).toContain("Created e3: Dentist");
    const updated = await p.next((f) => (f as { method?: string }).method === "notifications/resources/updated");
    expect(updated).toEqual({
      jsonrpc: "2.0",
      method: "notifications/resources/updated",
      params: { uri: "calendar://week", _meta: { [SUB]: "listen-1" } },
    });
  });

  it("without a listen stream, create_event writes nothing but its response (the chapter's trace stays as it was)", async () => {
    const p = calendar();
    const call = createEvent("Dentist");
    const response = await p.request(call);
    await p.request({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: M } });
    expect(p.frames).toHaveLength(2);
    expect(response).toEqual({
      result: {
        content: [{ type: "text", text: "Created e3: Dentist at 2026-09-10T08:30:00Z" }],
        structuredContent: { id: "e3", title: "Dentist", startsAt: "2026-09-10T08:30:00Z" },
        isError: false,
        resultType: "complete",
        _meta: {
          "io.modelcontextprotocol/serverInfo": { name: "calendar", version: "1.0.0", title: "Chapter calendar" },
        },
      },
      jsonrpc: "2.0",
      id: 2,
    });
  });

  it("after notifications/cancelled for the listen id, nothing more arrives on it", async () => {
    const p = calendar();
    p.write({
      jsonrpc: "2.0",
      id: 9,
      method: "subscriptions/listen",
      params: { _meta: M, notifications: { resourceSubscriptions: ["calendar://week"] } },
    });
    await p.next((f) => (f as { method?: string }).method === "notifications/subscriptions/acknowledged");
    p.write({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 9 } });
    await p.request(createEvent("X"));
    await p.request({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: M } });
    expect(p.frames.filter((f) => (f as { method?: string }).method === "notifications/resources/updated")).toEqual([]);
  });
});
