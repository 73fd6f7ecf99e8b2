/**
 * The embedded calendar (SDK v2, 2026-07-28) through the real bridge: over stdio (the bundled
 * dist-servers/calendar.mjs) and over Streamable HTTP (createMcpHandler on an ephemeral loopback port).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exchange, Target, WireEvent } from "@/lib/bridge/contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { ENVELOPE, endAllAndAssertNoneAlive, request, sendFrame } from "./helpers";
import { replyFrame } from "@/lib/protocol/exchange";

const stdio: Target = { kind: "demo", server: "calendar", transport: "stdio" };
let server: DemoHttpServer;

beforeAll(async () => {
  server = await startDemoHttpServer("calendar");
});
afterAll(async () => {
  await server.close();
  await endAllAndAssertNoneAlive();
});

const resultOf = (ex: Exchange) => (replyFrame(ex) as { result: Record<string, unknown> }).result;
const errorOf = (ex: Exchange) => (replyFrame(ex) as { error: { code: number; message: string } }).error;
const httpRequest = (ex: Exchange) =>
  ex.events.find((e): e is Extract<WireEvent, { kind: "http-request" }> => e.kind === "http-request")!;

describe("calendar over stdio", () => {
  it("server/discover answers supportedVersions [2026-07-28]", async () => {
    const ex = await sendFrame(stdio, request(1, "server/discover", { _meta: ENVELOPE }));
    expect(resultOf(ex).supportedVersions).toEqual(["2026-07-28"]);
    expect(ex.events.map((e) => e.kind)).toEqual(["spawn", "stdin", "stdout"]);
  });

  it("after a modern request, a tools/list without _meta is answered -32602 (the envelope is required)", async () => {
    // server/discover alone does not pin the stdio connection's era; a modern request does.
    const modern = await sendFrame(stdio, request(2, "tools/list", { _meta: ENVELOPE }));
    expect((resultOf(modern).tools as { name: string }[]).map((t) => t.name)).toEqual(["create_event"]);
    const bare = await sendFrame(stdio, request(3, "tools/list"));
    expect(errorOf(bare).code).toBe(-32602);
    expect(errorOf(bare).message).toMatch(/missing the required _meta envelope/);
  });

  it("create_event without startsAt asks for input (MRTR), and the retry creates e3", async () => {
    const call = { _meta: ENVELOPE, name: "create_event", arguments: { title: "Dentist" } };
    const first = await sendFrame(stdio, request(4, "tools/call", call));
    const asked = resultOf(first) as {
      resultType: string;
      inputRequests: Record<string, { method: string; params: { message: string; mode: string } }>;
      requestState: string;
    };
    expect(asked.resultType).toBe("input_required");
    expect(asked.inputRequests.when).toMatchObject({
      method: "elicitation/create",
      params: { message: 'When should "Dentist" start?', mode: "form" },
    });
    expect(typeof asked.requestState).toBe("string");

    const retry = await sendFrame(
      stdio,
      request(5, "tools/call", {
        ...call,
        inputResponses: { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } },
        requestState: asked.requestState,
      }),
    );
    const done = resultOf(retry) as { resultType: string; content: { text: string }[]; structuredContent: unknown };
    expect(done.resultType).toBe("complete");
    expect(done.content[0].text).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
    expect(done.structuredContent).toEqual({ id: "e3", title: "Dentist", startsAt: "2026-09-10T08:30:00Z" });
  });
});

describe("calendar over Streamable HTTP", () => {
  const http = (): Target => ({ kind: "http", url: server.url });

  it("a modern request gets MCP-Protocol-Version and Mcp-Method added, and a single application/json reply", async () => {
    const frame = request(1, "server/discover", { _meta: ENVELOPE });
    const ex = await sendFrame(http(), frame);
    const sent = httpRequest(ex);
    expect(sent.added).toEqual(["Accept", "Content-Type", "MCP-Protocol-Version", "Mcp-Method"]);
    expect(sent.headers).toContainEqual(["MCP-Protocol-Version", "2026-07-28"]);
    expect(sent.headers).toContainEqual(["Mcp-Method", "server/discover"]);
    expect(sent.body).toBe(JSON.stringify(frame)); // delivered byte for byte
    expect(ex.http).toMatchObject({ status: 200, contentType: "application/json" });
    expect(ex.events.map((e) => e.kind)).toEqual(["http-request", "http-response", "http-body"]);
    expect(resultOf(ex).supportedVersions).toEqual(["2026-07-28"]);
  });

  it("tools/call adds Mcp-Name and the MRTR round trip works statelessly over HTTP", async () => {
    const call = { _meta: ENVELOPE, name: "create_event", arguments: { title: "Dentist" } };
    const first = await sendFrame(http(), request(2, "tools/call", call));
    expect(httpRequest(first).headers).toContainEqual(["Mcp-Name", "create_event"]);
    const { requestState } = resultOf(first) as { requestState: string };
    const retry = await sendFrame(
      http(),
      request(3, "tools/call", {
        ...call,
        inputResponses: { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } },
        requestState,
      }),
    );
    expect((resultOf(retry).content as { text: string }[])[0].text).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
  });

  it("a header that disagrees with the body is answered 400 -32020, shown as the response with its status", async () => {
    const ex = await sendFrame(http(), request(4, "tools/list", { _meta: ENVELOPE }), {
      headers: { "Mcp-Method": "prompts/get" },
    });
    expect(ex.http?.status).toBe(400);
    expect(errorOf(ex).code).toBe(-32020);
    expect(httpRequest(ex).added).not.toContain("Mcp-Method"); // the user's header replaced the implied one
  });

  it("an unknown method is HTTP 404 with -32601 in the body", async () => {
    const ex = await sendFrame(http(), request(5, "nope/nope", { _meta: ENVELOPE }));
    expect(ex.http?.status).toBe(404);
    expect(errorOf(ex).code).toBe(-32601);
  });

  it("a legacy (claim-less) tools/list is served over SSE, parsed event by event", async () => {
    const ex = await sendFrame(http(), request(6, "tools/list"));
    expect(ex.http?.contentType).toBe("text/event-stream");
    const events = ex.events.filter((e) => e.kind === "sse-event");
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect((resultOf(ex).tools as unknown[]).length).toBe(1);
  });

  it("the demo target resolves to /api/demo/calendar under the playground's base URL", async () => {
    const ex = await sendFrame(
      { kind: "demo", server: "calendar", transport: "http" },
      request(7, "server/discover", { _meta: ENVELOPE }),
      {},
      { baseUrl: new URL(server.url).origin },
    );
    expect(httpRequest(ex).url).toBe(`${new URL(server.url).origin}/api/demo/calendar`);
    expect(ex.targetLabel).toBe("calendar (Streamable HTTP)");
    expect(resultOf(ex).supportedVersions).toEqual(["2026-07-28"]);
  });

  it("nothing listening is a network failure that names the URL", async () => {
    const ex = await sendFrame(
      { kind: "http", url: "http://127.0.0.1:9/mcp" },
      request(8, "server/discover", { _meta: ENVELOPE }),
    );
    expect(ex.outcome).toMatchObject({
      kind: "failure",
      failure: "network",
      message: "nothing is listening at http://127.0.0.1:9/mcp (connection refused)",
    });
  });
});
