/**
 * Error cards: what an error code or an HTTP status means in 2026-07-28 and what to do next (digest §2.3, §2.5,
 * §4, §9.2). Pure; used by explainFrame for error replies, by the UI's error card and by the CLI.
 */
import { ERROR_CODES, errorCodeRange, isModernErrorCode } from "../protocol/errors";
import { LIFECYCLE, lifecycleBadge } from "./lifecycle";
import { REF } from "./refs";
import type { AnnotationLevel } from "./types";

export interface ErrorCard {
  /** "-32601 Method not found" or "HTTP 404 Not Found". */
  title: string;
  meaning: string;
  next: string;
  specRef: string;
  level: AnnotationLevel;
  badge?: string;
  /** A view of the playground that does the next step (a 401: the Auth tab runs the authorization flow). */
  opens?: "auth";
}

export interface ErrorContext {
  /** The method of the request this error answers. */
  requestMethod?: string;
  httpStatus?: number;
  /** Whether the request carried Mcp-Session-Id (legacy HTTP). */
  hadSessionId?: boolean;
  /** HTTP method of the request (POST, GET, DELETE). */
  httpMethod?: string;
}

function rangeMeaning(code: number): { meaning: string; next: string } {
  switch (errorCodeRange(code)) {
    case "legacy-implementation":
      return {
        meaning: `${code} is in -32000..-32019, the range left to implementations before 2026-07-28: its meaning is whatever this server says.`,
        next: "Read the message; assume nothing from the number (new implementations should not use this range).",
      };
    case "mcp-reserved":
      return {
        meaning: `${code} is in -32020..-32099, reserved for the MCP specification, but 2026-07-28 defines only -32020, -32021 and -32022 there.`,
        next: "The server emits a code the spec has not allocated, which it must not do; report it to the server's author.",
      };
    case "server-error":
      return {
        meaning: `${code} is in the JSON-RPC server-error range (-32768..-32100), which neither JSON-RPC nor MCP defines.`,
        next: "Read the message.",
      };
    default:
      return {
        meaning: `${code} is an application-defined code (outside -32768..-32000), as the spec recommends for application errors.`,
        next: "Read the message and data; they are the server's own.",
      };
  }
}

/** The card for a JSON-RPC error code, adjusted to the request it answers. */
export function explainErrorCode(code: number, ctx: ErrorContext = {}): ErrorCard {
  const info = ERROR_CODES[code];
  if (!info) {
    const { meaning, next } = rangeMeaning(code);
    return { title: `${code}`, meaning, next, specRef: REF.errors, level: "error" };
  }
  const title = `${code} ${info.name}`;
  if (code === -32601 && ctx.requestMethod === "server/discover") {
    return {
      title,
      meaning:
        "The server does not know server/discover, which every 2026-07-28 server must implement: this is a legacy server (2025-11-25 or earlier), not a broken one.",
      next: "Fall back to the legacy handshake: initialize, then notifications/initialized, then speak the version it answers.",
      specRef: REF.probe,
      level: "info",
    };
  }
  if (code === -32601 && ctx.requestMethod && LEGACY_ONLY.has(ctx.requestMethod)) {
    return {
      title,
      meaning: `${ctx.requestMethod} no longer exists in 2026-07-28, so a modern server answers it as an unknown method: the expected answer, not a fault.`,
      next: "Use the replacement the explanation of the request names (e.g. _meta logLevel, subscriptions/listen, server/discover).",
      specRef: REF.changelog,
      level: "info",
    };
  }
  if (info.retired) {
    const entry = code === -32042 ? LIFECYCLE.urlElicitationRequired : LIFECYCLE.resourceNotFound32002;
    return {
      title,
      meaning: info.meaning,
      next: info.next,
      specRef: info.specRef,
      level: "removed",
      badge: lifecycleBadge(entry),
    };
  }
  let meaning = info.meaning;
  if (info.http && ctx.httpStatus !== undefined && ctx.httpStatus !== info.http) {
    meaning += ` Over Streamable HTTP it must come with HTTP ${info.http}, but this one came with ${ctx.httpStatus}.`;
  }
  return { title, meaning, next: info.next, specRef: info.specRef, level: "error" };
}

const LEGACY_ONLY = new Set([
  "initialize",
  "ping",
  "logging/setLevel",
  "resources/subscribe",
  "resources/unsubscribe",
  "tasks/list",
  "tasks/result",
]);

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  202: "Accepted",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

export interface HttpStatusContext extends ErrorContext {
  /** The JSON-RPC error code in the response body, if the body was one. */
  bodyCode?: number;
  /** Whether the request was a notification (no id). */
  wasNotification?: boolean;
}

