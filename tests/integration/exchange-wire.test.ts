/**
 * The packed send reply (lib/protocol/exchange-wire.ts): each received frame crosses the wire once, and the
 * page's client gets back exactly the Exchange the bridge recorded — same values, same keys in the same order,
 * the same frame object in the event, `received` and the outcome — for real exchanges over stdio (replies,
 * notifications, junk lines) and Streamable HTTP.
 */
import { describe, expect, it, vi } from "vitest";
import { createBridgeClient } from "@/lib/bridge/client";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { packExchange, unpackExchange, type PackedExchange } from "@/lib/protocol/exchange-wire";
import { appRoutesForFile } from "./app-routes";
import { ENVELOPE, demoHttpForFile, fixture, request, sendFrame } from "./helpers";

vi.mock("server-only", () => ({}));

const TOKEN = "exchange-wire-token-0123456789";
const calendarHttp = demoHttpForFile("calendar");
const app = appRoutesForFile(TOKEN);

/** What the page's client reads: the packed form after a trip through JSON. */
const overTheWire = (exchange: Exchange): PackedExchange => JSON.parse(JSON.stringify(packExchange(exchange)));

function expectSameExchange(exchange: Exchange) {
  const back = unpackExchange(overTheWire(exchange));
  expect(JSON.stringify(back)).toBe(JSON.stringify(exchange));
  if (exchange.outcome.kind === "response" && back.outcome.kind === "response") {
    // The same sharing as the bridge had: where the reply in `received` was the outcome's object, it still is.
    expect(back.received.includes(back.outcome.frame)).toBe(exchange.received.includes(exchange.outcome.frame));
  }
  return back;
}

const cases: { rule: string; target: () => Target; frame: object; ctx?: () => { baseUrl: string } }[] = [
  {
    rule: "a reply over stdio",
    target: () => ({ kind: "demo", server: "calendar", transport: "stdio" }),
    frame: request(1, "tools/list", { _meta: ENVELOPE }),
  },
  {
    rule: "a large legacy reply over stdio (server-everything's tools/list)",
    target: () => ({ kind: "demo", server: "everything", transport: "stdio" }),
    frame: request(2, "tools/list"),
  },
  {
    rule: "notifications before the reply",
    target: () => fixture("notify-then-reply.mjs"),
    frame: request(3, "tools/list"),
  },
  { rule: "junk lines between frames", target: () => fixture("junk-then-reply.mjs"), frame: request(4, "tools/list") },
  {
    rule: "a reply over Streamable HTTP",
    target: () => ({ kind: "demo", server: "calendar", transport: "http" }),
    frame: request(5, "tools/list", { _meta: ENVELOPE }),
    ctx: () => ({ baseUrl: calendarHttp.baseUrl }),
  },
];

describe("a packed send reply unpacks to exactly the recorded exchange", () => {
  for (const c of cases) {
    it(c.rule, async () => {
      const exchange = await sendFrame(c.target(), c.frame, {}, c.ctx?.());
      expect(exchange.outcome.kind).toBe("response");
      expectSameExchange(exchange);
    });
  }

  it("server-everything's tools/list reply crosses the wire once: under 40% of the unpacked size", async () => {
    const exchange = await sendFrame(
      { kind: "demo", server: "everything", transport: "stdio" },
      request(6, "tools/list"),
    );
    const full = JSON.stringify(exchange).length;
    const packed = JSON.stringify(packExchange(exchange)).length;
    expect(packed / full).toBeLessThan(0.4);
    // A tool's description appears once (in the line's text), not four times.
    const description = (exchange.outcome as { frame: { result: { tools: { description: string }[] } } }).frame.result
      .tools[0].description;
    const count = (s: string) => s.split(description).length - 1;
    expect(count(JSON.stringify(exchange))).toBe(4);
    expect(count(JSON.stringify(packExchange(exchange)))).toBe(1);
  });
});

describe("what is not a frame of an event is carried as it is", () => {
  const base: Exchange = {
    sendId: "s",
    startedAt: 1,
    durationMs: 2,
    targetLabel: "t",
    transport: "stdio",
    sent: "{}",
    timeoutMs: 10_000,
    received: [],
    outcome: { kind: "notification", note: "no id" },
    events: [],
  };

  it("a frame that is a bare value, a frame received without an event, and a failure outcome", () => {
    const loose = { jsonrpc: "2.0", method: "notifications/message" };
    const exchange: Exchange = {
      ...base,
      received: [loose, 7],
      outcome: { kind: "failure", failure: "timeout", message: "no reply" },
      events: [
        { t: 0, kind: "stdin", text: "{}" },
        { t: 1, kind: "stdout", text: "7", frame: 7 },
        { t: 2, kind: "stdout", text: "not json", parseError: "Unexpected token" },
      ],
    };
    const packed = overTheWire(exchange);
    expect(packed.framesFromText).toEqual([]);
    expect(packed.received).toEqual([{ frame: loose }, { frame: 7 }]);
    expectSameExchange(exchange);
  });

  it("an SSE event's frame comes back from its data", () => {
    const frame = { jsonrpc: "2.0", id: 1, result: { tools: [] } };
    const exchange: Exchange = {
      ...base,
      transport: "http",
      received: [frame],
      outcome: { kind: "response", frame },
      events: [{ t: 1, kind: "sse-event", event: "message", id: "e1", data: JSON.stringify(frame), frame }],
    };
    const packed = overTheWire(exchange);
    expect(packed).toMatchObject({ framesFromText: [0], received: [0], outcomeFrom: 0 });
    expect((packed.exchange.events[0] as { frame: unknown }).frame).toBeNull();
    expectSameExchange(exchange);
  });
});

describe("POST /api/bridge/send with packed", () => {
  const target: Target = { kind: "demo", server: "everything", transport: "stdio" };
  const frame = JSON.stringify(request(7, "tools/list"));

  it("answers the packed form only when asked; the page's bridge client asks and gets the Exchange back", async () => {
    const plain = await app.post(
      "/api/bridge/send",
      { sendId: "wire-plain", target, frame },
      { "x-playground-token": TOKEN },
    );
    const packed = await app.post(
      "/api/bridge/send",
      { sendId: "wire-packed", target, frame, packed: true },
      { "x-playground-token": TOKEN },
    );
    expect(plain.json.ok && packed.json.ok).toBe(true);
    const plainValue = (plain.json as { value: Exchange }).value;
    expect((plainValue as unknown as { packed?: number }).packed).toBeUndefined();
    expect((packed.json as { value: PackedExchange }).value.packed).toBe(1);

    const client = createBridgeClient({ token: TOKEN, baseUrl: app.origin });
    const reply = await client.send({
      sendId: "wire-client",
      target,
      frame,
      insist: false,
      timeoutMs: 10_000,
      processMode: "keep",
    });
    expect(reply.ok).toBe(true);
    const exchange = (reply as { value: Exchange }).value;
    expect(exchange.outcome.kind).toBe("response");
    expect(exchange.received).toEqual(plainValue.received);
    expect(JSON.stringify((exchange.outcome as { frame: unknown }).frame)).toBe(
      JSON.stringify((plainValue.outcome as { frame: unknown }).frame),
    );
    expect(exchange.events.find((e) => e.kind === "stdout")).toMatchObject({
      frame: (exchange.outcome as { frame: unknown }).frame,
    });
  });
});
