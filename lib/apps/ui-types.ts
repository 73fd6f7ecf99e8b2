/** The few extension types lib/apps needs, re-exported type-only from ext-apps so the pure modules load none of its code. */
export type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiHostCapabilities,
  McpUiResourcePermissions,
} from "@modelcontextprotocol/ext-apps/app-bridge";
