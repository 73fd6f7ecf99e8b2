/**
 * Host personas: what a host declares and does with MCP Apps, each field with where we learned it. Where nothing
 * published says, the field is "unknown" and the doctor says so rather than guess. Sources are the public pages
 * and issue threads named in `source` (read 2026-12-01); "report" marks a user's report, not the host's docs.
 */
import { englishT, type Translate } from "../i18n/translate";
import type { McpUiDisplayMode } from "./ui-types";

export type Known<T> =
  | { value: T; source: string; kind: "docs" | "report" | "ours" }
  /** `note`: why it is unknown, a key under apps.host.note in the catalogues. */
  | { value: "unknown"; source?: string; note: HostNote };

export type HostNote = "notIsolated" | "claudeModes" | "notDocumented" | "notVerified" | "irrelevant" | "rendersNone";

export interface HostPersona {
  id: string;
  label: string;
  /** Does the host render MCP Apps at all? */
  rendersApps: Known<boolean>;
  /** Does its initialize (or 2026 envelope) carry capabilities.extensions["io.modelcontextprotocol/ui"]? */
  declaresExtension: Known<boolean>;
  /** Does it cache tools/list per connector, so a change to _meta.ui shows only after the connector is re-added? */
  cachesToolsList: Known<boolean>;
  /** Does it need the server to declare the extension in its own capabilities? */
  needsServerExtension: Known<boolean>;
  displayModes: Known<McpUiDisplayMode[]>;
}

const SPEC = "https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx";

export const HOSTS: readonly HostPersona[] = [
  {
    id: "generic",
    label: "Generic host (full support)",
    rendersApps: { value: true, source: SPEC, kind: "ours" },
    declaresExtension: { value: true, source: `${SPEC}#client-host-capabilities`, kind: "ours" },
    cachesToolsList: { value: false, source: SPEC, kind: "ours" },
    needsServerExtension: { value: false, source: SPEC, kind: "ours" },
    displayModes: { value: ["inline", "fullscreen", "pip"], source: `${SPEC}#display-modes`, kind: "ours" },
  },
  {
    id: "claude",
    label: "Claude (claude.ai, Claude Desktop chat)",
    rendersApps: {
      value: true,
      source: "https://claude.com/docs/connectors/building/mcp-apps/getting-started",
      kind: "docs",
    },
    declaresExtension: {
      value: false,
      source:
        "https://github.com/anthropics/claude-ai-mcp/issues/61 (initialize sends roots and elicitation, no extensions key); https://github.com/anthropics/claude-code/issues/23958",
      kind: "report",
    },
    cachesToolsList: {
      value: true,
      source:
        "https://github.com/anthropics/claude-ai-mcp/issues/61, https://github.com/anthropics/claude-ai-mcp/issues/729",
      kind: "report",
    },
    needsServerExtension: {
      value: "unknown",
      source:
        "https://github.com/anthropics/claude-ai-mcp/issues/729, https://github.com/anthropics/claude-ai-mcp/issues/165",
      note: "notIsolated",
    },
    displayModes: { value: "unknown", note: "claudeModes" },
  },
  {
    id: "chatgpt",
    label: "ChatGPT",
    rendersApps: { value: true, source: "https://developers.openai.com/apps-sdk/mcp-apps-in-chatgpt/", kind: "docs" },
    declaresExtension: {
      value: true,
      source: 'https://github.com/anthropics/claude-ai-mcp/issues/61 ("ChatGPT declares it")',
      kind: "report",
    },
    cachesToolsList: { value: "unknown", note: "notDocumented" },
    needsServerExtension: { value: "unknown", note: "notDocumented" },
    displayModes: { value: "unknown", note: "notVerified" },
  },
  {
    id: "claude-code",
    label: "Claude Code (and Claude Desktop's Code tab)",
    rendersApps: {
      value: false,
      source:
        "https://github.com/anthropics/claude-code/issues/95149; https://github.com/anthropics/claude-ai-mcp/issues/274",
      kind: "report",
    },
    declaresExtension: {
      value: false,
      source:
        "https://github.com/anthropics/claude-ai-mcp/issues/274 (client capabilities: elicitation, roots; no extensions key)",
      kind: "report",
    },
    cachesToolsList: { value: "unknown", note: "notDocumented" },
    needsServerExtension: { value: "unknown", note: "irrelevant" },
    displayModes: { value: "unknown", note: "rendersNone" },
  },
];

export function hostById(id: string): HostPersona | undefined {
  return HOSTS.find((h) => h.id === id);
}

/** The value of a field, or undefined when unknown. */
export function known<T>(field: Known<T>): T | undefined {
  return field.value === "unknown" ? undefined : (field.value as T);
}

/** Where a field comes from, in words (for the verdict's reasons and the panel). */
export function sourceOf(field: Known<unknown>, t: Translate = englishT): string {
  if ("note" in field) {
    const note = t(`apps.host.note.${field.note}`);
    return field.source ? t("apps.host.unknownFrom", { note, source: field.source }) : t("apps.host.unknown", { note });
  }
  return t(`apps.host.${field.kind}`, { source: field.source });
}
