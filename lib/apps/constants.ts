/**
 * The MCP Apps extension's names (`io.modelcontextprotocol/ui`, ext-apps 2.0.x, protocol 2026-01-26), once.
 * Pure; the page, the CLI and the checks read them from here.
 */
export const APPS_EXTENSION_ID = "io.modelcontextprotocol/ui";
export const APPS_MIME_TYPE = "text/html;profile=mcp-app";
/** The deprecated flat key a tool may still carry instead of `_meta.ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = "ui/resourceUri";
export const APPS_SPEC_URL =
  "https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx";

/** What a client puts in its capabilities' `extensions` to say it renders apps (the spec's Capability Negotiation). */
export const APPS_CLIENT_EXTENSION = { [APPS_EXTENSION_ID]: { mimeTypes: [APPS_MIME_TYPE] } };
