/**
 * What a bridge route reads of its HTTP request (headers, abort signal, a body read with a limit) and what it
 * answers, as plain values the guards and tests can build, carried either by a WHATWG Request/Response (Hono's
 * routes) or by node:http itself: the front door's JSON fast path (lib/node/host/app.ts) runs a whole-JSON route on
 * node:http's request and response, with no Request, Headers, signal or Response built per call. Both carriers give
 * the route the same headers, body and abort signal. Importable by the CLI and the tests.
 */
import type http from "node:http";
import { readRequestBody } from "@modelcontextprotocol/server";

/** The headers a guard reads: a WHATWG Headers, Next's headers(), or the node:http view below. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A body read with a size limit (what the SDK's readRequestBody answers). */
export type BodyRead = { tooLarge: true } | { tooLarge: false; text: string };

export interface CallRequest {
  headers: HeaderReader;
  /** Aborts when the caller went away before the reply was written. */
  signal: AbortSignal;
  /** The body as text, counted while reading whatever Content-Length says; `tooLarge` past maxBytes. */
  body(maxBytes: number): Promise<BodyRead>;
}

/** A whole JSON answer (every bridge route's, except a stream). */
export interface JsonReply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export function fromRequest(req: Request): CallRequest {
  return {
    headers: req.headers,
    // Read only by routes that watch for a caller going away (a signal costs an AbortController per call).
    get signal() {
      return req.signal;
    },
    body: (maxBytes) => readBody(req, maxBytes),
  };
}

/**
 * A Content-Length over the limit is refused unread. Within it, the body is read whole: node:http delivers exactly
 * the declared bytes, and @hono/node-server's text() reads them straight off the socket (no WHATWG Request and body
 * stream built per call). Without one (chunked), the read is counted and stops once the limit is passed.
 */
async function readBody(req: Request, maxBytes: number): Promise<BodyRead> {
  const declared = req.headers.get("content-length");
  if (declared === null || !DECLARED_LENGTH.test(declared)) return readRequestBody(req, maxBytes);
  if (Number(declared) > maxBytes) return { tooLarge: true };
  return { tooLarge: false, text: await req.text() };
}

const DECLARED_LENGTH = /^\d+$/;

export function toResponse(reply: JsonReply): Response {
  return new Response(reply.text, {
    status: reply.status,
    headers: { "Content-Type": "application/json", ...reply.headers },
  });
}

/**
 * node:http's header list as WHATWG Headers would read it: names without case, repeated fields joined with
 * ", " (a Cookie with "; "). Built from rawHeaders, so a doubled Host reaches the Host guard as one joined value
 * and is refused (the server's front door reads it before any Request exists: app.ts).
 */
export function nodeHeaders(raw: readonly string[]): HeaderReader {
  let map: Map<string, string> | undefined;
  return {
    get(name) {
      if (!map) {
        map = new Map();
        for (let i = 0; i < raw.length; i += 2) {
          const key = raw[i].toLowerCase();
          const before = map.get(key);
          map.set(key, before === undefined ? raw[i + 1] : `${before}${key === "cookie" ? "; " : ", "}${raw[i + 1]}`);
        }
      }
      return map.get(name.toLowerCase()) ?? null;
    },
  };
}

/**
 * True when node:http's request declares its body's length (digits only, as readBody above reads it): the JSON fast
 * path carries only these; a chunked body goes through Hono, whose counted read stops at the limit.
 */
export function declaresLength(req: http.IncomingMessage): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && DECLARED_LENGTH.test(declared) && req.headers["transfer-encoding"] === undefined;
}

/**
 * The call as node:http carries it (the JSON fast path): the headers from the raw list (so a doubled Host reaches the
 * guard joined, as a Request's Headers would give it), the declared body read whole only when asked and within the
 * limit, and an abort signal made only for a route that reads it, aborted when the caller goes away before the reply
 * is written.
 */
export function fromNode(req: http.IncomingMessage, res: http.ServerResponse): CallRequest {
  let controller: AbortController | undefined;
  return {
    headers: nodeHeaders(req.rawHeaders),
    get signal() {
      if (!controller) {
        const made = (controller = new AbortController());
        if (res.destroyed && !res.writableFinished) made.abort();
        else
          res.once("close", () => {
            if (!res.writableFinished) made.abort();
          });
      }
      return controller.signal;
    },
    body: (maxBytes) => nodeBody(req, maxBytes),
  };
}

/** The declared body: over the limit, refused unread; within it, read whole (node:http delivers exactly those bytes). */
function nodeBody(req: http.IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers["content-length"]) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () =>
      resolve({ tooLarge: false, text: (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString("utf8") }),
    );
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("the caller went away while sending the body")));
  });
}

/** Writes a whole JSON reply with its length in one piece, then drains what the route left unread of the body. */
export function writeJsonReply(req: http.IncomingMessage, res: http.ServerResponse, reply: JsonReply): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, {
    "Content-Type": "application/json",
    ...reply.headers,
    "Content-Length": Buffer.byteLength(reply.text, "utf8"),
  });
  res.end(reply.text, "utf8");
  if (!req.readableEnded) drainUnread(req);
}

/** How long and how much of a refused body is read and dropped before the connection is closed (as @hono/node-server). */
const DRAIN = { timeoutMs: 500, maxBytes: 64 * 1024 * 1024 };

/**
 * The body a refusal left unread (a guard said no, or it is over the limit) is read and dropped, at most DRAIN's bytes
 * for at most DRAIN's time, then the connection is closed: answered first, so a fast sender reads the answer instead
 * of a reset.
 */
function drainUnread(req: http.IncomingMessage): void {
  if (req.destroyed) return;
  let read = 0;
  const close = () => {
    cleanup();
    const socket = req.socket;
    if (socket && !socket.destroyed) socket.destroySoon();
  };
  const timer = setTimeout(close, DRAIN.timeoutMs);
  timer.unref();
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN.maxBytes) close();
  };
  const cleanup = () => {
    clearTimeout(timer);
    req.off("data", onData);
    req.off("end", cleanup);
    req.off("error", cleanup);
  };
  req.on("data", onData);
  req.on("end", cleanup);
  req.on("error", cleanup);
  req.resume();
}
