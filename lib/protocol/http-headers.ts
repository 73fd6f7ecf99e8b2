/**
 * The HTTP headers a frame implies on Streamable HTTP (digest "Request metadata headers", SEP-2243).
 * The bridge never rewrites the body; it adds these headers and shows that it did. Pure.
 *
 * Mcp-Param-{Name} (tool arguments marked x-mcp-header) needs the tool's inputSchema: paramHeaders below, which
 * the page's sends (from the last tools/list seen) and "Copy as curl" use.
 */
import { META_KEYS } from "./meta";
import { headerAnnotationProblemMsgs, headerParams } from "./header-annotations";
import { msg, say, type Msg } from "../i18n/translate";
import { asObject } from "./json";

export type HeaderList = [string, string][];

export interface ImpliedHeaders {
  /** In send order: Accept, Content-Type, then the frame-derived headers. */
  headers: HeaderList;
  /** Names of the headers the bridge adds (all of `headers` until explicit headers override some). */
  added: string[];
  /** Why a header was encoded or left out, for the wire view. */
  notes: string[];
  /** `notes` in the reader's language (the curl section shows them). */
  noteMsgs: Msg[];
}

export const ACCEPT_BOTH = "application/json, text/event-stream";

/** Methods whose Mcp-Name comes from params.name, params.uri or params.taskId. */
const NAME_SOURCE: Record<string, "name" | "uri"> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

const BASE64_SENTINEL = /^=\?base64\?.*\?=$/;

/**
 * A value that may travel as plain text: visible ASCII, inner spaces and tabs, no leading/trailing
 * whitespace (RFC 9110 field-value), and not something that already looks like the Base64 sentinel.
 */
export function isPlainHeaderValue(value: string): boolean {
  if (value === "") return true;
  if (!/^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/.test(value)) return false;
  return !BASE64_SENTINEL.test(value);
}

function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** SEP-2243 value encoding: plain when safe, else `=?base64?{Base64 of UTF-8}?=`. */
export function encodeHeaderValue(value: string): string {
  return isPlainHeaderValue(value) ? value : `=?base64?${base64Utf8(value)}?=`;
}

export function impliedHeaders(frame: unknown): ImpliedHeaders {
  const headers: HeaderList = [
    ["Accept", ACCEPT_BOTH],
    ["Content-Type", "application/json"],
  ];
  const noteMsgs: Msg[] = [];
  const obj = asObject(frame);
  const method = typeof obj?.method === "string" ? obj.method : undefined;
  // Responses, batches and non-frames name no method: only the content headers apply.
  if (obj && method !== undefined) {
    const params = asObject(obj.params);
    const version = asObject(params?._meta)?.[META_KEYS.protocolVersion];
    if (typeof version === "string") {
      if (isPlainHeaderValue(version) && version !== "") headers.push(["MCP-Protocol-Version", version]);
      else noteMsgs.push(msg("headerNotes.versionNotValid", { version: JSON.stringify(version) }));
    }
    const encodedMethod = encodeHeaderValue(method);
    if (encodedMethod !== method) noteMsgs.push(msg("headerNotes.methodEncoded", { method: JSON.stringify(method) }));
    headers.push(["Mcp-Method", encodedMethod]);

    const source = NAME_SOURCE[method] ?? (method.startsWith("tasks/") ? "taskId" : undefined);
    const name = source ? params?.[source] : undefined;
    if (typeof name === "string") {
      const encoded = encodeHeaderValue(name);
      if (encoded !== name) noteMsgs.push(msg("headerNotes.nameEncoded", { source, name: JSON.stringify(name) }));
      headers.push(["Mcp-Name", encoded]);
    } else if (source && method in NAME_SOURCE) {
      noteMsgs.push(msg(name === undefined ? "headerNotes.nameMissing" : "headerNotes.nameNotString", { source }));
    }
  }
  return { headers, added: headers.map(([name]) => name), notes: noteMsgs.map((m) => say(m)), noteMsgs };
}

/**
 * Adds headers the user set (target headers, then per-send headers); an explicit header replaces an implied
 * one of the same name (case-insensitive), and then it is no longer counted as added by the bridge.
 */
export function withExplicitHeaders(implied: ImpliedHeaders, ...explicitSets: HeaderList[]): ImpliedHeaders {
  const explicit = new Map<string, [string, string]>();
  for (const set of explicitSets) for (const [name, value] of set) explicit.set(name.toLowerCase(), [name, value]);
  const headers: HeaderList = [];
  const added: string[] = [];
  for (const [name, value] of implied.headers) {
    const override = explicit.get(name.toLowerCase());
    if (override) {
      headers.push(override);
      explicit.delete(name.toLowerCase());
    } else {
      headers.push([name, value]);
      if (implied.added.includes(name)) added.push(name);
    }
  }
  headers.push(...explicit.values());
  return { headers, added, notes: implied.notes, noteMsgs: implied.noteMsgs };
}

/** A tool as tools/list describes it; only the inputSchema matters here. */
export interface ToolLike {
  name: string;
  inputSchema?: unknown;
}

/**
 * Mcp-Param-{Name} headers for a tools/call: each argument whose schema property carries x-mcp-header, reached
 * from the root through `properties` only, of type string, integer or boolean, present and not null.
 */
export function paramHeaders(
  args: unknown,
  inputSchema: unknown,
): { headers: HeaderList; notes: string[]; noteMsgs: Msg[] } {
  const schema = asObject(inputSchema);
  // One invalid annotation makes the whole tool invalid for an HTTP client (SEP-2243): no header is derived.
  const noteMsgs = headerAnnotationProblemMsgs(schema).map((problem) => msg("headerNotes.dropped", { problem }));
  const notes = noteMsgs.map((m) => say(m));
  const headers: HeaderList = [];
  for (const p of headerParams(schema)) {
    let value: unknown = args;
    for (const key of p.path) value = asObject(value)?.[key];
    if (value !== undefined && value !== null)
      headers.push([`Mcp-Param-${p.header}`, encodeHeaderValue(String(value))]);
  }
  return { headers, notes, noteMsgs };
}
