/**
 * Issue 43, low finding 10: a page is read with GET or HEAD only. A POST (or any other method) to a page path is
 * answered 405 with `Allow: GET, HEAD` before the page renderer sees it, and the connection closes soon after even
 * while the client is still streaming a large body — a page answer never hangs half-written holding a connection.
 * Real HTTP to the playground's own listener; the page renderer stands in for Next (it renders a 266 KB page and
 * never reads the request body, as Next's page handler does).
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { playgroundListenerForFile } from "./playground-listener";

let pagesRendered = 0;
const PAGE = `<!doctype html><p>${"x".repeat(266_000)}</p>`;

const listener = playgroundListenerForFile("page-methods-token-0123456789", async (_req, res) => {
  pagesRendered++;
  res.writeHead(200, { "Content-Type": "text/html" });
  res.end(PAGE);
});

interface Answer {
  status: number;
  allow: string | undefined;
  json: { ok?: boolean; kind?: string; message?: string };
  /** Whether the server closed the connection (within the deadline) while the client still had body to send. */
  closed: boolean;
}

/**
 * Sends `method path` with a chunked body of up to 256 MiB (1 MiB writes, honouring backpressure), stopping once the
 * answer is in; then waits up to `closeDeadlineMs` for the server to close the connection.
 */
function streamTo(method: string, path: string, closeDeadlineMs = 10_000): Promise<Answer> {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const { port } = listener;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      method,
      path,
      agent: false,
      headers: { Host: `127.0.0.1:${port}`, "Content-Type": "text/plain", "Transfer-Encoding": "chunked" },
    });
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const json = res.headers["content-type"]?.includes("json") ? JSON.parse(text) : {};
        const socket = req.socket!;
        const finish = (closed: boolean) => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, json, closed });
        };
        const timer = setTimeout(() => finish(false), closeDeadlineMs);
        if (socket.destroyed) finish(true);
        else socket.once("close", () => finish(true));
      });
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < 256 * chunk.length) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("issue 43, low 10: a page is read with GET or HEAD only", () => {
  it("a POST to / with a 256 MiB body is answered 405 (Allow: GET, HEAD) unrendered, and the connection closes", async () => {
    const before = pagesRendered;
    const a = await streamTo("POST", "/");
    expect(a).toEqual({
      status: 405,
      allow: "GET, HEAD",
      json: { ok: false, kind: "bad-request", message: "POST is not allowed on a page: GET or HEAD" },
      closed: true,
    });
    expect(pagesRendered).toBe(before);
  });

  it("PUT and DELETE on /examples are answered 405 the same way", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const a = await streamTo(method, "/examples");
      expect({ status: a.status, allow: a.allow, message: a.json.message }).toEqual({
        status: 405,
        allow: "GET, HEAD",
        message: `${method} is not allowed on a page: GET or HEAD`,
      });
    }
  });

  it("a POST to an /api/ path no route answers is 404 'no route', never rendered as a page", async () => {
    const before = pagesRendered;
    const a = await streamTo("POST", "/api/nothing-here");
    expect({ status: a.status, json: a.json }).toEqual({
      status: 404,
      json: { ok: false, kind: "bad-request", message: "no route POST /api/nothing-here" },
    });
    expect(pagesRendered).toBe(before);
  });

  it("GET / still renders the page", async () => {
    const { port } = listener;
    const text = await new Promise<{ status: number; length: number }>((resolve, reject) => {
      http
        // This launch's own name: local mode serves its page there only (127.0.0.1 moves to it: launch-origin.test.ts).
        .get(
          { host: "127.0.0.1", port, path: "/", agent: false, headers: { Host: `${launchHostname()}:${port}` } },
          (res) => {
            let length = 0;
            res.on("data", (c: Buffer) => (length += c.length));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, length }));
          },
        )
        .on("error", reject);
    });
    expect(text.status).toBe(200);
    expect(text.length).toBeGreaterThan(266_000);
  });
});
