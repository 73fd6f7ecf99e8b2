/** JSON-RPC and MCP error codes the playground can meet, with what they mean in 2026-07-28 (digest §0.10, §2.3, §4). */
export interface ErrorCodeInfo {
  code: number;
  name: string;
  meaning: string;
  /** True for codes only a modern (2026-07-28) server can emit: the spec-reserved -32020..-32099 range. */
  modern: boolean;
  /** What to do next, one sentence. */
  next: string;
  /** The HTTP status a Streamable HTTP server must pair it with, when the spec fixes one. */
  http?: number;
  /** Digest section and spec page. */
  specRef: string;
  /** Retired codes: 2026-07-28 servers must not emit them. */
  retired?: { in: string; replacedBy?: string };
}

const ERRORS_REF = "§4 · basic/index.mdx";

/** A code's row: `modern` defaults to false and `specRef` to the errors page. */
type ErrorCodeRow = Omit<ErrorCodeInfo, "modern" | "specRef"> & Partial<Pick<ErrorCodeInfo, "modern" | "specRef">>;

const ROWS: ErrorCodeRow[] = [
  {
    code: -32700,
    name: "Parse error",
    meaning: "The server could not parse the frame as JSON.",
    next: "Fix the JSON (the editor marks the spot); on stdio also check that the frame is a single line.",
  },
  {
    code: -32600,
    name: "Invalid request",
    meaning:
      'The frame is JSON but not a valid JSON-RPC request (missing jsonrpc "2.0" or method, wrong types, or a batch array).',
    next: 'Send one object with jsonrpc "2.0", a string or integer id, and a method string.',
  },
  {
    code: -32601,
    name: "Method not found",
    meaning:
      "The server does not know the method, or it is gated behind a capability the server did not advertise. On server/discover it means a legacy server: fall back to initialize.",
    next: "Check the method's spelling and the server's capabilities; if it answered server/discover this way, the server is legacy (not broken): use initialize.",
    http: 404,
  },
  {
    code: -32602,
    name: "Invalid params",
    meaning:
      "Params are wrong; in 2026-07-28 also a missing _meta envelope key, an unknown tool or prompt, an invalid cursor or a missing resource.",
    next: "Read the message: add the missing _meta keys (protocolVersion and clientCapabilities), fix the name, arguments or cursor, or check the resource URI.",
  },
  {
    code: -32603,
    name: "Internal error",
    meaning: "The server failed while handling the request.",
    next: "Look at the server's stderr (stdio) or logs; the request itself may be fine.",
  },
  {
    code: -32000,
    name: "Server error (implementation-defined)",
    meaning:
      "Legacy servers use it for e.g. 'Server not initialized' or a bad session; its meaning is whatever the implementation says.",
    next: "Read the message; answered to a modern request it usually means a legacy server that wants initialize first.",
  },
  {
    code: -32001,
    name: "Implementation-defined (legacy range)",
    meaning:
      "In the legacy -32000..-32019 range: SDKs use it locally (TypeScript SDK v1: request timeout); pre-release 2026 drafts used it for HeaderMismatch.",
    next: "Assume nothing about it: read the message, and if a server sends it for a header problem it implements a draft, not 2026-07-28 (-32020).",
  },
  {
    code: -32002,
    name: "Resource not found (retired)",
    meaning:
      "Revisions up to 2025-11-25 used it for a missing resource; 2026-07-28 servers must answer -32602 instead.",
    next: "Treat it as not-found from an older server; a 2026-07-28 server should send -32602 with data.uri.",
    retired: { in: "2026-07-28", replacedBy: "-32602" },
    specRef: "§10.2 · server/resources.mdx",
  },
  {
    code: -32003,
    name: "Implementation-defined (legacy range)",
    meaning:
      "A pre-release 2026 draft number of MissingRequiredClientCapability, renumbered -32021 before the release.",
    next: "Assume nothing; a server sending it for a missing capability implements a draft, not 2026-07-28.",
  },
  {
    code: -32004,
    name: "Implementation-defined (legacy range)",
    meaning: "A pre-release 2026 draft number of UnsupportedProtocolVersion, renumbered -32022 before the release.",
    next: "Assume nothing; a server sending it for a version problem implements a draft, not 2026-07-28.",
  },
  {
    code: -32020,
    name: "HeaderMismatch",
    meaning:
      "An HTTP header (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*) is missing, malformed or does not match the body.",
    next: "Make the headers mirror the body (the bridge adds them for you unless you override them); on an Mcp-Param-* problem re-fetch tools/list and retry.",
    modern: true,
    http: 400,
    specRef: "§9.2 · basic/transports/streamable-http.mdx",
  },
  {
    code: -32021,
    name: "MissingRequiredClientCapability",
    meaning: "The request needs a client capability it did not declare; data.requiredCapabilities names it.",
    next: "Add the capabilities from data.requiredCapabilities to this request's _meta clientCapabilities and send it again.",
    modern: true,
    http: 400,
  },
  {
    code: -32022,
    name: "UnsupportedProtocolVersion",
    meaning: "The server does not speak the requested version; data.supported lists what it does.",
    next: "Retry with a version from data.supported; do not fall back to initialize unless the only mutual versions are legacy ones.",
    modern: true,
    http: 400,
    specRef: "§2.2 · basic/versioning.mdx",
  },
  {
    code: -32042,
    name: "URL elicitation required (retired)",
    meaning: "A 2025-11-25 code asking the client to complete a URL elicitation first; 2026-07-28 retired it.",
    next: "A 2026-07-28 server asks with an input_required result carrying a url-mode elicitation/create instead.",
    retired: { in: "2026-07-28", replacedBy: "input_required + elicitation/create (mode url)" },
  },
];

export const ERROR_CODES: Record<number, ErrorCodeInfo> = Object.fromEntries(
  ROWS.map((row) => [row.code, { modern: false, specRef: ERRORS_REF, ...row }]),
);

export function errorCodeName(code: number): string {
  return ERROR_CODES[code]?.name ?? (code >= -32099 && code <= -32000 ? "server error" : "error");
}

/** A recognised modern error (digest AMBIG-2): only these prove a server speaks 2026-07-28. */
export function isModernErrorCode(code: number): boolean {
  return code === -32020 || code === -32021 || code === -32022;
}

/** Which part of the JSON-RPC error space a code belongs to (spec error-code allocation policy). */
export function errorCodeRange(
  code: number,
): "jsonrpc" | "legacy-implementation" | "mcp-reserved" | "server-error" | "application" {
  if (code === -32700 || (code >= -32603 && code <= -32600)) return "jsonrpc";
  if (code >= -32019 && code <= -32000) return "legacy-implementation";
  if (code >= -32099 && code <= -32020) return "mcp-reserved";
  if (code >= -32768 && code <= -32000) return "server-error";
  return "application";
}
