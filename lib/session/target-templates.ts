/**
 * Templates that follow the target: after a tools/list, resources/list or prompts/list reached the current target
 * (typed in the editor, or sent by a probe or a panel), the template menu offers `tools/call <name>` per tool with
 * arguments sketched from its inputSchema (its required fields, nested ones too: args-form.ts argumentsSkeleton), `resources/read <uri>` and
 * `prompts/get <name>`. Pure: built from the timeline.
 */
import { englishT, type Translate } from "../i18n/translate";
import type { Envelope } from "../protocol/meta";
import type { FrameTemplate } from "../protocol/templates";
import { buildEnvelope, formatFrame } from "../protocol/meta";
import { asObject, tryParseJson, type JsonObject } from "../protocol/json";
import { argumentsSkeleton } from "./args-form";
import { selectTarget } from "./selectors";
import type { SessionState, TimelineEntry } from "./state";
import { replyFrame } from "../protocol/exchange";

export interface DerivedTemplate {
  /** "target:tools/call:create_event" — the reducer builds it from the same timeline. */
  id: string;
  label: string;
  method: "tools/call" | "resources/read" | "prompts/get";
  hint: string;
  params: JsonObject;
}

export const DERIVED_PREFIX = "target:";
/** A long list is cut: the menu stays usable. */
const MAX_PER_KIND = 50;

/** The latest successful result of `method` on this target, from the timeline (newest first). */
function latestResult(entries: TimelineEntry[], targetKey: string, method: string): JsonObject | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.targetKey !== targetKey || e.phase.status !== "done" || e.phase.exchange.outcome.kind !== "response")
      continue;
    if (asObject(tryParseJson(e.sent))?.method !== method) continue;
    const result = asObject(asObject(replyFrame(e.phase.exchange))?.result);
    if (result) return result;
  }
  return undefined;
}

function named(list: unknown): JsonObject[] {
  return (Array.isArray(list) ? list : [])
    .map(asObject)
    .filter((x): x is JsonObject => x !== undefined)
    .slice(0, MAX_PER_KIND);
}

export function targetTemplates(entries: TimelineEntry[], targetKey: string): DerivedTemplate[] {
  const out: DerivedTemplate[] = [];
  for (const tool of named(latestResult(entries, targetKey, "tools/list")?.tools)) {
    if (typeof tool.name !== "string") continue;
    const args = argumentsSkeleton(tool.inputSchema);
    out.push({
      id: `${DERIVED_PREFIX}tools/call:${tool.name}`,
      label: `tools/call ${tool.name}`,
      method: "tools/call",
      hint: typeof tool.description === "string" ? tool.description : "",
      params: { name: tool.name, arguments: args },
    });
  }
  for (const resource of named(latestResult(entries, targetKey, "resources/list")?.resources)) {
    if (typeof resource.uri !== "string") continue;
    out.push({
      id: `${DERIVED_PREFIX}resources/read:${resource.uri}`,
      label: `resources/read ${resource.uri}`,
      method: "resources/read",
      hint: typeof resource.name === "string" ? resource.name : "",
      params: { uri: resource.uri },
    });
  }
  for (const prompt of named(latestResult(entries, targetKey, "prompts/list")?.prompts)) {
    if (typeof prompt.name !== "string") continue;
    const args = named(prompt.arguments).filter((a) => a.required === true && typeof a.name === "string");
    const params: JsonObject = {
      name: prompt.name,
      ...(args.length
        ? { arguments: Object.fromEntries(args.map((a) => [a.name as string, `<${a.name as string}>`])) }
        : {}),
    };
    out.push({
      id: `${DERIVED_PREFIX}prompts/get:${prompt.name}`,
      label: `prompts/get ${prompt.name}`,
      method: "prompts/get",
      hint: typeof prompt.description === "string" ? prompt.description : "",
      params,
    });
  }
  return out;
}

/**
 * The frame text of a derived template: with the envelope for a modern target, without `_meta` for a legacy one
 * (a legacy server expects no envelope).
 */
export function buildDerived(
  template: DerivedTemplate,
  id: number,
  era: { legacy: boolean; envelope?: Envelope },
): string {
  const params = era.legacy ? template.params : { _meta: era.envelope ?? buildEnvelope(), ...template.params };
  return formatFrame({ jsonrpc: "2.0", id, method: template.method, params });
}

export interface TemplateMenuGroup {
  label: string;
  options: { id: string; label: string; hint: string }[];
}

/**
 * The template menu for the current target: what its own lists offered first, then the spec's frames. The
 * calendar's named frames (create_event, prepare_week, calendar://week) appear only for a calendar target.
 */
export function templateMenu(
  entries: TimelineEntry[],
  target: { key: string; isCalendar: boolean } | null,
  targetLabel: string,
  templates: readonly FrameTemplate[],
  era: "modern" | "legacy" = "modern",
  t: Translate = englishT,
): TemplateMenuGroup[] {
  const groups: TemplateMenuGroup[] = [];
  const derived = target ? targetTemplates(entries, target.key) : [];
  if (derived.length)
    groups.push({
      label: t("templates.group.own", { target: targetLabel }),
      // The server's own descriptions, as it wrote them.
      options: derived.map(({ id, label, hint }) => ({ id, label, hint })),
    });
  const offered = templates.filter((tpl) => !tpl.calendar || target?.isCalendar);
  // The spec's frames: their hints are the playground's words, in the reader's language.
  const option = ({ id, label }: FrameTemplate) => ({ id, label, hint: t(`templates.hint.${templateSlug(id)}`) });
  const modern = offered.filter((tpl) => tpl.era === "modern");
  if (era === "legacy") {
    // The probe said legacy: the requests both eras share are written bare (the reducer builds them so).
    groups.push({
      label: t("templates.group.legacyShared"),
      options: modern.filter((tpl) => tpl.legacyToo).map(option),
    });
    groups.push({
      label: t("templates.group.modernOnly"),
      options: modern.filter((tpl) => !tpl.legacyToo).map(option),
    });
  } else groups.push({ label: t("templates.group.modern"), options: modern.map(option) });
  groups.push({
    label: t("templates.group.legacy"),
    options: offered.filter((tpl) => tpl.era === "legacy").map(option),
  });
  return groups;
}

/** A template id as a catalogue key segment ("tools/list (legacy)" → "tools_list__legacy_"). */
export function templateSlug(id: string): string {
  return id.replace(/[^a-zA-Z0-9]/g, "_");
}

/** The era the editor checks the frame against: legacy once the current target answered the probe as legacy. */
export function selectCheckedEra(state: SessionState): "modern" | "legacy" {
  const view = selectTarget(state);
  const verdict = view.kind === "ready" ? state.verdicts[view.key] : undefined;
  return verdict?.status === "done" && verdict.era === "legacy" ? "legacy" : "modern";
}
