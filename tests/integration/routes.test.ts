/**
 * The bridge's routes (lib/node/host/routes.ts) on the playground's own listener on an ephemeral loopback port:
 * guards, status codes and the full in-app path bridge → /api/demo/calendar.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { startAppRoutes, type AppRoutes } from "./app-routes";
import { ENVELOPE, endAllAndAssertNoneAlive, fixture, recordPids, request } from "./helpers";
import { readOutcome } from "@/tests/helpers/exchange";

const TOKEN = "route-test-token";
let origin = "";
let port = 0;
let app: AppRoutes;

beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  app = await startAppRoutes();
  origin = app.origin;
  port = app.port;
});

afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
});

const post = (path: string, body: string | object, headers: Record<string, string> = {}) =>
  app.post(path, body, headers);

const auth = () => ({ [TOKEN_HEADER]: TOKEN });
const sendBody = (over: Record<string, unknown> = {}) => ({
  sendId: `route-${Math.random().toString(36).slice(2)}`,
  target: { kind: "demo", server: "calendar", transport: "stdio" },
  frame: JSON.stringify(request(1, "server/discover", { _meta: ENVELOPE })),
  ...over,
});

describe("bridge routes refuse what they must", () => {
  it("bridge refuses a call without the token (401)", async () => {
    const { status, json } = await post("/api/bridge/send", sendBody());
    expect(status).toBe(401);
    expect(json).toMatchObject({ ok: false, kind: "unauthorized" });
  });

  it("bridge refuses a foreign Origin even with the token (403)", async () => {
    const { status, json } = await post("/api/bridge/send", sendBody(), { ...auth(), Origin: "http://evil.example" });
    expect(status).toBe(403);
    expect(json).toMatchObject({ ok: false, kind: "forbidden-origin" });
  });

  it("bridge refuses a foreign Host, as a DNS-rebinding page would send (403)", async () => {
    const { status, json } = await post("/api/bridge/send", sendBody(), { ...auth(), Host: `evil.example:${port}` });
    expect(status).toBe(403);
    expect(json).toMatchObject({ ok: false, kind: "forbidden-host" });
  });

  it("a body that is not JSON is a bad request (400)", async () => {
    const { status, json } = await post("/api/bridge/send", "{nope", auth());
    expect(status).toBe(400);
    expect(json.message).toMatch(/not JSON/);
  });

  it("a body that does not match the contract names the field (400)", async () => {
    const { status, json } = await post("/api/bridge/send", { target: { kind: "stdio" } }, auth());
    expect(status).toBe(400);
    expect(json.message).toMatch(/sendId/);
  });

  it("a body over the size limit is refused before it is read (413)", async () => {
    const { status, json } = await post("/api/bridge/send", "x".repeat(17 * 1024 * 1024), auth());
    expect(status).toBe(413);
    expect(json).toMatchObject({ ok: false, kind: "too-large" });
  });

  it("a header outside the upstream allow-list is a bad request naming it (400)", async () => {
    const body = sendBody({ target: { kind: "http", url: `${origin}/api/demo/calendar`, headers: { Cookie: "a=b" } } });
    const { status, json } = await post("/api/bridge/send", body, auth());
    expect(status).toBe(400);
    expect(json.message).toMatch(/Cookie may not be sent upstream/);
  });
});

describe("bridge routes deliver", () => {
  it("send answers { ok: true, value: Exchange } for the calendar over stdio", async () => {
    // As this launch's own page sends it (local mode: its origin is mcp-….localhost at the port).
    const page = `${launchHostname()}:${port}`;
    const { status, json } = await post("/api/bridge/send", sendBody(), {
      ...auth(),
      Origin: `http://${page}`,
      Host: page,
    });
    expect(status).toBe(200);
    const exchange = (json as { value: Exchange }).value;
    recordPids(exchange);
    expect(readOutcome(exchange)).toMatchObject({
      kind: "response",
      frame: { result: { supportedVersions: ["2026-07-28"] } },
    });
  });

  it("send reaches the calendar mounted in the app (/api/demo/calendar) over HTTP", async () => {
    const { status, json } = await post(
      "/api/bridge/send",
      sendBody({ target: { kind: "demo", server: "calendar", transport: "http" } }),
      auth(),
    );
    expect(status).toBe(200);
    const exchange = (json as { value: Exchange }).value;
    expect(exchange.http).toMatchObject({ status: 200, contentType: "application/json" });
    expect(exchange.events.find((e) => e.kind === "http-request")).toMatchObject({
      url: `http://127.0.0.1:${port}/api/demo/calendar`,
    });
    expect(readOutcome(exchange)).toMatchObject({
      kind: "response",
      frame: { result: { supportedVersions: ["2026-07-28"] } },
    });
  });

  it("process reports the kept-up calendar process", async () => {
    const { json } = await post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } },
      auth(),
    );
    expect(json).toMatchObject({ ok: true, value: { running: true } });
  });

  it("process refuses a target that has no process, saying why (400)", async () => {
    const { status, json } = await post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "http" } },
      auth(),
    );
    expect(status).toBe(400);
    expect(json.message).toMatch(/runs inside the playground server/);
  });

  it("cancel ends an in-flight send, which then reports cancelled", async () => {
    const body = sendBody({
      target: fixture("echo-pid.mjs", "route-cancel"),
      frame: JSON.stringify(request(9, "slow")),
    });
    const pending = post("/api/bridge/send", body, auth());
    // The server has the request (echo-pid says "holding 9" on stderr): the send is in flight.
    const status = () => post("/api/bridge/process", { action: "status", target: body.target }, auth());
    await expect
      .poll(async () => ((await status()).json as { value?: { stderrTail?: string[] } }).value?.stderrTail ?? [], {
        timeout: 10_000,
      })
      .toContain("holding 9");
    const cancelled = await post("/api/bridge/cancel", { sendId: body.sendId }, auth());
    expect(cancelled.json).toEqual({ ok: true, value: { cancelled: true } });
    const exchange = ((await pending).json as { value: Exchange }).value;
    recordPids(exchange);
    expect(exchange.outcome).toMatchObject({ kind: "failure", failure: "cancelled" });
    expect((await post("/api/bridge/cancel", { sendId: body.sendId }, auth())).json).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});

describe("the demo MCP route", () => {
  const mcpHeaders = {
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": "2026-07-28",
    "Mcp-Method": "server/discover",
  };

  it("serves the calendar without the bridge token (it is an MCP server, not the bridge)", async () => {
    const { status, json } = await post(
      "/api/demo/calendar",
      request(1, "server/discover", { _meta: ENVELOPE }),
      mcpHeaders,
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({ result: { supportedVersions: ["2026-07-28"] } });
  });

  it("demo route refuses a foreign Host (DNS rebinding)", async () => {
    const { status, json } = await post("/api/demo/calendar", request(1, "server/discover", { _meta: ENVELOPE }), {
      ...mcpHeaders,
      Host: "rebind.example",
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({ ok: false, kind: "forbidden-host" });
  });

  it("an unknown demo server is a 404 with a JSON error", async () => {
    const { status, json } = await post("/api/demo/nope", request(1, "server/discover"), mcpHeaders);
    expect(status).toBe(404);
    expect(json.message).toMatch(/unknown demo server "nope"; served here: calendar/);
  });
});
