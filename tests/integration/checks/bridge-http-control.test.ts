/**
 * SendRequest.http — the control conformance checks need over Streamable HTTP (another method, implied headers
 * left out, an Origin) — and the SSE events that trail a reply, against a small recording server.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendRequestSchema, type Exchange, type WireEvent } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { toolsCallText } from "@/tests/helpers/frames";
import { readOutcome } from "@/tests/helpers/exchange";
import { eventFrame } from "@/lib/protocol/exchange";

let base = "";
let server: http.Server;
const seen: { method?: string; rawHeaders: string[]; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks).toString("utf8") });
      if (req.method !== "POST") {
        res.writeHead(405, { Allow: "POST" });
        return res.end();
      }
      const id = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: unknown }).id;
      const reply = `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, result: { resultType: "complete" } })}\n\n`;
      const trailer = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n';
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      if (req.url === "/trailing") return res.end(reply + trailer);
      if (req.url === "/stays-open") return res.write(reply); // never ends the stream
      res.end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

let n = 0;
const FRAME = toolsCallText("echo");
function sendTo(path: string, extra: Record<string, unknown>, frame = FRAME): Promise<Exchange> {
  return send(
    SendRequestSchema.parse({ sendId: `ctl-${++n}`, target: { kind: "http", url: `${base}${path}` }, frame, ...extra }),
  );
}
const headerNames = (ex: Exchange) =>
  (ex.events.find((e) => e.kind === "http-request") as Extract<WireEvent, { kind: "http-request" }>).headers.map(
    ([k]) => k,
  );
const last = () => seen[seen.length - 1];

describe("SendRequest.http: what the checks need and the ordinary send does not give", () => {
  it("omitImplied leaves the named implied headers out (any case) and the wire view says so", async () => {
    const ex = await sendTo("/", { http: { omitImplied: ["mcp-method", "MCP-PROTOCOL-VERSION"] } });
    expect(headerNames(ex)).toEqual(["Host", "Accept", "Content-Type", "Mcp-Name", "Content-Length", "Connection"]);
    expect(last().rawHeaders).not.toContain("Mcp-Method");
    expect(last().rawHeaders).toContain("Mcp-Name");
    const request = ex.events.find((e) => e.kind === "http-request") as Extract<WireEvent, { kind: "http-request" }>;
    expect(request.added).toEqual(["Accept", "Content-Type", "Mcp-Name"]);
    expect(
      ex.events.some((e) => e.kind === "note" && e.text === "left out on request: MCP-Protocol-Version, Mcp-Method"),
    ).toBe(true);
  });

  it("an explicit header replaces an implied one of the same name, in the spelling given", async () => {
    await sendTo("/", { headers: { "mcp-method": "prompts/get" } });
    const raw = last().rawHeaders;
    expect(raw[raw.indexOf("mcp-method") + 1]).toBe("prompts/get");
    expect(raw).not.toContain("Mcp-Method");
  });

  it("GET and DELETE go without a body (the frame need not be JSON) and the status is the answer", async () => {
    for (const method of ["GET", "DELETE"] as const) {
      const ex = await sendTo("/", { http: { method }, headers: { Accept: "text/event-stream" } }, "");
      expect(last().method).toBe(method);
      expect(last().body).toBe("");
      expect(headerNames(ex)).not.toContain("Content-Type");
      expect(headerNames(ex)).not.toContain("Content-Length");
      expect(ex.http?.status).toBe(405);
      expect(ex.outcome).toMatchObject({ kind: "failure", failure: "http-status" });
    }
  });

  it("origin is sent as an Origin header and noted; one with a space is refused by the schema", async () => {
    const ex = await sendTo("/", { http: { origin: "http://evil.example" } });
    const raw = last().rawHeaders;
    expect(raw[raw.indexOf("Origin") + 1]).toBe("http://evil.example");
    expect(ex.events.some((e) => e.kind === "note" && e.text.startsWith("Origin: http://evil.example"))).toBe(true);
    expect(
      SendRequestSchema.safeParse({
        sendId: "x",
        target: { kind: "http", url: base },
        frame: FRAME,
        http: { origin: "http://a b" },
      }).success,
    ).toBe(false);
  });
});

describe("SSE events after the reply are shown", () => {
  it("a message that trails the reply on the same stream is recorded, and the reply stays the outcome", async () => {
    const ex = await sendTo("/trailing", {});
    const sse = ex.events.filter((e) => e.kind === "sse-event") as Extract<WireEvent, { kind: "sse-event" }>[];
    expect(sse.map((e) => (eventFrame(e) as { method?: string; id?: unknown }).method ?? "reply")).toEqual([
      "reply",
      "notifications/tools/list_changed",
    ]);
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { id: 1 } });
  });

  it("a stream the server keeps open after the reply is closed after a short grace, with a note", async () => {
    const ex = await sendTo("/stays-open", {});
    expect(readOutcome(ex)).toMatchObject({ kind: "response" });
    expect(
      ex.events.some((e) => e.kind === "note" && e.text.includes("kept the SSE stream open after the reply")),
    ).toBe(true);
  });
});
