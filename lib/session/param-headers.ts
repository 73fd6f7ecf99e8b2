/**
 * Mcp-Param-{Name} headers for a plain HTTP tools/call, as a conforming client sends them (SEP-2243): derived
 * from the tool's inputSchema in the newest tools/list answer this target gave on the timeline. Pure.
 */
import { paramHeaders, type ToolLike } from "../protocol/http-headers";
import { asObject } from "../protocol/json";
import type { SessionState } from "./state";

/** The tools of the newest tools/list answers for the target (newer pages first; a name counts once). */
export function toolsSeen(state: SessionState, targetKey: string): ToolLike[] {
  const tools = new Map<string, ToolLike>();
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const e = state.entries[i];
    if (e.targetKey !== targetKey || e.phase.status !== "done" || !/"method"\s*:\s*"tools\/list"/.test(e.sent))
      continue;
    const outcome = e.phase.exchange.outcome;
    const result = outcome.kind === "response" ? asObject(asObject(outcome.frame)?.result) : undefined;
    if (!Array.isArray(result?.tools)) continue;
    for (const t of result.tools) {
      const tool = asObject(t);
      if (typeof tool?.name === "string" && !tools.has(tool.name))
        tools.set(tool.name, { name: tool.name, inputSchema: tool.inputSchema });
    }
  }
  return [...tools.values()];
}

/** The headers for this frame (parsed): none unless it is a tools/call of a tool whose schema is known. */
export function sendParamHeaders(state: SessionState, targetKey: string, frame: unknown): Record<string, string> {
  const params = asObject(asObject(frame)?.params);
  if (asObject(frame)?.method !== "tools/call" || typeof params?.name !== "string") return {};
  const tool = toolsSeen(state, targetKey).find((t) => t.name === params.name);
  return tool ? Object.fromEntries(paramHeaders(params.arguments, tool.inputSchema).headers) : {};
}
