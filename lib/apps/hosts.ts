/**
 * Host personas: what a host declares and does with MCP Apps, each field with where we learned it and the date it was
 * last checked there. Where nothing published says, the field is "unknown" and the doctor says so rather than guess;
 * where reports disagree, it is "unknown" too, naming both. Sources are the public pages and issue threads named in
 * `source`; "report" marks a user's report, not the host's docs. Each persona also carries the host context it would
 * give an app (lib/apps/host-context.ts), which the Apps tab lets the user override.
 */
import { englishT, msg, say, type Msg, type Translate } from "../i18n/translate";
import type { Era } from "../protocol/versions";
import type { McpUiDisplayMode } from "./ui-types";

export type Known<T> =
  /**
   * `says`: what the source shows, a key under appsDoctor.says (said after the source in the reader's language);
   * `more`: further sources after that note; `checked`: the date the source was last read (YYYY-MM-DD).
   */
  | { value: T; source: string; kind: "docs" | "report" | "ours"; checked: string; says?: SourceSays; more?: string }
  /** `note`: why it is unknown, a key under apps.host.note in the catalogues. */
  | { value: "unknown"; source?: string; note: HostNote; checked: string };

export type SourceSays = "claudeCodeCapabilities" | "claudeDesktopInitialize" | "chatgptDeclares" | "geminiLegacy";

export type HostNote =
  | "notIsolated"
  | "claudeModes"
  | "notDocumented"
  | "notVerified"
  | "irrelevant"
  | "rendersNone"
  | "claudeReportsDisagree";

/** The host context a persona gives an app (the Apps tab can override each). */
export interface PersonaContext {
  platform: "web" | "desktop" | "mobile";
  userAgent: string;
  device: DeviceId;
}

export type DeviceId = "desktop" | "laptop" | "tablet" | "phone";

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
  /** The protocol eras its client speaks (a legacy-only host sees only what a server shows on a legacy revision). */
  eras: Known<Era[]>;
  /** Does it add the domains a resource declares in _meta.ui.csp to the app's policy? */
  grantsCsp: Known<boolean>;
  context: PersonaContext;
}

const SPEC = "https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx";
const ISSUE = "https://github.com/anthropics/claude-ai-mcp/issues/";
/** The day these sources were re-read for this table (the issue threads through the issues index). */
const CHECKED = "2026-12-07";
/** The host documentation pages, read for round 3 (not reachable again since). */
const DOCS_READ = "2026-12-01";

/** A field a source shows: its value, the source, what kind of source, and what it says (checked on CHECKED). */
function shown<T>(
  value: T,
  source: string,
  kind: "docs" | "report" | "ours",
  also: { says?: SourceSays; more?: string; checked?: string } = {},
): Known<T> {
  const { checked = CHECKED, ...said } = also;
  return { value, source, ...said, kind, checked };
}

/** A field nothing settles: why (a key under apps.host.note), and the source that leaves it open. */
function unknown(note: HostNote, source?: string, checked = CHECKED): Known<never> {
  return source ? { value: "unknown", source, note, checked } : { value: "unknown", note, checked };
}

const notDocumented = unknown("notDocumented");
/** A host that renders no apps: what it would do with them does not arise. */
const irrelevant = unknown("irrelevant");
const rendersNone = unknown("rendersNone");
const context = (platform: PersonaContext["platform"], userAgent: string, device: DeviceId) => ({
  platform,
  userAgent,
  device,
});

