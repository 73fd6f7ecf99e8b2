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
  if (ctx.side === "request" && ctx.httpMethod === "GET") sink.lifecycle("", "getStream", sink.t("explain.h.get"));
  if (ctx.side === "request" && ctx.httpMethod === "DELETE") sink.lifecycle("", "sessions", sink.t("explain.h.delete"));
  for (const [name, value] of headers) {
    const n = name.toLowerCase();
    const expected = implied?.get(n);
    if (n === "mcp-session-id") {
      sink.lifecycle(
        name,
        "sessions",
        ctx.side === "response" ? sink.t("explain.h.sessionMinted") : sink.t("explain.h.sessionNamed"),
      );
    } else if (n === "last-event-id") {
      sink.lifecycle(name, "lastEventId", sink.t("explain.h.lastEventId"));
    } else if (MIRRORED.includes(n) || n.startsWith("mcp-param-")) {
      const what = sink.t(
        n === "mcp-protocol-version"
          ? "explain.h.mirrorVersion"
          : n === "mcp-method"
            ? "explain.h.mirrorMethod"
            : n === "mcp-name"
              ? "explain.h.mirrorName"
              : "explain.h.mirrorParam",
      );
      if (expected !== undefined && expected !== value) {
        sink.add(name, sink.t("explain.h.mismatch", { name, what, expected, value }), REF.http, "error");
      } else {
        sink.add(name, sink.t("explain.h.mirrors", { name, what }), REF.http);
      }
    } else if (n === "accept" && ctx.side === "request") {
      const both = /application\/json/.test(value) && /text\/event-stream/.test(value);
      sink.add(
        name,
        both ? sink.t("explain.h.acceptOk") : sink.t("explain.h.acceptBad"),
        REF.http,
        both ? "info" : "error",
      );
    } else if (n === "content-type" && ctx.side === "response") {
      sink.add(name, /text\/event-stream/.test(value) ? sink.t("explain.h.sse") : sink.t("explain.h.json"), REF.http);
    } else if (n === "authorization") {
      sink.add(name, sink.t("explain.h.authorization"), REF.auth);
    } else if (n === "www-authenticate") {
      sink.add(name, sink.t("explain.h.wwwAuthenticate"), REF.auth);
    } else if (n === "origin") {
      sink.add(name, sink.t("explain.h.origin"), REF.http);
    }
  }
  if (implied && ctx.httpMethod !== "GET") {
    const sent = new Set(headers.map(([k]) => k.toLowerCase()));
    for (const n of MIRRORED) {
      if (implied.has(n) && !sent.has(n)) sink.add("", sink.t("explain.h.lacks", { name: n }), REF.http, "error");
    }
  }
  return sink.out;
}
