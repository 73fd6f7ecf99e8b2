/**
 * What a host sees of an instance, through the playground's own listener (lib/node/host/app.ts, what
 * scripts/server.ts serves): liveness and readiness without a token from any Host, readiness turning 503
 * while draining, Prometheus metrics behind the token, and one JSON log line per bridge call that never
 * carries a frame, a header value or the token.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENVELOPE, request } from "./helpers";

const TOKEN = "observability-test-token";
let server: http.Server;
let port: number;
let lifecycle: typeof import("@/lib/node/web/lifecycle");

beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  lifecycle = await import("@/lib/node/web/lifecycle");
  const { createPlaygroundListener } = await import("@/lib/node/host/app");
  server = http.createServer(createPlaygroundListener());
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  vi.unstubAllEnvs();
});

function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path, headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("health and readiness for balancers", () => {
  it("GET /api/health answers 200 {status: alive} with no token, from a pod-IP Host, and says nothing else", async () => {
    const r = await call("GET", "/api/health", { Host: "10.1.2.3:3000" });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ status: "alive" });
  });
});

describe("metrics and logs", () => {
  const frame = JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE }));
  const send = (sendId: string) =>
    call(
      "POST",
      "/api/bridge/send",
      { "content-type": "application/json", "x-playground-token": TOKEN },
      JSON.stringify({ sendId, target: { kind: "demo", server: "calendar", transport: "http" }, frame }),
    );

  it("GET /api/metrics refuses a scrape without the token, and one with a browser Origin", async () => {
    expect((await call("GET", "/api/metrics")).status).toBe(401);
    expect(
      (await call("GET", "/api/metrics", { Authorization: `Bearer ${TOKEN}`, Origin: "https://evil.example" })).status,
    ).toBe(401);
  });

  it("counts calls by route and outcome, times them, and reports in-flight sends, the queue, children and 429s", async () => {
    expect((await send("metrics-1")).status).toBe(200);
    expect((await call("POST", "/api/bridge/send", { "content-type": "application/json" }, "{}")).status).toBe(401);
    const r = await call("GET", "/api/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^mcp_playground_calls_total\{route="POST \/api\/bridge\/send",outcome="ok"\} [1-9]\d*$/m);
    expect(r.text).toMatch(
      /^mcp_playground_calls_total\{route="POST \/api\/bridge\/send",outcome="unauthorized"\} 1$/m,
    );
    // The bridge called its own embedded calendar: that call is counted under the demo route.
    expect(r.text).toMatch(/^mcp_playground_calls_total\{route="POST \/api\/demo\/\*",outcome="ok"\} [1-9]\d*$/m);
    expect(r.text).toMatch(
      /^mcp_playground_call_duration_seconds_count\{route="POST \/api\/bridge\/send"\} [1-9]\d*$/m,
    );
    for (const gauge of ["requests_in_flight", "sends_in_flight", "send_queue_length", "child_processes", "draining"])
      expect(r.text).toMatch(new RegExp(`^mcp_playground_${gauge} \\d+$`, "m"));
    expect(r.text).toMatch(/^# TYPE mcp_playground_rate_limited_total counter$/m);
  });

  it("writes one JSON log line per bridge call (PLAYGROUND_LOG=json) with route, target kind, outcome and duration, and no frame, header value or token", async () => {
    vi.stubEnv("PLAYGROUND_LOG", "json");
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await send("log-1");
      // The line is written when the answer has finished: wait for it, not for a guessed pause.
      await vi.waitFor(() => expect(lines.join("")).toContain('"route":"POST /api/bridge/send"'), { timeout: 10_000 });
    } finally {
      write.mockRestore();
      vi.stubEnv("PLAYGROUND_LOG", "");
    }
    const logged = lines.filter((l) => l.includes('"bridge call"')).map((l) => JSON.parse(l));
    const sendLine = logged.find((l) => l.route === "POST /api/bridge/send");
    expect(sendLine).toMatchObject({
      msg: "bridge call",
      route: "POST /api/bridge/send",
      targetKind: "demo-http",
      outcome: "ok",
      status: 200,
    });
    expect(typeof sendLine.ms).toBe("number");
    expect(Object.keys(sendLine).sort()).toEqual(["at", "ms", "msg", "outcome", "route", "status", "targetKind"]);
    const all = lines.join("");
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain("tools/list");
  });
});

// Last: a drain has no way back (the process is about to exit).
describe("draining", () => {
  it("GET /api/ready answers 200 while ready and 503 {status: draining} once the drain began", async () => {
    expect(await call("GET", "/api/ready", { Host: "10.1.2.3:3000" })).toEqual({
      status: 200,
      text: JSON.stringify({ status: "ready" }),
    });
    lifecycle.beginDrain();
    expect(await call("GET", "/api/ready")).toEqual({ status: 503, text: JSON.stringify({ status: "draining" }) });
    // Still alive, and still serving calls: the drain only tells balancers to stop routing here.
    expect((await call("GET", "/api/health")).status).toBe(200);
  });
});
