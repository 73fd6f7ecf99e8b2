/**
 * The legacy reference server @modelcontextprotocol/server-everything@2026.8.31 through the real bridge,
 * reproducing the chapter's traces: over stdio and over its streamableHttp mode (forced onto 127.0.0.1).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Exchange, Target, WireEvent } from "@/lib/bridge/contract";
import { controlProcess } from "@/lib/node/bridge/send";
import { ENVELOPE, endAllAndAssertNoneAlive, request, sendFrame, trackPid } from "./helpers";
import { eventFrame, replyFrame } from "@/lib/protocol/exchange";
import { exportSessionFile } from "@/lib/share/session-file";
import { recordExchange } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";
import { readOutcome } from "@/tests/helpers/exchange";

afterAll(endAllAndAssertNoneAlive);

const resultOf = (ex: Exchange) => (replyFrame(ex) as { result: Record<string, unknown> }).result;
const ofKind = <K extends WireEvent["kind"]>(ex: Exchange, kind: K) =>
  ex.events.filter((e): e is Extract<WireEvent, { kind: K }> => e.kind === kind);

describe("server-everything over stdio", () => {
  const target: Target = { kind: "demo", server: "everything", transport: "stdio" };

  it("server/discover is answered -32601 byte for byte, after its start-up line on stderr", async () => {
    const ex = await sendFrame(target, request(1, "server/discover", { _meta: ENVELOPE }));
    const replies = ofKind(ex, "stdout");
    expect(replies.map((e) => e.text)).toEqual([
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
    ]);
    expect(ofKind(ex, "stderr").map((e) => e.text)).toEqual(["Starting default (STDIO) server..."]);
  });

  it("a bare tools/list with no handshake lists 12 tools", async () => {
    const ex = await sendFrame(target, request(2, "tools/list"));
    expect((resultOf(ex).tools as unknown[]).length).toBe(12);
  });

  it("the tools/list record holds each tool's description once: as the bridge answers the page, and as stored", async () => {
    const ex = await sendFrame(target, request(3, "tools/list"));
    const tools = resultOf(ex).tools as { description: string }[];
    // The longest description, as its JSON text reads inside the line (escaped once more inside the record's JSON).
    const description = tools.map((t) => t.description).sort((a, b) => b.length - a.length)[0];
    const inRecord = JSON.stringify(JSON.stringify(description).slice(1, -1)).slice(1, -1);
    const times = (text: string) => text.split(inRecord).length - 1;
    // The JSON of the exchange is what the send route answers (lib/node/host/routes.ts): the reply line's text only.
    expect(times(JSON.stringify(ex))).toBe(1);
    const file = exportSessionFile({ ...defaultShareState(), target, exchanges: [recordExchange(ex)] });
    expect(times(file.text)).toBe(1);
  });
});

describe("server-everything over Streamable HTTP (spawned, bound to 127.0.0.1)", () => {
  const target: Target = { kind: "demo", server: "everything", transport: "http" };
  let sessionId = "";

  it("server/discover without a session is HTTP 400 Server not initialized", async () => {
    const ex = await sendFrame(target, request(1, "server/discover", { _meta: ENVELOPE }));
    const status = await controlProcess("status", target);
    trackPid(status.pid);
    expect(status).toMatchObject({ running: true });
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(ofKind(ex, "note")[0].text).toMatch(/started server-everything streamableHttp \(pid \d+\) on 127\.0\.0\.1/);
    expect(ex.http?.status).toBe(400);
    expect(readOutcome(ex)).toEqual({
      kind: "response",
      frame: { jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: Server not initialized" }, id: null },
    });
  });

  it("initialize is answered over SSE with a priming event and an Mcp-Session-Id", async () => {
    const ex = await sendFrame(
      target,
      request(2, "initialize", {
        protocolVersion: "2026-07-28",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
    );
    expect(ex.http?.contentType).toBe("text/event-stream");
    expect(ex.http?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    sessionId = ex.http!.sessionId!;
    const sse = ofKind(ex, "sse-event");
    expect(sse[0]).toMatchObject({ data: "" }); // the priming event: shown, not parsed
    expect(sse[0].id).toBeTruthy();
    expect(eventFrame(sse[0])).toBeUndefined();
    expect(resultOf(ex).protocolVersion).toBe("2025-11-25");
  });

  it("tools/list with that session id lists 12 tools (before notifications/initialized)", async () => {
    const ex = await sendFrame(target, request(3, "tools/list"), { headers: { "Mcp-Session-Id": sessionId } });
    const sent = ofKind(ex, "http-request")[0];
    expect(sent.headers).toContainEqual(["Mcp-Session-Id", sessionId]);
    expect(sent.added).not.toContain("Mcp-Session-Id");
    expect((resultOf(ex).tools as unknown[]).length).toBe(12);
  });

  it("notifications/initialized is accepted with 202 and no body", async () => {
    const ex = await sendFrame(
      target,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { headers: { "Mcp-Session-Id": sessionId } },
    );
    expect(ex.http?.status).toBe(202);
    expect(ex.outcome.kind).toBe("notification");
  });

  it("closing the target ends the server process", async () => {
    const before = await controlProcess("status", target);
    const closed = await controlProcess("close", target);
    expect(closed.running).toBe(false);
    expect(before.pid).toBeDefined();
  });
});
