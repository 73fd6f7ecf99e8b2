/** JSON-RPC and MCP error codes the playground can meet, with what they mean in 2026-07-28 (digest §0.10, §2.3). */
export interface ErrorCodeInfo {
  code: number;
  name: string;
  meaning: string;
  /** True for codes only a modern (2026-07-28) server can emit: the spec-reserved -32020..-32099 range. */
  modern: boolean;
}

export const ERROR_CODES: Record<number, ErrorCodeInfo> = {
  [-32700]: { code: -32700, name: "Parse error", meaning: "The server could not parse the frame as JSON.", modern: false },
  [-32600]: { code: -32600, name: "Invalid request", meaning: "The frame is JSON but not a valid JSON-RPC request.", modern: false },
  [-32601]: { code: -32601, name: "Method not found", meaning: "The server does not know the method. On server/discover it means a legacy server: fall back to initialize.", modern: false },
  [-32602]: { code: -32602, name: "Invalid params", meaning: "Params are wrong; in 2026-07-28 also a missing _meta envelope key, an unknown tool or a missing resource.", modern: false },
  [-32603]: { code: -32603, name: "Internal error", meaning: "The server failed while handling the request.", modern: false },
  [-32000]: { code: -32000, name: "Server error (implementation-defined)", meaning: "Legacy servers use it for e.g. 'Server not initialized' or a bad session.", modern: false },
  [-32020]: { code: -32020, name: "HeaderMismatch", meaning: "An HTTP header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing or does not match the body.", modern: true },
  [-32021]: { code: -32021, name: "MissingRequiredClientCapability", meaning: "The request needs a client capability it did not declare; data.requiredCapabilities names it.", modern: true },
  [-32022]: { code: -32022, name: "UnsupportedProtocolVersion", meaning: "The server does not speak the requested version; data.supported lists what it does.", modern: true },
};

export function errorCodeName(code: number): string {
  return ERROR_CODES[code]?.name ?? (code >= -32099 && code <= -32000 ? "server error" : "error");
}

/** A recognised modern error (digest AMBIG-2): only these prove a server speaks 2026-07-28. */
export function isModernErrorCode(code: number): boolean {
  return code === -32020 || code === -32021 || code === -32022;
}
