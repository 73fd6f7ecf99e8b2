/**
 * HTTP headers of a Streamable HTTP exchange, explained like frame fields (digest §9.2, §12): the headers 2026-07-28
 * requires (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*), checked against the frame they mirror, and
 * the removed ones (Mcp-Session-Id, Last-Event-ID) with their badges. Paths are the header names.
 */
import { impliedHeaders, type HeaderList } from "../protocol/http-headers";
import { REF } from "./refs";
import { Sink } from "./sink";
import type { Annotation, ExplainContext } from "./types";

export interface HeaderContext extends ExplainContext {
  /** "request" = what the client sent, "response" = what the server answered. */
  side: "request" | "response";
  /** The HTTP method of the request (POST, GET, DELETE). */
  httpMethod?: string;
  /** The JSON-RPC frame the request carried, to check the mirrored headers against. */
  frame?: unknown;
}

const MIRRORED = ["mcp-protocol-version", "mcp-method", "mcp-name"];

export function explainHeaders(headers: HeaderList, ctx: HeaderContext): Annotation[] {
  const sink = new Sink(ctx);
  const implied =
    ctx.frame !== undefined && ctx.side === "request"
      ? new Map(impliedHeaders(ctx.frame).headers.map(([k, v]) => [k.toLowerCase(), v]))
      : undefined;
  if (ctx.side === "request" && ctx.httpMethod === "GET")
    sink.lifecycle("", "getStream", "A GET opens a server-to-client SSE stream, the pre-2026 way.");
  if (ctx.side === "request" && ctx.httpMethod === "DELETE")
    sink.lifecycle("", "sessions", "A DELETE ends a legacy session.");
  for (const [name, value] of headers) {
    const n = name.toLowerCase();
    const expected = implied?.get(n);
    if (n === "mcp-session-id") {
      sink.lifecycle(
        name,
        "sessions",
        ctx.side === "response"
          ? "The server minted a session id for this client."
          : "The request names a legacy session.",
      );
    } else if (n === "last-event-id") {
      sink.lifecycle(name, "lastEventId", "The client asks to resume an SSE stream after this event.");
    } else if (MIRRORED.includes(n) || n.startsWith("mcp-param-")) {
      const what =
        n === "mcp-protocol-version"
          ? "the body's _meta protocolVersion"
          : n === "mcp-method"
            ? "the frame's method"
            : n === "mcp-name"
              ? "params.name, params.uri or params.taskId"
              : "a tool argument marked x-mcp-header";
      if (expected !== undefined && expected !== value) {
        sink.add(
          name,
          `${name} must mirror ${what} (${expected}), but says ${value}: a 2026-07-28 server answers -32020 HeaderMismatch (HTTP 400).`,
          REF.http,
          "error",
        );
      } else {
        sink.add(
          name,
          `${name} mirrors ${what} so intermediaries can route without reading the body; a mismatch is -32020 (HTTP 400).`,
          REF.http,
        );
      }
    } else if (n === "accept" && ctx.side === "request") {
      const both = /application\/json/.test(value) && /text\/event-stream/.test(value);
      sink.add(
        name,
        both
          ? "Lists both application/json and text/event-stream, as every client POST must."
          : "Accept must list both application/json and text/event-stream; a strict server answers 406.",
        REF.http,
        both ? "info" : "error",
      );
    } else if (n === "content-type" && ctx.side === "response") {
      sink.add(
        name,
        /text\/event-stream/.test(value)
          ? "An SSE stream scoped to this request: notifications may come first, the response ends it."
          : "A single JSON response.",
        REF.http,
      );
    } else if (n === "authorization") {
      sink.add(name, "An OAuth bearer token for this server; the playground keeps it out of shared links.", REF.auth);
    } else if (n === "www-authenticate") {
      sink.add(
        name,
        "Where to find the authorization server (resource_metadata) and which scopes to ask for.",
        REF.auth,
      );
    } else if (n === "origin") {
      sink.add(
        name,
        "Servers must check it (DNS-rebinding defence) and answer 403 to an origin they do not allow.",
        REF.http,
      );
    }
  }
  if (implied && ctx.httpMethod !== "GET") {
    const sent = new Set(headers.map(([k]) => k.toLowerCase()));
    for (const n of MIRRORED) {
      if (implied.has(n) && !sent.has(n))
        sink.add(
          "",
          `The request lacks ${n}, which this frame requires on Streamable HTTP: expect -32020 (HTTP 400) from a 2026-07-28 server.`,
          REF.http,
          "error",
        );
    }
  }
  return sink.out;
}
