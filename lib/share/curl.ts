/**
 * "Copy as curl" for Streamable HTTP frames: a POSIX-shell command line that sends the same bytes with every
 * header the 2026-07-28 transport requires (Accept, Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name,
 * Mcp-Param-*), or exactly the headers a recorded request carried. Every argument is single-quoted, so
 * nothing in a frame or a header can reach the shell as syntax. Pure.
 */
import { msg, say, type Msg } from "../i18n/translate";
import type { WireEvent } from "../bridge/contract";
import {
  impliedHeaders,
  paramHeaders,
  withExplicitHeaders,
  type HeaderList,
  type ToolLike,
} from "../protocol/http-headers";
import { parseJson } from "./state";
import { isJsonObject } from "../protocol/json";

export { paramHeaders };
export type { HeaderList, ToolLike };

/** POSIX single quotes: the only character needing care is ' itself, written as '\''. */
function singleQuoted(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_\-./:=@,+%]+$/.test(arg)) return arg;
  return singleQuoted(arg);
}

/**
 * The headers a frame implies on Streamable HTTP: lib/protocol/http-headers.ts (Accept, Content-Type,
 * MCP-Protocol-Version, Mcp-Method, Mcp-Name), plus Mcp-Param-* when the tool's inputSchema is known.
 */
export function requiredHeaders(
  frameText: string,
  tools: ToolLike[] = [],
): { headers: HeaderList; notes: string[]; noteMsgs: Msg[] } {
  const parsed = parseJson(frameText);
  const frame = parsed.ok ? parsed.value : undefined;
  const implied = impliedHeaders(frame);
  const headers: HeaderList = [...implied.headers];
  const noteMsgs = [...implied.noteMsgs];
  if (!isJsonObject(frame) || typeof frame.method !== "string") noteMsgs.push(msg("headerNotes.noMethod"));
  const params = isJsonObject(frame) && isJsonObject(frame.params) ? frame.params : {};
  if (isJsonObject(frame) && frame.method === "tools/call" && typeof params.name === "string") {
    const tool = tools.find((t) => t.name === params.name);
    if (tool) {
      const p = paramHeaders(params.arguments, tool.inputSchema);
      headers.push(...p.headers);
      noteMsgs.push(...p.noteMsgs);
    } else if (tools.length === 0) {
      noteMsgs.push(msg("headerNotes.noTools"));
    }
  }
  return { headers, notes: noteMsgs.map((m) => say(m)), noteMsgs };
}

function render(url: string, headers: HeaderList, body: string): string {
  // A recorded URL is data from a link: as a bare argument "-o/tmp/x" would be an option. --url takes it as a value.
  const lines = [`curl -sS -X POST --url ${singleQuoted(url)}`];
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  lines.push(`--data-raw ${shellQuote(body)}`);
  return lines.join(" \\\n  ");
}

export interface CurlOptions {
  /** Headers the user set on the target or the send (they replace implied headers of the same name). */
  extraHeaders?: HeaderList;
  /** The last tools/list result, for Mcp-Param-* headers. */
  tools?: ToolLike[];
}

/** A curl command for a frame not yet sent (or re-sent): implied headers + the user's. */
export function curlForFrame(
  url: string,
  frameText: string,
  options: CurlOptions = {},
): { command: string; notes: string[]; noteMsgs: Msg[] } {
  const { headers, notes, noteMsgs } = requiredHeaders(frameText, options.tools);
  const merged = withExplicitHeaders({ headers, added: [], notes, noteMsgs }, options.extraHeaders ?? []);
  return { command: render(url, merged.headers, frameText), notes, noteMsgs };
}

/** A curl command for a recorded request: exactly the headers and body that went out. */
export function curlForRecordedRequest(event: Extract<WireEvent, { kind: "http-request" }>): string {
  const skip = new Set(["content-length", "host", "connection"]);
  return render(
    event.url,
    event.headers.filter(([n]) => !skip.has(n.toLowerCase())),
    event.body,
  );
}
