/** Frames the tests send, written once. */

/** A 2026-07-28 tools/call (id 1) as text: the tool, its arguments (none: no `arguments` key) and the client's
 * capabilities in `_meta`. */
export function toolsCallText(
  name: string,
  args?: Record<string, unknown>,
  caps: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": caps,
      },
      name,
      arguments: args,
    },
  });
}
