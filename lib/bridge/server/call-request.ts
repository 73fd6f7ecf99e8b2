/**
 * What a bridge route reads of its HTTP request and what it answers, whichever server carries the call: Next's
 * WHATWG Request/Response (app/api/**, `npm run dev`), or node:http's request and response directly
 * (scripts/serve.mjs, the fast server), which skips building a Request, its Headers, body stream and signal,
 * and a Response per call. Both give the routes the same headers, body and abort signal, so every guard and
 * limit reads the same values either way. Importable by the CLI and the tests (no `server-only`).
 */
import type http from "node:http";
import { readRequestBody } from "@modelcontextprotocol/server";
import { stashedRequestBody, wholeJsonResponse } from "./whole-bodies";

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
    signal: req.signal,
    body: async (maxBytes) => {
      // The node:http adapter (toNodeListener) has the body whole already: same limit, no second read.
      const stashed = stashedRequestBody(req);
      if (!stashed) return readRequestBody(req, maxBytes);
      return stashed.length > maxBytes ? { tooLarge: true } : { tooLarge: false, text: stashed.toString("utf8") };
    },
  };
}

export function toResponse(reply: JsonReply): Response {
  return wholeJsonResponse(reply.text, { status: reply.status, headers: reply.headers });
}

/**
 * node:http's header list as WHATWG Headers would read it: names without case, repeated fields joined with
 * ", " (a Cookie with "; "). Built from rawHeaders, as toNodeListener builds its Headers, so a doubled Host
 * reaches the Host guard as the same joined value and is refused the same way.
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

/** Reads node:http's request body up to maxBytes; past it, the rest is read and dropped (the reply then says 413). */
function nodeBody(req: http.IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.once("end", () => resolve(size > maxBytes ? { tooLarge: true } : { tooLarge: false, text: Buffer.concat(chunks, size).toString("utf8") }));
    req.once("error", reject);
  });
}

export function fromNode(req: http.IncomingMessage, res: http.ServerResponse): CallRequest {
  let controller: AbortController | undefined;
  return {
    headers: nodeHeaders(req.rawHeaders),
    get signal() {
      if (!controller) {
        const made = (controller = new AbortController());
        // Only a peer that went away before the reply was written aborts the call.
        res.once("close", () => {
          if (!res.writableFinished) made.abort();
        });
      }
      return controller.signal;
    },
    body: (maxBytes) => nodeBody(req, maxBytes),
  };
}

/** Writes a whole JSON reply in one write with its length (no chunked framing, no stream, no copy into a Buffer first). */
export function writeJsonReply(res: http.ServerResponse, reply: JsonReply): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, { ...reply.headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(reply.text, "utf8")) });
  res.end(reply.text, "utf8");
}
