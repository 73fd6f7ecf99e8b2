/**
 * What the bridge can tell about a frame before it is sent, when the frame is one that MCP servers are
 * allowed to ignore silently: the note goes into the exchange, and into the timeout message if no reply
 * comes, so "no reply" is explained rather than left as a bare timeout (digest §1, check 62).
 */
import type { ParsedFrame } from "@/lib/protocol/jsonrpc";

export function frameHint(parsed: ParsedFrame): string | undefined {
  if (!parsed.ok) return undefined;
  switch (parsed.kind) {
    case "request": {
      const id = parsed.id;
      if (typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id))) return undefined;
      return `the id ${JSON.stringify(id)} is not a valid MCP request id (a string or an integer, never null); many servers drop such a request without any reply`;
    }
    case "batch":
      return "MCP has no JSON-RPC batches (removed in 2025-06-18: every message is sent alone); a server may answer -32600 or nothing at all";
    case "response":
      return "clients do not send JSON-RPC responses in MCP unless the server asked something; a server ignores a response it did not ask for";
    default:
      return undefined;
  }
}
