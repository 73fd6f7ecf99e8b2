/**
 * Reading an exchange record the way the checks need it: the answer to the request, every frame the server
 * sent (from stdout lines, the HTTP body or SSE events, including frames that arrived between sends), HTTP
 * status and headers. Pure.
 */
import type { Exchange, WireEvent } from "../bridge/contract";

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

export type Reply =
  | { kind: "result"; result: Json; exchange: Exchange; status?: number }
  | { kind: "error"; code: number; message: string; data?: unknown; exchange: Exchange; status?: number }
  | { kind: "none"; why: string; exchange: Exchange; status?: number };

/** The answer to the request that the exchange carried. */
export function replyOf(exchange: Exchange): Reply {
  const status = exchange.http?.status;
  const { outcome } = exchange;
  if (outcome.kind === "response") {
    const frame = obj(outcome.frame);
    const result = obj(frame?.result);
    if (result) return { kind: "result", result, exchange, status };
    const error = obj(frame?.error);
    if (error && typeof error.code === "number") {
      return { kind: "error", code: error.code, message: String(error.message ?? ""), data: error.data, exchange, status };
    }
    return { kind: "none", why: "the reply was neither a result nor an error", exchange, status };
  }
  if (outcome.kind === "notification") return { kind: "none", why: "no reply was expected (notification)", exchange, status };
  if (outcome.failure === "timeout") return { kind: "none", why: `no answer within ${exchange.timeoutMs} ms`, exchange, status };
  const body = status !== undefined ? `HTTP ${status}: ` : "";
  return { kind: "none", why: `${body}${outcome.failure} — ${outcome.message}`, exchange, status };
}

/** "result", "error -32602 …", "no answer …", with the HTTP status when there is one: for details. */
export function describeReply(reply: Reply): string {
  const http = reply.status !== undefined ? `HTTP ${reply.status} ` : "";
  if (reply.kind === "result") {
    const rt = reply.result.resultType;
    return `${http}a result${typeof rt === "string" ? ` (resultType ${JSON.stringify(rt)})` : " without resultType"}`;
  }
  if (reply.kind === "error") return `${http}error ${reply.code} ${JSON.stringify(truncate(reply.message, 120))}`;
  return `${http}${reply.why}`.trim();
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
  if (e.kind === "stdout" && e.frame !== undefined) return { frame: e.frame, via: "stdout", unsolicited: !!e.unsolicited };
  if (e.kind === "sse-event" && e.frame !== undefined) return { frame: e.frame, via: "sse", unsolicited: false };
  if (e.kind === "http-body" && e.frame !== undefined) return { frame: e.frame, via: "body", unsolicited: false };
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
export function sentFrame(exchange: Exchange): Json | undefined {
  if (exchange.sentFrame !== undefined) return obj(exchange.sentFrame);
  try {
    return obj(JSON.parse(exchange.sent));
  } catch {
    return undefined;
  }
}

export function sentMethod(exchange: Exchange): string | undefined {
  const m = sentFrame(exchange)?.method;
  return typeof m === "string" ? m : undefined;
}

export function sentMeta(exchange: Exchange): Json | undefined {
  return obj(obj(sentFrame(exchange)?.params)?._meta);
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
  const o = obj(f);
  return !!o && typeof o.method === "string" && "id" in o;
}

export function isNotificationFrame(f: unknown, method?: string): f is Json {
  const o = obj(f);
  return !!o && typeof o.method === "string" && !("id" in o) && (method === undefined || o.method === method);
}

/** The id of the frame if it is a response (result or error). */
export function responseId(f: unknown): unknown {
  const o = obj(f);
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
