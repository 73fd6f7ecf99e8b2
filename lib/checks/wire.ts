/**
 * Reading an exchange record the way the checks need it: the answer to the request, every frame the server
 * sent (from stdout lines, the HTTP body or SSE events, including frames that arrived between sends), HTTP
 * status and headers. Pure.
 */
import type { Exchange, WireEvent } from "../bridge/contract";
import { asObject, type JsonObject } from "../protocol/json";
import type { Reply } from "../protocol/reply";
import { msg, type Msg } from "../i18n/translate";
import { eventFrame, sentFrame as sentFrameOf } from "../protocol/exchange";

export { asObject, type JsonObject };
// The reply reader is the protocol layer's (the era probe reads replies the same way).
export { replyOf, type Reply } from "../protocol/reply";

/** "result", "error -32602 …", "no answer …", with the HTTP status when there is one: for details. */
export function describeReply(reply: Reply): string {
  const http = reply.status !== undefined ? `HTTP ${reply.status} ` : "";
  if (reply.kind === "result") {
    const rt = reply.result.resultType;
    if (reply.result.isError === true) return `${http}an isError result`;
    // resultType is a 2026-07-28 field: its absence is news only for a request that carried the envelope.
    const modern = typeof sentMeta(reply.exchange)?.["io.modelcontextprotocol/protocolVersion"] === "string";
    return `${http}a result${typeof rt === "string" ? ` (resultType ${JSON.stringify(rt)})` : modern ? " without resultType" : ""}`;
  }
  if (reply.kind === "error") return `${http}error ${reply.code} ${JSON.stringify(truncate(reply.message, 120))}`;
  return `${http}${reply.why}`.trim();
}

/** describeReply as a catalogue Msg, for a detail the page says in the reader's language. */
export function replyMsg(reply: Reply): Msg {
  const http = reply.status !== undefined ? `HTTP ${reply.status} ` : "";
  if (reply.kind === "result") {
    const rt = reply.result.resultType;
    if (reply.result.isError === true) return msg("checks.reply.isError", { http });
    const modern = typeof sentMeta(reply.exchange)?.["io.modelcontextprotocol/protocolVersion"] === "string";
    if (typeof rt === "string") return msg("checks.reply.resultType", { http, resultType: JSON.stringify(rt) });
    return msg(modern ? "checks.reply.noResultType" : "checks.reply.result", { http });
  }
  if (reply.kind === "error")
    return msg("checks.reply.error", { http, code: reply.code, message: JSON.stringify(truncate(reply.message, 120)) });
  return msg("checks.reply.other", { text: `${http}${reply.why}`.trim() });
}

/** Several clauses joined with "; " (each said in the reader's language). */
export function clauses(parts: Msg[]): Msg {
  if (parts.length <= 1) return parts[0] ?? msg("checks.d.none");
  return msg("checks.d.clauses", { first: parts[0], rest: clauses(parts.slice(1)) });
}

/** Several items joined with ", " (each said in the reader's language). */
export function list(parts: Msg[]): Msg {
  if (parts.length <= 1) return parts[0] ?? msg("checks.d.none");
  return msg("checks.d.list", { first: parts[0], rest: list(parts.slice(1)) });
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A frame received from the server, with when it arrived (ms epoch) and whether it came between sends. */
export interface ServerFrame {
  frame: unknown;
  at: number;
  via: "stdout" | "sse" | "body";
  unsolicited: boolean;
}

function frameOfEvent(e: WireEvent): { frame: unknown; via: ServerFrame["via"]; unsolicited: boolean } | undefined {
  const frame = eventFrame(e);
  if (frame === undefined) return undefined;
  if (e.kind === "stdout") return { frame, via: "stdout", unsolicited: !!e.unsolicited };
  if (e.kind === "sse-event") return { frame, via: "sse", unsolicited: false };
  if (e.kind === "http-body") return { frame, via: "body", unsolicited: false };
  return undefined;
}

/** Every JSON value the server sent during (or, on stdio, just before) this exchange, in order. */
export function serverFrames(exchange: Exchange): ServerFrame[] {
  const out: ServerFrame[] = [];
  for (const e of exchange.events) {
    const f = frameOfEvent(e);
    if (f) out.push({ ...f, at: exchange.startedAt + e.t });
  }
  return out;
}

/** The frame the client sent, parsed (undefined when not JSON). */
export function sentFrame(exchange: Exchange): JsonObject | undefined {
  return asObject(sentFrameOf(exchange));
}

export function sentMethod(exchange: Exchange): string | undefined {
  const m = sentFrame(exchange)?.method;
  return typeof m === "string" ? m : undefined;
}

export function sentMeta(exchange: Exchange): JsonObject | undefined {
  return asObject(asObject(sentFrame(exchange)?.params)?._meta);
}

/** Response headers (lower-cased names) of an HTTP exchange. */
export function responseHeaders(exchange: Exchange): Map<string, string> {
  const map = new Map<string, string>();
  for (const e of exchange.events) {
    if (e.kind === "http-response") for (const [k, v] of e.headers) map.set(k.toLowerCase(), v);
  }
  return map;
}

export function isRequestFrame(f: unknown): boolean {
  const o = asObject(f);
  return !!o && typeof o.method === "string" && "id" in o;
}

export function isNotificationFrame(f: unknown, method?: string): f is JsonObject {
  const o = asObject(f);
  return !!o && typeof o.method === "string" && !("id" in o) && (method === undefined || o.method === method);
}

/** The id of the frame if it is a response (result or error). */
export function responseId(f: unknown): unknown {
  const o = asObject(f);
  return o && !("method" in o) && ("result" in o || "error" in o) ? o.id : undefined;
}

export function sendIds(...exchanges: (Exchange | Reply | undefined)[]): string[] {
  const ids: string[] = [];
  for (const x of exchanges) {
    if (!x) continue;
    const id = "sendId" in x ? x.sendId : x.exchange.sendId;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
