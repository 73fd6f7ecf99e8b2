/** Protocol revisions the playground knows. Modern = per-request `_meta`; legacy = `initialize` handshake. */
export const MODERN_VERSION = "2026-07-28";
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export const ALL_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS] as const;

export type Era = "modern" | "legacy";

export function eraOfVersion(version: string): Era | "unknown" {
  if (version === MODERN_VERSION || version > MODERN_VERSION) return "modern";
  if ((LEGACY_VERSIONS as readonly string[]).includes(version)) return "legacy";
  return "unknown";
}

/** The name the playground reports itself as, in clientInfo and initialize. */
export const PLAYGROUND_CLIENT_INFO = { name: "mcp-playground", version: "0.1.0" } as const;

/** The params of a legacy initialize from the playground, asking for `protocolVersion`. */
export function initializeParams(protocolVersion: string, capabilities: Record<string, unknown>) {
  return { protocolVersion, capabilities, clientInfo: { ...PLAYGROUND_CLIENT_INFO } };
}
