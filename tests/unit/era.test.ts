import { describe, expect, it } from "vitest";
import type { Exchange, ExchangeOutcome } from "@/lib/bridge/contract";
import { runEraProbe, type ProbeSend } from "@/lib/protocol/era";

/** A scripted peer: answers each probe step from a table, recording what was sent. */
function scripted(
  replies: Array<
    (frame: { id?: unknown; method: string; params?: Record<string, unknown> }) => {
      outcome: ExchangeOutcome;
      status?: number;
      sessionId?: string;
    }
  >,
) {
  const sent: { text: string; headers?: Record<string, string> }[] = [];
  const send: ProbeSend = async (text, extra) => {
    sent.push({ text, headers: extra?.headers });
    const frame = JSON.parse(text);
    const reply = replies[sent.length - 1]?.(frame) ?? {
      outcome: { kind: "notification", note: "accepted" } as ExchangeOutcome,
    };
    const exchange: Exchange = {
      sendId: String(sent.length),
      startedAt: 0,
      durationMs: 1,
      targetLabel: "t",
      transport: reply.status ? "http" : "stdio",
      sent: text,
      received: [],
      outcome: reply.outcome,
      events: [],
      timeoutMs: 10_000,
      http: reply.status ? { status: reply.status, sessionId: reply.sessionId } : undefined,
    };
    return exchange;
  };
  return { send, sent };
}
const error = (id: unknown, code: number, message: string, data?: unknown): ExchangeOutcome => ({
  kind: "response",
  frame: { jsonrpc: "2.0", id, error: { code, message, data } },
});
const result = (id: unknown, value: Record<string, unknown>): ExchangeOutcome => ({
  kind: "response",
  frame: { jsonrpc: "2.0", id, result: value },
});

describe("era probe classification (digest §2.3)", () => {
  it("a DiscoverResult means modern and no initialize is sent", async () => {
    const peer = scripted([
      (f) => ({ outcome: result(f.id, { supportedVersions: ["2026-07-28"], resultType: "complete" }) }),
    ]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("modern");
    expect(verdict.version).toBe("2026-07-28");
    expect(peer.sent).toHaveLength(1);
  });

  it("-32601 to server/discover means legacy: fall back to initialize asking for 2026-07-28, then notifications/initialized", async () => {
    const peer = scripted([
      (f) => ({ outcome: error(f.id, -32601, "Method not found") }),
      (f) => ({
        outcome: result(f.id, {
          protocolVersion: "2025-11-25",
          capabilities: {},
          serverInfo: { name: "x", version: "1" },
        }),
      }),
    ]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("legacy");
    expect(verdict.version).toBe("2025-11-25");
    expect(verdict.reason).toContain("-32601 Method not found");
    expect(verdict.reason).toContain("initialize asked for 2026-07-28, server answered 2025-11-25");
    expect(peer.sent.map((s) => JSON.parse(s.text).method)).toEqual([
      "server/discover",
      "initialize",
      "notifications/initialized",
    ]);
    expect(JSON.parse(peer.sent[1].text).params.protocolVersion).toBe("2026-07-28");
  });

  it("a client pinned to a legacy revision opens with initialize for it, never server/discover (a 2025-11-25 client's handshake)", async () => {
    const peer = scripted([
      (f) => ({ outcome: result(f.id, { protocolVersion: "2025-11-25", capabilities: {} }), status: 200 }),
      () => ({ outcome: { kind: "notification", note: "202" }, status: 202 }),
    ]);
    const verdict = await runEraProbe(peer.send, { preferredVersion: "2025-11-25", pinned: true });
    expect(verdict.era).toBe("legacy");
    expect(verdict.version).toBe("2025-11-25");
    expect(peer.sent.map((s) => JSON.parse(s.text).method)).toEqual(["initialize", "notifications/initialized"]);
    expect(JSON.parse(peer.sent[0].text).params.protocolVersion).toBe("2025-11-25");
    expect(verdict.reason).toContain("pinned to 2025-11-25");
  });

  it("HTTP 400 'Server not initialized' (-32000) means legacy, and the session id is carried into notifications/initialized", async () => {
    const peer = scripted([
      () => ({ outcome: error(null, -32000, "Bad Request: Server not initialized"), status: 400 }),
      (f) => ({ outcome: result(f.id, { protocolVersion: "2025-11-25" }), status: 200, sessionId: "abc" }),
      () => ({ outcome: { kind: "notification", note: "202" }, status: 202 }),
    ]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("legacy");
    expect(verdict.sessionId).toBe("abc");
    expect(verdict.reason).toContain("HTTP 400");
    expect(peer.sent[2].headers).toEqual({ "Mcp-Session-Id": "abc", "MCP-Protocol-Version": "2025-11-25" });
  });

  it("silence (timeout) means legacy, not broken", async () => {
    const peer = scripted([
      () => ({ outcome: { kind: "failure", failure: "timeout", message: "no reply" } }),
      (f) => ({ outcome: result(f.id, { protocolVersion: "2025-06-18" }) }),
    ]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("legacy");
    expect(verdict.reason).toContain("got no answer within 10000 ms");
  });

  it("-32022 with a modern version in data.supported retries discover with it and never falls back to initialize", async () => {
    const peer = scripted([
      (f) => ({
        outcome: error(f.id, -32022, "Unsupported protocol version", {
          supported: ["2027-01-01"],
          requested: "2026-07-28",
        }),
      }),
      (f) => ({ outcome: result(f.id, { supportedVersions: ["2027-01-01"] }) }),
    ]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("modern-wrong-version");
    expect(verdict.version).toBe("2027-01-01");
    expect(peer.sent.map((s) => JSON.parse(s.text).method)).toEqual(["server/discover", "server/discover"]);
  });

  it.each([-32020, -32021])("%i is a modern error: the server is modern, no fallback", async (code) => {
    const peer = scripted([(f) => ({ outcome: error(f.id, code, "x") })]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("modern");
    expect(peer.sent).toHaveLength(1);
  });

  it.each(["spawn", "network"] as const)("a %s failure is unreachable, not legacy", async (failure) => {
    const peer = scripted([() => ({ outcome: { kind: "failure", failure, message: "nope" } })]);
    const verdict = await runEraProbe(peer.send);
    expect(verdict.era).toBe("unreachable");
    expect(peer.sent).toHaveLength(1);
  });
});