/** The card for an HTTP status of a Streamable HTTP reply. */
export function explainHttpStatus(status: number, ctx: HttpStatusContext = {}): ErrorCard {
  const title = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}`;
  const modernBody = ctx.bodyCode !== undefined && isModernErrorCode(ctx.bodyCode);
  const card = (
    meaning: string,
    next: string,
    level: AnnotationLevel = "error",
    specRef: string = REF.http,
    badge?: string,
  ): ErrorCard => ({
    title,
    meaning,
    next,
    specRef,
    level,
    badge,
  });
  switch (status) {
    case 200:
      return card("The server answered; the JSON-RPC body (or the SSE stream) says how.", "Read the frame.", "info");
    case 202:
      return ctx.wasNotification === false
        ? card(
            "202 with an empty body is the answer to a notification, but this frame had an id: a 2026-07-28 server answers a request with 200 and a result or error.",
            "Check that the server handled the request; a legacy server may deliver the reply on another stream.",
            "error",
          )
        : card(
            "The server accepted the notification; by rule the body is empty and no reply follows.",
            "Nothing to do: notifications get no answer.",
            "info",
          );
    case 400:
      if (modernBody)
        return card(
          `A 2026-07-28 server rejected the request (${ctx.bodyCode}); 400 is the status the spec pairs with that code.`,
          "Fix what the error names and send again; this is a modern server, do not fall back to initialize.",
          "error",
          REF.httpProbe,
        );
      if (ctx.bodyCode === -32602)
        return card(
          "400 with -32602: a modern server saying a required _meta field is missing (or a header-mirrored field disagrees).",
          "Add io.modelcontextprotocol/protocolVersion and clientCapabilities to params._meta.",
          "error",
          REF.metaReserved,
        );
      return card(
        "400 without a recognised modern error (-32020/-32021/-32022) in the body: the signature of a legacy server, e.g. 'Server not initialized' or a missing session.",
        "Fall back to the legacy handshake (initialize over a session), or check the body for what the server disliked.",
        "error",
        REF.httpProbe,
      );
    case 401:
      return {
        ...card(
          "The server wants authorization: an OAuth bearer token, discovered via the WWW-Authenticate header's resource_metadata. It says nothing about the server's era.",
          "Do the authorization flow first (the Auth tab runs it step by step), then send again with Authorization: Bearer <token>.",
          "error",
          REF.auth,
        ),
        opens: "auth",
      };
    case 403:
      return card(
        "Forbidden: the server refused this Origin (DNS-rebinding defence) or the token lacks a scope (see WWW-Authenticate: insufficient_scope).",
        "Send from an allowed origin (the bridge forwards none by default), or re-authorize with the challenged scopes.",
        "error",
      );
    case 404:
      if (ctx.bodyCode === -32601)
        return card(
          "404 with -32601: a 2026-07-28 server saying it does not know this method.",
          "Check the method name and the server's capabilities (server/discover).",
          "error",
        );
      if (ctx.hadSessionId) {
        const e = LIFECYCLE.sessions;
        return card(
          "404 on a request that carried Mcp-Session-Id: a legacy server saying the session expired or never existed.",
          "Start a new legacy session with initialize; 2026-07-28 has no sessions at all.",
          "removed",
          REF.httpProbe,
          lifecycleBadge(e),
        );
      }
      return card(
        "404 without a JSON-RPC body: the URL is not an MCP endpoint, or it is a 2024-11-05 HTTP+SSE server whose POST URL comes from an endpoint event.",
        "Check the URL; for an old HTTP+SSE server send GET (Accept: text/event-stream) and read its endpoint event.",
        "error",
        REF.httpProbe,
      );
    case 405:
      if (ctx.httpMethod === "GET" || ctx.httpMethod === "DELETE") {
        return card(
          `${ctx.httpMethod} is not part of 2026-07-28 (no GET stream, no session to DELETE); a modern-only server should answer 405.`,
          "Use subscriptions/listen (a POST) for server notifications; there is no session to end.",
          "removed",
          REF.http,
          lifecycleBadge(ctx.httpMethod === "GET" ? LIFECYCLE.getStream : LIFECYCLE.sessions),
        );
      }
      return card(
        "The endpoint does not accept this HTTP method; an MCP endpoint takes POST (a 2024-11-05 HTTP+SSE server takes POST only on the URL its endpoint event announced).",
        "POST to the MCP endpoint.",
        "error",
        REF.httpProbe,
      );
    case 406:
      return card(
        "Not Acceptable: the client must list both application/json and text/event-stream in Accept, and this server enforces it.",
        "Send Accept: application/json, text/event-stream (the bridge does unless you override it).",
        "error",
      );
    case 413:
    case 431:
      return card(
        "The request (or its headers, e.g. long Mcp-Param-* values) was too large for the server or an intermediary.",
        "Send less: shorter header-mirrored arguments or a smaller body.",
        "error",
      );
    case 415:
      return card(
        "Unsupported Media Type: the server wants Content-Type: application/json on the POST.",
        "Send Content-Type: application/json.",
        "error",
      );
    default:
      if (status >= 500)
        return card(
          "The server (or a proxy in front of it) failed.",
          "Look at the server's logs; the request may be fine.",
          "error",
        );
      if (status >= 200 && status < 300) return card("A success status; read the body.", "Read the frame.", "info");
      return card("A status the MCP transport does not assign a meaning to.", "Read the body and headers.", "error");
  }
}
