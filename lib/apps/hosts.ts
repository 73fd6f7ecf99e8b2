/**
 * Host personas: what a host declares and does with MCP Apps, each field with where we learned it. Where nothing
 * published says, the field is "unknown" and the doctor says so rather than guess. Sources are the public pages
 * and issue threads named in `source` (read 2026-12-01); "report" marks a user's report, not the host's docs.
 */
import { englishT, msg, say, type Msg, type Translate } from "../i18n/translate";
import type { McpUiDisplayMode } from "./ui-types";

export type Known<T> =
  /**
   * `says`: what the source shows, a key under appsDoctor.says (said after the source in the reader's language);
   * `more`: further sources after that note.
   */
  | { value: T; source: string; kind: "docs" | "report" | "ours"; says?: SourceSays; more?: string }
  /** `note`: why it is unknown, a key under apps.host.note in the catalogues. */
  | { value: "unknown"; source?: string; note: HostNote };

export type SourceSays = "claudeInitialize" | "claudeCodeCapabilities";

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
    label: englishT("appsDoctor.host.generic"),
    rendersApps: { value: true, source: SPEC, kind: "ours" },
    declaresExtension: { value: true, source: `${SPEC}#client-host-capabilities`, kind: "ours" },
    cachesToolsList: { value: false, source: SPEC, kind: "ours" },
    needsServerExtension: { value: false, source: SPEC, kind: "ours" },
    displayModes: { value: ["inline", "fullscreen", "pip"], source: `${SPEC}#display-modes`, kind: "ours" },
  },
  {
    id: "claude",
    label: englishT("appsDoctor.host.claude"),
    rendersApps: {
      value: true,
      source: "https://claude.com/docs/connectors/building/mcp-apps/getting-started",
      kind: "docs",
    },
    declaresExtension: {
      value: false,
      source: "https://github.com/anthropics/claude-ai-mcp/issues/61",
      says: "claudeInitialize",
      more: "https://github.com/anthropics/claude-code/issues/23958",
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
    label: englishT("appsDoctor.host.chatgpt"),
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
    label: englishT("appsDoctor.host.claude-code"),
    rendersApps: {
      value: false,
      source:
        "https://github.com/anthropics/claude-code/issues/95149; https://github.com/anthropics/claude-ai-mcp/issues/274",
      kind: "report",
    },
    declaresExtension: {
      value: false,
      source: "https://github.com/anthropics/claude-ai-mcp/issues/274",
      says: "claudeCodeCapabilities",
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

/** Where a field comes from, as a Msg (a clause of the doctor's reasons, said in the reader's language). */
export function sourceMsg(field: Known<unknown>): Msg {
  if ("note" in field) {
    const note = msg(`apps.host.note.${field.note}`);
    return field.source
      ? msg("apps.host.unknownFrom", { note, source: field.source })
      : msg("apps.host.unknown", { note });
  }
  const source = field.says
    ? msg(field.more ? "appsDoctor.says.withNoteAndMore" : "appsDoctor.says.withNote", {
        source: field.source,
        note: msg(`appsDoctor.says.${field.says}`),
        more: field.more ?? "",
      })
    : field.source;
  return msg(`apps.host.${field.kind}`, { source });
}

/** Where a field comes from, in words (for the verdict's reasons and the panel). */
export function sourceOf(field: Known<unknown>, t: Translate = englishT): string {
  return say(sourceMsg(field), t);
}

/** One fact as the panel says it: its value (yes, no, the modes listed), then where it comes from; "unknown: why". */
export function factMsg(field: Known<unknown>): Msg {
  if ("note" in field) return sourceMsg(field);
  const value = field.value;
  const said = Array.isArray(value) ? value.join(", ") : msg(value === true ? "apps.host.yes" : "apps.host.no");
  return msg("apps.host.fact", { value: said, source: sourceMsg(field) });
}

/** The panel's line on the chosen host: each fact's value, then its source, in the reader's language. */
export function hostFacts(host: HostPersona, t: Translate = englishT): string {
  return say(
    msg("apps.panel.hostFacts", {
      host: hostName(host),
      declares: factMsg(host.declaresExtension),
      caches: factMsg(host.cachesToolsList),
      modes: factMsg(host.displayModes),
    }),
    t,
  );
}

/** The personas whose names the catalogues hold (appsDoctor.host.<id>); another persona keeps its own label. */
const NAMED = new Set(["generic", "claude", "chatgpt", "claude-code"]);

/** A host's name as a Msg clause (its label when the catalogues do not name it). */
export function hostName(host: Pick<HostPersona, "id" | "label">): Msg | string {
  return NAMED.has(host.id) ? msg(`appsDoctor.host.${host.id}`) : host.label;
}

/** A host's name in the reader's language. */
export function hostLabel(host: Pick<HostPersona, "id" | "label">, t: Translate = englishT): string {
  const name = hostName(host);
  return typeof name === "string" ? name : say(name, t);
}
