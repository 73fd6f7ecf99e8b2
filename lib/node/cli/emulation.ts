/**
 * Client emulation on the command line (`send` and `check`): the flags come from the one table in
 * lib/protocol/emulation.ts, so the CLI, the page and the checks name the same switches.
 */
import { EMULATION_SWITCHES, PIN_VERSION, activeEmulation, type Emulation } from "@/lib/protocol/emulation";
import { asObject, type JsonObject } from "@/lib/protocol/json";
import { followCursors } from "@/lib/protocol/paging";
import { META_KEYS } from "@/lib/protocol/meta";
import type { ToolLike } from "@/lib/protocol/http-headers";
import { toolCallOf, type ClientProfile } from "@/lib/protocol/client-profile";
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

/** What send does about Mcp-Param-* over HTTP (main.ts: listedTool runs whatever the flag says, to name what is omitted). */
export const PARAM_HEADERS_HELP =
  "  (an HTTP tools/call first reads tools/list to mirror x-mcp-header arguments; " +
  "with --omit-param-headers it still reads it, to name the headers it leaves out)";

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
 * The tool an HTTP tools/call names, as a conforming client finds it: tools/list with the frame's own envelope
 * (read as the profile reads lists: every page, or the first only when emulating that). The Mcp-Param-* headers
 * then come from the profile (lib/protocol/client-profile.ts), the same rule the page uses. No tool (and why) when
 * the frame is not a modern tools/call or the tool is not listed.
 */
export async function listedTool(
  frame: unknown,
  send: (text: string) => Promise<Exchange>,
  profile: ClientProfile,
): Promise<{ tool?: ToolLike; note?: string }> {
  const call = toolCallOf(frame);
  const meta = asObject(asObject(asObject(frame)?.params)?._meta);
  if (!call || !meta?.[META_KEYS.protocolVersion]) return {};
  let answered = true;
  let tool: JsonObject | undefined;
  await followCursors(async (cursor, page) => {
    const list = JSON.stringify({
      jsonrpc: "2.0",
      id: `cli-tools-list-${page + 1}`,
      method: "tools/list",
      params: { _meta: meta, ...(cursor !== undefined ? { cursor } : {}) },
    });
    const reply = replyOf(await send(list));
    if (reply.kind !== "result") {
      answered = false;
      return { stop: true };
    }
    const tools = Array.isArray(reply.result.tools) ? reply.result.tools : [];
    tool = tools.map(asObject).find((t) => t?.name === call.name);
    return tool ? { stop: true } : { page: null, next: reply.result.nextCursor };
  }, profile.paging(MAX_PAGES));
  if (!answered) return { note: "tools/list did not answer: no Mcp-Param-* headers derived" };
  if (tool) return { tool: { name: call.name, inputSchema: tool.inputSchema } };
  const where = profile.emulation?.firstPageOnly ? "the first page of " : "";
  return { note: `${call.name} is not on ${where}tools/list: no Mcp-Param-* headers derived` };
}
