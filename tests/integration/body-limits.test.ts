/**
 * Issue 25 item 5: a request body is read only after the guards (Host, Origin, token, hosted admission) let the
 * call in, and never past the route's limit. Over real HTTP to the playground's own listener: 1 GiB streamed with
 * no token is refused without the server holding it, a chunked body over the limit is cut at the limit (413), and a
 * Content-Length over the limit is refused before a single body byte is sent.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import { startAppRoutesAs, type AppRoutes } from "./app-routes";

const TOKEN = "body-limits-test-token-0123456789";
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

let app: AppRoutes;
beforeAll(async () => {
  app = await startAppRoutesAs(TOKEN);
});
afterAll(async () => {
  await app.close();
});

interface Streamed {
  status: number;
  json: { ok?: boolean; kind?: string; message?: string };
  /** The server's resident memory at its highest while the body streamed, minus before it started. */
  rssGrowth: number;
}

/**
 * POSTs `total` bytes chunked (1 MiB writes, honouring backpressure) until the server answers; the server runs in
 * this process, so its resident memory is sampled throughout. Bytes still unsent when the answer came are never sent.
 */
function streamBody(path: string, total: number, headers: Record<string, string> = {}): Promise<Streamed> {
  if (global.gc) global.gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const chunk = Buffer.alloc(MiB, 0x20);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(`${app.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", ...headers },
    });
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), rssGrowth: peak - before });
      });
    });
    // The server may close the connection once it has answered: what the client was still writing is dropped.
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    let sent = 0;
    const pump = () => {
      // A server that holds what it reads would take the whole gigabyte: stop well past the bound and report it.
      if (peak - before > 256 * MiB) {
        clearInterval(sampler);
        req.destroy();
        return resolve({ status: 0, json: { message: "still reading after 256 MiB" }, rssGrowth: peak - before });
      }
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
        if (sent % (16 * MiB) === 0) return void setImmediate(pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** Headers only, announcing `length` bytes that are never sent: the answer must not wait for them. */
function announceOnly(
  path: string,
  length: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { kind?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(length), ...headers },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("bodies are read after the guards and within the limit", () => {
  it("1 GiB streamed with no token to the listen route is refused (401) while the server holds under 50 MiB more", async () => {
    const r = await streamBody("/api/bridge/listen", GiB);
    expect(r.status).toBe(401);
    expect(r.json.kind).toBe("unauthorized");
    expect(r.rssGrowth).toBeLessThan(50 * MiB);
  });

  it("1 GiB streamed with no token to the Auth check route is refused (401) while the server holds under 50 MiB more", async () => {
    const r = await streamBody("/api/auth/check", GiB);
    expect(r.status).toBe(401);
    expect(r.rssGrowth).toBeLessThan(50 * MiB);
  });

  it("1 GiB streamed to an embedded demo server is cut at the frame limit (413) while the server holds under 50 MiB more", async () => {
    const r = await streamBody("/api/demo/calendar", GiB, { Accept: "application/json, text/event-stream" });
    expect(r.status).toBe(413);
    expect(r.json.kind).toBe("too-large");
    expect(r.json.message).toContain(String(LIMITS.maxFrameBytes));
    expect(r.rssGrowth).toBeLessThan(50 * MiB);
  });

  it("a chunked send body over the limit, with the token, is cut at the limit (413) while the server holds under 50 MiB more", async () => {
    const r = await streamBody("/api/bridge/send", GiB, { [TOKEN_HEADER]: TOKEN });
    expect(r.status).toBe(413);
    expect(r.json.kind).toBe("too-large");
    expect(r.rssGrowth).toBeLessThan(LIMITS.maxRequestBodyBytes + 50 * MiB);
  });

  it("a Content-Length over the send limit is refused (413) before any body byte is sent", async () => {
    const r = await announceOnly("/api/bridge/send", LIMITS.maxRequestBodyBytes + 1, { [TOKEN_HEADER]: TOKEN });
    expect(r).toMatchObject({ status: 413, json: { kind: "too-large" } });
  });

  it("a Content-Length over the demo frame limit is refused (413) before any body byte is sent", async () => {
    const r = await announceOnly("/api/demo/calendar", LIMITS.maxFrameBytes + 1, {
      Accept: "application/json, text/event-stream",
    });
    expect(r).toMatchObject({ status: 413, json: { kind: "too-large" } });
  });

  it("with no token, a Content-Length of 1 GiB is refused (401) before any body byte is sent", async () => {
    const r = await announceOnly("/api/bridge/listen", GiB);
    expect(r).toMatchObject({ status: 401, json: { kind: "unauthorized" } });
  });
});
