import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import {
  annotatedLines,
  dateTranscript,
  errorCardsOf,
  explainExchange,
  explainFrame,
  explainHeaders,
  serverEraOf,
  transcriptFromExchanges,
  whoDecides,
} from "@/lib/explain";
import { buildEnvelope } from "@/lib/protocol/meta";

function exchange(sent: object, received: unknown[], extra: Partial<Exchange> = {}): Exchange {
  return {
    sendId: "s",
    startedAt: 0,
    durationMs: 1,
    targetLabel: "t",
    transport: "stdio",
    sent: JSON.stringify(sent),
    received: received.map((frame) => ({ frame })),
    outcome: received.length
      ? { kind: "response", frame: received[received.length - 1] }
      : { kind: "notification", note: "" },
    events: [],
    timeoutMs: 1000,
    ...extra,
  };
}

/** A complete result (id 1) carrying `result`'s members. */
const complete = (result: object) => ({ jsonrpc: "2.0", id: 1, result: { resultType: "complete", ...result } });

/** The http-request event of a POST to the loopback test server with `headers` (added none, empty body). */
const postTo127 = (headers: [string, string][]) => ({
  t: 0,
  kind: "http-request" as const,
  method: "POST",
  url: "http://127.0.0.1:1/mcp",
  headers,
  added: [],
  body: "",
});

describe("annotated lines put each note on the line of its key", () => {
  const frame = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: { "io.modelcontextprotocol/clientCapabilities": {} }, cursor: "c" },
  };
  const lines = annotatedLines(frame, explainFrame(frame));

  it("keys get their own lines with their path and key; closing brackets have no path", () => {
    const method = lines.find((l) => l.path === "method")!;
    expect(method).toMatchObject({ depth: 1, text: '"method": "tools/list",', key: "method" });
    expect(lines[lines.length - 1]).toMatchObject({ text: "}", path: null });
  });

  it("a note about a missing key lands on its parent's line", () => {
    const meta = lines.find((l) => l.path === "params._meta")!;
    expect(
      meta.annotations.some((a) => a.level === "error" && a.text.includes("io.modelcontextprotocol/protocolVersion")),
    ).toBe(true);
  });

  it("every annotation appears exactly once", () => {
    expect(lines.flatMap((l) => l.annotations)).toHaveLength(explainFrame(frame).length);
  });

  it("subtrees without notes are folded onto one clipped line", () => {
    const big = complete({ content: [{ type: "text", text: "x".repeat(500) }] });
    const out = annotatedLines(big, explainFrame(big, { requestMethod: "tools/call" }));
    const content = out.find((l) => l.path === "result.content")!;
    expect(content.text.length).toBeLessThanOrEqual(101);
    expect(content.text.endsWith("…")).toBe(true);
    expect(out.some((l) => l.path === "result.content.0")).toBe(false);
  });
});

describe("explaining a recorded exchange", () => {
  it("the reply is explained against the request's method; notifications are not", () => {
    const ex = exchange({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: buildEnvelope() } }, [
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } },
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
    ]);
    const { frames, cards } = explainExchange(ex);
    expect(frames.map((f) => f.label)).toEqual(["→ sent", "← notification", "← reply"]);
    expect(frames[2].annotations.find((a) => a.path === "error.code")?.text).toContain("legacy server");
    expect(cards).toHaveLength(1);
    expect(cards[0].meaning).toContain("not a broken one");
  });

  it("a non-2xx HTTP status gets its own card, read with the body's code and the request's session header", () => {
    const ex = exchange({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }, [], {
      transport: "http",
      http: { status: 404 },
      events: [postTo127([["Mcp-Session-Id", "abc"]])],
    });
    expect(errorCardsOf(ex)).toEqual([
      expect.objectContaining({ title: "HTTP 404 Not Found", level: "removed", badge: "removed in 2026-07-28" }),
    ]);
  });

  it.each([
    ["modern", "modern"],
    ["modern-wrong-version", "modern"],
    ["legacy", "legacy"],
    ["unreachable", "unknown"],
    [undefined, "unknown"],
  ])("probe verdict %s → era %s", (verdict, era) => {
    expect(serverEraOf(verdict)).toBe(era);
  });

  it("a timeline becomes a transcript that dates itself, with credentials redacted", () => {
    const envelope = buildEnvelope();
    const text = transcriptFromExchanges([
      exchange(
        { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope } },
        [complete({ supportedVersions: ["2026-07-28"], capabilities: {}, ttlMs: 1, cacheScope: "public" })],
        {
          transport: "http",
          events: [
            postTo127([
              ["Authorization", "Bearer secret"],
              ["Mcp-Method", "server/discover"],
            ]),
          ],
        },
      ),
    ]);
    expect(text).toContain("Authorization: (redacted)");
    expect(text).not.toContain("secret");
    expect(dateTranscript(text).revisions).toEqual(["2026-07-28"]);
  });
});

