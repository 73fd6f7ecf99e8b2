/**
 * Client emulation on the command line (`send` and `check`): the flags come from the one table in
 * lib/protocol/emulation.ts, so the CLI, the page and the checks name the same switches.
 */
import { EMULATION_SWITCHES, PIN_VERSION, activeEmulation, type Emulation } from "@/lib/protocol/emulation";
import { asObject } from "@/lib/protocol/json";
import { META_KEYS } from "@/lib/protocol/meta";
import { paramHeaders } from "@/lib/protocol/http-headers";
import { replyOf } from "@/lib/protocol/reply";
import type { Exchange } from "@/lib/bridge/contract";

export const EMULATION_OPTIONS = {
  ...Object.fromEntries(EMULATION_SWITCHES.map((s) => [s.flag, { type: "boolean", default: false }])),
  [PIN_VERSION.flag]: { type: "string" },
} as {
  "no-mrtr": { type: "boolean"; default: false };
  "omit-param-headers": { type: "boolean"; default: false };
  "first-page-only": { type: "boolean"; default: false };
  "pin-version": { type: "string" };
};

export const EMULATION_USAGE = `[${EMULATION_SWITCHES.map((s) => `--${s.flag}`).join("] [")}] [--${PIN_VERSION.flag} <v>]`;

export const EMULATION_HELP = [
  ...EMULATION_SWITCHES.map((s) => `  --${s.flag.padEnd(18)} ${s.does}`),
  `  --${`${PIN_VERSION.flag} <v>`.padEnd(18)} ${PIN_VERSION.does}`,
].join("\n");

type Flags = { [flag: string]: unknown };

/** The switches the flags turn on, or undefined when none is. */
export function emulationOf(values: Flags): Emulation | undefined {
  const e: Emulation = {};
  for (const s of EMULATION_SWITCHES) if (values[s.flag] === true) e[s.key] = true;
  const pin = values[PIN_VERSION.flag];
  if (typeof pin === "string" && pin.trim()) e.pinVersion = pin.trim();
  return activeEmulation(e);
}

const MAX_PAGES = 20;

/**
 * Mcp-Param-* for an HTTP tools/call, as a conforming client derives them: tools/list with the frame's own
 * envelope (every page, or the first only when emulating that), then the tool's x-mcp-header arguments.
 * Returns no headers (and says why) when the frame is not a modern tools/call or the tool is not listed.
 */
export async function paramHeadersFor(
  frameText: string,
  send: (text: string) => Promise<Exchange>,
  firstPageOnly: boolean,
): Promise<{ headers: Record<string, string>; note?: string }> {
  let frame: unknown;
  try {
    frame = JSON.parse(frameText);
  } catch {
    return { headers: {} };
  }
  const params = asObject(asObject(frame)?.params);
  const meta = asObject(params?._meta);
  if (
    asObject(frame)?.method !== "tools/call" ||
    typeof params?.name !== "string" ||
    !meta?.[META_KEYS.protocolVersion]
  )
    return { headers: {} };
  let cursor: string | undefined;
  for (let page = 1; page <= (firstPageOnly ? 1 : MAX_PAGES); page++) {
    const list = JSON.stringify({
      jsonrpc: "2.0",
      id: `cli-tools-list-${page}`,
      method: "tools/list",
      params: { _meta: meta, ...(cursor ? { cursor } : {}) },
    });
    const reply = replyOf(await send(list));
    if (reply.kind !== "result")
      return { headers: {}, note: "tools/list did not answer: no Mcp-Param-* headers derived" };
    const tool = (Array.isArray(reply.result.tools) ? reply.result.tools : [])
      .map(asObject)
      .find((t) => t?.name === params.name);
    if (tool) {
      const headers = Object.fromEntries(paramHeaders(params.arguments, tool.inputSchema).headers);
      return {
        headers,
        ...(Object.keys(headers).length
          ? { note: `Mcp-Param-* from tools/list: ${Object.keys(headers).join(", ")}` }
          : {}),
      };
    }
    cursor = typeof reply.result.nextCursor === "string" ? reply.result.nextCursor : undefined;
    if (!cursor) break;
  }
  return {
    headers: {},
    note: `${params.name} is not on ${firstPageOnly ? "the first page of " : ""}tools/list: no Mcp-Param-* headers derived`,
  };
}
