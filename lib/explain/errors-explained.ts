/**
 * Error cards: what an error code or an HTTP status means in 2026-07-28 and what to do next (digest §2.3, §2.5,
 * §4, §9.2). Pure; used by explainFrame for error replies, by the UI's error card and by the CLI.
 */
import { ERROR_CODES, errorCodeKey, errorCodeRange, isModernErrorCode } from "../protocol/errors";
import { englishT, type Translate } from "../i18n/translate";
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

function rangeMeaning(code: number, t: Translate): { meaning: string; next: string } {
  const key = {
    "legacy-implementation": "legacy",
    "mcp-reserved": "reserved",
    "server-error": "server",
  }[errorCodeRange(code) as string];
  const k = `errors.range.${key ?? "app"}`;
  return { meaning: t(`${k}.meaning`, { code }), next: t(`${k}.next`) };
}

/** The card for a JSON-RPC error code, adjusted to the request it answers. */
export function explainErrorCode(code: number, ctx: ErrorContext = {}, t: Translate = englishT): ErrorCard {
  const info = ERROR_CODES[code];
  if (!info) {
    const { meaning, next } = rangeMeaning(code, t);
    return { title: `${code}`, meaning, next, specRef: REF.errors, level: "error" };
  }
  const title = `${code} ${info.name}`;
  if (code === -32601 && ctx.requestMethod === "server/discover") {
    return {
      title,
      meaning: t("errors.discover.meaning"),
      next: t("errors.discover.next"),
      specRef: REF.probe,
      level: "info",
    };
  }
  if (code === -32601 && ctx.requestMethod && LEGACY_ONLY.has(ctx.requestMethod)) {
    return {
      title,
      meaning: t("errors.removedMethod.meaning", { method: ctx.requestMethod }),
      next: t("errors.removedMethod.next"),
      specRef: REF.changelog,
      level: "info",
    };
  }
  const said = { meaning: t(`${errorCodeKey(code)}.meaning`), next: t(`${errorCodeKey(code)}.next`) };
  if (info.retired) {
    const entry = code === -32042 ? LIFECYCLE.urlElicitationRequired : LIFECYCLE.resourceNotFound32002;
    return {
      title,
      meaning: said.meaning,
      next: said.next,
      specRef: info.specRef,
      level: "removed",
      badge: lifecycleBadge(entry, t),
    };
  }
  let meaning = said.meaning;
  if (info.http && ctx.httpStatus !== undefined && ctx.httpStatus !== info.http) {
    meaning += t("errors.httpMismatch", { want: info.http, got: ctx.httpStatus });
  }
  return { title, meaning, next: said.next, specRef: info.specRef, level: "error" };
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
export function explainHttpStatus(status: number, ctx: HttpStatusContext = {}, t: Translate = englishT): ErrorCard {
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
  // A card said from the catalogue: errors.http.<which>.meaning / .next.
  const said = (which: string, level: AnnotationLevel = "error", specRef?: string, badge?: string, values = {}) =>
    card(t(`errors.http.${which}.meaning`, values), t(`errors.http.${which}.next`), level, specRef, badge);
  switch (status) {
    case 200:
      return card(t("errors.http.200.meaning"), t("errors.http.readFrame"), "info");
    case 202:
      return ctx.wasNotification === false ? said("202request") : said("202", "info");
    case 400:
      if (modernBody) return said("400modern", "error", REF.httpProbe, undefined, { code: ctx.bodyCode! });
      if (ctx.bodyCode === -32602) return said("400params", "error", REF.metaReserved);
      return said("400legacy", "error", REF.httpProbe);
    case 401:
      return { ...said("401", "error", REF.auth), opens: "auth" };
    case 403:
      return said("403");
    case 404:
      if (ctx.bodyCode === -32601) return said("404method");
      if (ctx.hadSessionId) return said("404session", "removed", REF.httpProbe, lifecycleBadge(LIFECYCLE.sessions, t));
      return said("404", "error", REF.httpProbe);
    case 405:
      if (ctx.httpMethod === "GET" || ctx.httpMethod === "DELETE") {
        const entry = ctx.httpMethod === "GET" ? LIFECYCLE.getStream : LIFECYCLE.sessions;
        return said("405removed", "removed", REF.http, lifecycleBadge(entry, t), { method: ctx.httpMethod });
      }
      return said("405", "error", REF.httpProbe);
    case 406:
      return said("406");
    case 413:
    case 431:
      return said("413");
    case 415:
      return said("415");
    default:
      if (status >= 500) return said("5xx");
      if (status >= 200 && status < 300) return card(t("errors.http.2xx.meaning"), t("errors.http.readFrame"), "info");
      return said("other");
  }
}
