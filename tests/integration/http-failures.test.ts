/**
 * The HTTP side of the bridge against a small misbehaving server on an ephemeral loopback port: each way an
 * HTTP endpoint can fail gets its own named failure, and what arrived is still recorded.
 */
import { EventEmitter, once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendRequestSchema, type Exchange, type WireEvent } from "@/lib/bridge/contract";
import { cancel, send } from "@/lib/node/bridge/send";
import { ENVELOPE, nextSendId, request, sendFrame } from "./helpers";
import { receivedFrames } from "@/lib/protocol/exchange";

let base = "";
let server: http.Server;
const seenHeaders: Record<string, string[]> = {};
/** Emits each request's path once its body has arrived (a test waits for "/hang" to know a send is in flight). */
const arrivals = new EventEmitter();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHeaders[req.url ?? ""] = req.rawHeaders;
    req.resume();
    req.on("end", () => {
      arrivals.emit(req.url ?? "");
      switch (req.url) {
        case "/hang":
          return; // never answers
        case "/redirect":
          res.writeHead(307, { Location: "http://elsewhere.example/mcp" });
          return res.end();
        case "/html-500":
          res.writeHead(500, { "Content-Type": "text/html" });
          return res.end("<html><body><h1>Internal Server Error</h1></body></html>");
        case "/accepted":
          res.writeHead(202);
          return res.end();
        case "/sse-then-hang":
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          res.write(": keep-alive\n\n");
          res.write(
            'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n',
          );
          return; // the response never comes
        case "/sse-ends-early":
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          return res.end(
            'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}\n\n',
          );
        case "/plain-json":
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end('{"hello":"not json-rpc"}');
        default:
          res.writeHead(404);
          return res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const target = (path: string) => ({ kind: "http" as const, url: `${base}${path}` });
const failureOf = (ex: Exchange) => ex.outcome as Extract<Exchange["outcome"], { kind: "failure" }>;
const frame = request(1, "tools/list", { _meta: ENVELOPE });

describe("HTTP failures are named", () => {
  it("a server that never answers times out, saying no HTTP response arrived", async () => {
    const ex = await sendFrame(target("/hang"), frame, { timeoutMs: 300 });
    expect(failureOf(ex)).toMatchObject({ failure: "timeout" });
    expect(failureOf(ex).message).toMatch(/no reply to id 1 from .*\/hang within 300 ms \(no HTTP response yet\)/);
  });

  it("cancel closes the request and reports cancelled", async () => {
    const sendId = nextSendId();
    const arrived = once(arrivals, "/hang");
    const pending = send(SendRequestSchema.parse({ sendId, target: target("/hang"), frame: JSON.stringify(frame) }));
    await arrived; // the request is at the server: the send is in flight
    expect(cancel(sendId)).toBe(true);
    const ex = await pending;
    expect(failureOf(ex)).toMatchObject({ failure: "cancelled" });
  });

  // Failures whose whole story is their kind and message.
  const SAID: { rule: string; path: string; failure: string; message: string }[] = [
    {
      rule: "a redirect is not followed; it is reported with its Location",
      path: "/redirect",
      failure: "http-status",
      message:
        "HTTP 307 Temporary Redirect → Location: http://elsewhere.example/mcp (the bridge does not follow redirects)",
    },
    {
      rule: "an SSE stream that ends without the response is a framing failure",
      path: "/sse-ends-early",
      failure: "framing",
      message: "the SSE stream ended after 1 event without a reply to id 1",
    },
  ];
  for (const { rule, path, failure, message } of SAID) {
    it(rule, async () => {
      const ex = await sendFrame(target(path), frame);
      expect(failureOf(ex)).toMatchObject({ failure, message });
    });
  }

  it("a non-2xx answer without a JSON-RPC body is http-status with a body excerpt", async () => {
    const ex = await sendFrame(target("/html-500"), frame);
    expect(failureOf(ex)).toMatchObject({ failure: "http-status" });
    expect(failureOf(ex).message).toBe(
      "HTTP 500 Internal Server Error: <html><body><h1>Internal Server Error</h1></body></html>",
    );
    expect(ex.events.find((e) => e.kind === "http-body")).toMatchObject({
      text: "<html><body><h1>Internal Server Error</h1></body></html>",
    });
  });

  it("202 with no body answers a notification, but not a request", async () => {
    const note = await sendFrame(target("/accepted"), { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(note.outcome.kind).toBe("notification");
    const req = await sendFrame(target("/accepted"), frame);
    expect(failureOf(req)).toMatchObject({
      failure: "http-status",
      message: "HTTP 202 Accepted with an empty body: no reply to the request on this POST",
    });
  });

  it("an SSE stream that stalls after a notification times out, keeping the notification and the comment", async () => {
    const ex = await sendFrame(target("/sse-then-hang"), frame, { timeoutMs: 400 });
    expect(failureOf(ex)).toMatchObject({ failure: "timeout" });
    expect(failureOf(ex).message).toMatch(/HTTP 200 OK arrived/);
    expect(receivedFrames(ex)).toEqual([{ jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } }]);
    expect(ex.events.some((e) => e.kind === "note" && e.text === "SSE comment: keep-alive")).toBe(true);
  });

  it("a 2xx JSON body that is not JSON-RPC is a framing failure", async () => {
    const ex = await sendFrame(target("/plain-json"), frame);
    expect(failureOf(ex)).toMatchObject({ failure: "framing" });
    expect(failureOf(ex).message).toMatch(/HTTP 200 OK \(application\/json\) carried no JSON-RPC reply/);
  });

  it("a URL that is not http(s) is refused before anything is sent", async () => {
    const ex = await sendFrame({ kind: "http", url: "ftp://127.0.0.1/mcp" }, frame);
    expect(failureOf(ex)).toMatchObject({ failure: "refused" });
  });
});

describe("what the bridge puts on the wire", () => {
  it("the request head is exactly the recorded headers, in order, and nothing else", async () => {
    const ex = await sendFrame(target("/accepted"), frame, { headers: { Authorization: "Bearer abc" } });
    const recorded = ex.events.find(
      (e): e is Extract<WireEvent, { kind: "http-request" }> => e.kind === "http-request",
    )!;
    expect(seenHeaders["/accepted"]).toEqual(recorded.headers.flat());
    expect(recorded.headers.map(([n]) => n)).toEqual([
      "Host",
      "Accept",
      "Content-Type",
      "MCP-Protocol-Version",
      "Mcp-Method",
      "Authorization",
      "Content-Length",
      "Connection",
    ]);
    expect(recorded.transport).toEqual(["Host", "Content-Length", "Connection"]);
  });
});
