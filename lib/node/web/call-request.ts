/**
 * What a bridge route reads of its HTTP request (headers, abort signal, a body read with a limit) and what it
 * answers, as plain values the guards and tests can build. Importable by the CLI and the tests.
 */
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
  if (declared === null || !/^\d+$/.test(declared)) return readRequestBody(req, maxBytes);
  if (Number(declared) > maxBytes) return { tooLarge: true };
  return { tooLarge: false, text: await req.text() };
}

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
