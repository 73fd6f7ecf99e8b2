/** Frames the tests send, written once. */
import { META_KEYS } from "@/lib/protocol/meta";
import { MODERN_VERSION } from "@/lib/protocol/versions";

/** A 2026-07-28 tools/call (id 1 unless told): the tool, its arguments (none: no `arguments` key) and the client's
 * capabilities in `_meta`. */
export function toolsCallFrame(
  name: string,
  args?: Record<string, unknown>,
  caps: Record<string, unknown> = {},
  id = 1,
) {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      _meta: { [META_KEYS.protocolVersion]: MODERN_VERSION, [META_KEYS.clientCapabilities]: caps },
      name,
      arguments: args,
    },
  };
}

/** A tools/call with `id` and no `_meta` (as a pre-2026 client writes it), its arguments empty unless told. */
export function bareToolsCall(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/** That tools/call (id 1) as text. */
export function toolsCallText(
  name: string,
  args?: Record<string, unknown>,
  caps: Record<string, unknown> = {},
): string {
  return JSON.stringify(toolsCallFrame(name, args, caps));
}