export const HOSTS: readonly HostPersona[] = [
  {
    id: "generic",
    label: englishT("appsDoctor.host.generic"),
    rendersApps: shown(true, SPEC, "ours"),
    declaresExtension: shown(true, `${SPEC}#client-host-capabilities`, "ours"),
    cachesToolsList: shown(false, SPEC, "ours"),
    needsServerExtension: shown(false, SPEC, "ours"),
    displayModes: shown<McpUiDisplayMode[]>(["inline", "fullscreen", "pip"], `${SPEC}#display-modes`, "ours"),
    eras: shown<Era[]>(["modern", "legacy"], `${SPEC}#client-host-capabilities`, "ours"),
    grantsCsp: shown(true, `${SPEC}#host-behavior`, "ours"),
    context: context("web", "mcp-playground", "laptop"),
  },
  {
    id: "claude",
    label: englishT("appsDoctor.host.claude"),
    rendersApps: shown(true, "https://claude.com/docs/connectors/building/mcp-apps/getting-started", "docs", {
      checked: DOCS_READ,
    }),
    // #61 (2026-08-20): claude.ai's initialize has no extensions key; the same thread earlier (2026-04-21) quoted the
    // chat UI advertising it. The reports disagree, so the gating verdict is "unknown", not "blank".
    declaresExtension: unknown("claudeReportsDisagree", `${ISSUE}61`),
    cachesToolsList: shown(true, `${ISSUE}61, ${ISSUE}729`, "report"),
    needsServerExtension: unknown("notIsolated", `${ISSUE}729`),
    displayModes: unknown("claudeModes"),
    eras: notDocumented,
    grantsCsp: notDocumented,
    context: context("web", "claude.ai (emulated)", "laptop"),
  },
  {
    id: "claude-desktop",
    label: englishT("appsDoctor.host.claude-desktop"),
    rendersApps: shown(true, `${ISSUE}729`, "report"),
    declaresExtension: shown(true, `${ISSUE}165`, "report", { says: "claudeDesktopInitialize", more: `${ISSUE}830` }),
    cachesToolsList: shown(true, `${ISSUE}729`, "report"),
    needsServerExtension: unknown("notIsolated", `${ISSUE}729`),
    displayModes: unknown("claudeModes"),
    eras: notDocumented,
    grantsCsp: notDocumented,
    context: context("desktop", "claude-desktop (emulated)", "desktop"),
  },
  {
    id: "chatgpt",
    label: englishT("appsDoctor.host.chatgpt"),
    rendersApps: shown(true, "https://developers.openai.com/apps-sdk/mcp-apps-in-chatgpt/", "docs", {
      checked: DOCS_READ,
    }),
    declaresExtension: shown(true, `${ISSUE}61`, "report", { says: "chatgptDeclares" }),
    cachesToolsList: notDocumented,
    needsServerExtension: notDocumented,
    displayModes: unknown("notVerified", undefined, DOCS_READ),
    eras: notDocumented,
    grantsCsp: notDocumented,
    context: context("web", "chatgpt (emulated)", "laptop"),
  },
  {
    id: "claude-code",
    label: englishT("appsDoctor.host.claude-code"),
    rendersApps: shown(
      false,
      `https://github.com/anthropics/claude-code/issues/95149; https://github.com/anthropics/claude-code/issues/88370; ${ISSUE}274`,
      "report",
    ),
    declaresExtension: shown(false, `${ISSUE}274`, "report", { says: "claudeCodeCapabilities" }),
    cachesToolsList: notDocumented,
    needsServerExtension: irrelevant,
    displayModes: rendersNone,
    eras: irrelevant,
    grantsCsp: irrelevant,
    context: context("desktop", "claude-code (emulated)", "desktop"),
  },
  {
    id: "gemini-enterprise",
    label: englishT("appsDoctor.host.gemini-enterprise"),
    rendersApps: shown(true, "https://github.com/googleapis/mcp-toolbox/issues/4055", "report"),
    declaresExtension: notDocumented,
    cachesToolsList: notDocumented,
    needsServerExtension: notDocumented,
    displayModes: notDocumented,
    eras: shown<Era[]>(["legacy"], "https://github.com/googleapis/mcp-toolbox/issues/4055", "report", {
      says: "geminiLegacy",
      more: "https://github.com/googleapis/mcp-toolbox/pull/4061",
    }),
    grantsCsp: notDocumented,
    context: context("web", "gemini-enterprise (emulated)", "laptop"),
  },
  {
    id: "microsoft-copilot",
    label: englishT("appsDoctor.host.microsoft-copilot"),
    rendersApps: shown(
      true,
      "https://learn.microsoft.com/de-de/microsoft-copilot-studio/agents-experience/mcp-apps",
      "docs",
    ),
    declaresExtension: notDocumented,
    cachesToolsList: notDocumented,
    needsServerExtension: notDocumented,
    displayModes: notDocumented,
    eras: notDocumented,
    grantsCsp: notDocumented,
    context: context("web", "microsoft-copilot (emulated)", "laptop"),
  },
  {
    id: "codex",
    label: englishT("appsDoctor.host.codex"),
    rendersApps: shown(false, "https://github.com/QwenLM/qwen-code/issues/8968", "report"),
    declaresExtension: rendersNone,
    cachesToolsList: notDocumented,
    needsServerExtension: irrelevant,
    displayModes: rendersNone,
    eras: irrelevant,
    grantsCsp: irrelevant,
    context: context("desktop", "codex (emulated)", "desktop"),
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
  return msg("apps.host.checkedOn", { what: sourceOnly(field), date: field.checked });
}

function sourceOnly(field: Known<unknown>): Msg {
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
const NAMED = new Set(HOSTS.map((h) => h.id));

/** A host's name as a Msg clause (its label when the catalogues do not name it). */
export function hostName(host: Pick<HostPersona, "id" | "label">): Msg | string {
  return NAMED.has(host.id) ? msg(`appsDoctor.host.${host.id}`) : host.label;
}

/** A host's name in the reader's language. */
export function hostLabel(host: Pick<HostPersona, "id" | "label">, t: Translate = englishT): string {
  const name = hostName(host);
  return typeof name === "string" ? name : say(name, t);
}