describe("who decides", () => {
  const list = (method: string, result: object) =>
    exchange({ jsonrpc: "2.0", id: 1, method, params: {} }, [complete(result)]);
  const exchanges = [
    list("server/discover", {
      supportedVersions: ["2026-07-28"],
      capabilities: {},
      instructions: "Be nice",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "cal", title: "Calendar", version: "1.0.0" } },
    }),
    list("tools/list", {
      tools: [
        {
          name: "create_event",
          description: "Writes",
          inputSchema: { type: "object", properties: { title: {} } },
          annotations: { readOnlyHint: false, destructiveHint: false },
        },
      ],
    }),
    list("resources/list", { resources: [{ name: "week", uri: "calendar://week" }] }),
  ];

  it("groups the catalogue: tools → the model, resources → the application, prompts → the user", () => {
    const who = whoDecides(exchanges, { trusted: false });
    expect(who.groups.map((g) => [g.primitive, g.decides, g.fetched])).toEqual([
      ["tools", "the model", true],
      ["resources", "the application", true],
      ["prompts", "the user", false],
    ]);
    expect(who.groups[0].items[0]).toMatchObject({
      name: "create_event",
      description: "Writes",
      detail: "arguments: title",
      hints: ["not read-only", "not destructive"],
    });
    expect(who.groups[1].items[0].detail).toBe("calendar://week");
    expect(who.server).toBe("Calendar 1.0.0");
    expect(who.instructions).toBe("Be nice");
  });

  it("server-written text is untrusted unless the user trusts the server", () => {
    expect(whoDecides(exchanges, { trusted: false })).toMatchObject({
      untrusted: true,
      trustNote: expect.stringContaining("untrusted"),
    });
    expect(whoDecides(exchanges, { trusted: true }).untrusted).toBe(false);
  });

  it("the newest answer wins and input_required results are not a catalogue", () => {
    const newer = list("tools/list", { tools: [] });
    expect(whoDecides([...exchanges, newer], { trusted: false }).groups[0].items).toEqual([]);
    const mrtr = list("tools/list", { resultType: "input_required", requestState: "s" });
    expect(whoDecides([...exchanges, mrtr], { trusted: false }).groups[0].items).toHaveLength(1);
  });
});

describe("HTTP headers are explained like fields", () => {
  const frame = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { _meta: buildEnvelope(), name: "create_event", arguments: {} },
  };
  it.each([
    ["Mcp-Session-Id", "abc", "removed", "removed in 2026-07-28"],
    ["Last-Event-ID", "42", "removed", "removed in 2026-07-28"],
    ["Mcp-Method", "tools/call", "info", undefined],
    ["Mcp-Name", "create_event", "info", undefined],
    ["Mcp-Name", "other_tool", "error", undefined],
    ["MCP-Protocol-Version", "2025-11-25", "error", undefined],
    ["Accept", "application/json", "error", undefined],
    ["Accept", "application/json, text/event-stream", "info", undefined],
  ])("request header %s: %s → %s", (name, value, level, badge) => {
    const out = explainHeaders([[name, value]], { side: "request", httpMethod: "POST", frame });
    const a = out.find((x) => x.path === name)!;
    expect(a.level).toBe(level);
    expect(a.badge).toBe(badge);
  });

  it("a request without the mirrored headers this frame needs is an error naming -32020", () => {
    const out = explainHeaders([["Accept", "application/json, text/event-stream"]], {
      side: "request",
      httpMethod: "POST",
      frame,
    });
    expect(out.filter((a) => a.level === "error").map((a) => a.text)).toEqual([
      expect.stringContaining("lacks mcp-protocol-version"),
      expect.stringContaining("lacks mcp-method"),
      expect.stringContaining("lacks mcp-name"),
    ]);
  });

  it("a GET is the removed GET stream; to a legacy server it is info with the badge", () => {
    expect(explainHeaders([], { side: "request", httpMethod: "GET" })[0]).toMatchObject({
      level: "removed",
      badge: "removed in 2026-07-28",
    });
    expect(explainHeaders([], { side: "request", httpMethod: "GET", serverEra: "legacy" })[0]).toMatchObject({
      level: "info",
      badge: "removed in 2026-07-28",
    });
  });

  it("an HTTP exchange's explanation includes its request and response headers", () => {
    const ex = exchange(frame, [complete({ content: [] })], {
      transport: "http",
      events: [
        postTo127([["Mcp-Session-Id", "s"]]),
        {
          t: 1,
          kind: "http-response",
          status: 200,
          statusText: "OK",
          headers: [["Content-Type", "text/event-stream"]],
        },
      ],
    });
    const { frames } = explainExchange(ex);
    expect(frames.map((f) => f.label)).toEqual(["→ sent", "→ HTTP POST headers", "← HTTP 200 headers", "← reply"]);
    expect(frames[1].annotations.find((a) => a.path === "Mcp-Session-Id")?.badge).toBe("removed in 2026-07-28");
  });
});
