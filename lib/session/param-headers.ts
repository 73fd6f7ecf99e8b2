/**
 * The tools the page knows for a target, from the newest tools/list answers on the timeline: the page's client
 * (lib/protocol/client-profile.ts) derives a tools/call's Mcp-Param-* headers from their inputSchema (SEP-2243). Pure.
 */
import type { ToolLike } from "../protocol/http-headers";
import { asObject } from "../protocol/json";
import type { SessionState } from "./state";
import { replyFrame } from "../protocol/exchange";

/** The tools of the newest tools/list answers for the target (newer pages first; a name counts once). */
export function toolsSeen(state: SessionState, targetKey: string): ToolLike[] {
  const tools = new Map<string, ToolLike>();
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (e.targetKey !== targetKey || e.phase.status !== "done" || !/"method"\s*:\s*"tools\/list"/.test(e.sent))
      continue;
    const result = asObject(asObject(replyFrame(e.phase.exchange))?.result);
    if (!Array.isArray(result?.tools)) continue;
    for (const t of result.tools) {
      const tool = asObject(t);
      if (typeof tool?.name === "string" && !tools.has(tool.name))
        tools.set(tool.name, { name: tool.name, inputSchema: tool.inputSchema });
    }
  }
  return [...tools.values()];
}
