/**
 * Which tools are apps: a tool whose `_meta.ui.resourceUri` (or the deprecated flat `_meta["ui/resourceUri"]`)
 * names a `ui://` resource, joined with what resources/list says about that resource. Pure.
 */
import { asObject, type JsonObject } from "../protocol/json";
import { APPS_EXTENSION_ID, LEGACY_RESOURCE_URI_KEY } from "./constants";

export type Visibility = "model" | "app";

export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

export interface AppTool {
  tool: string;
  title?: string;
  resourceUri: string;
  /** Where the URI came from: the current key, or only the deprecated flat one. */
  uriKey: "ui.resourceUri" | "ui/resourceUri";
  /** From resources/list (undefined when the resource is not listed, which the spec allows). */
  mimeType?: string;
  listed: boolean;
  /** `_meta.ui.csp` of the listed resource (resources/read may declare it too; the read wins when rendering). */
  csp?: unknown;
  visibility: Visibility[];
  /** The tool as listed (for the host context's toolInfo and the app's own calls). */
  definition: JsonObject;
  /** Its resource as resources/list gave it (absent when not listed). */
  listing?: JsonObject;
}

/** `_meta.ui.resourceUri`, else the flat key; undefined when neither is a string. */
export function resourceUriOf(tool: JsonObject): { uri: string; key: AppTool["uriKey"] } | undefined {
  const meta = asObject(tool._meta);
  const nested = asObject(meta?.ui)?.resourceUri;
  if (typeof nested === "string") return { uri: nested, key: "ui.resourceUri" };
  const flat = meta?.[LEGACY_RESOURCE_URI_KEY];
  if (typeof flat === "string") return { uri: flat, key: "ui/resourceUri" };
  return undefined;
}

/** `_meta.ui.visibility`, defaulting to both (the spec's default) when absent or malformed. */
export function visibilityOf(tool: JsonObject): Visibility[] {
  const v = asObject(asObject(tool._meta)?.ui)?.visibility;
  if (!Array.isArray(v)) return ["model", "app"];
  return v.filter((x): x is Visibility => x === "model" || x === "app");
}

/** Every listed tool's visibility (not only the tools with an app: `resourceUri` is optional in a tool's `_meta.ui`). */
export function visibilityByTool(tools: unknown[]): ReadonlyMap<string, Visibility[]> {
  const map = new Map<string, Visibility[]>();
  for (const t of tools) {
    const tool = asObject(t);
    if (tool && typeof tool.name === "string") map.set(tool.name, visibilityOf(tool));
  }
  return map;
}

/**
 * Why the host refuses an app's tools/call of `name` (the extension: a host MUST reject a call to a tool whose
 * visibility excludes "app"), or undefined. A name the listing does not know goes to the server, which answers it.
 */
export function appCallRefusal(name: string, visibility: ReadonlyMap<string, Visibility[]>): string | undefined {
  const v = visibility.get(name);
  return v && !v.includes("app")
    ? `${name} is not visible to apps (_meta.ui.visibility ${JSON.stringify(v)})`
    : undefined;
}

export function appToolsOf(tools: unknown[], resources: unknown[]): AppTool[] {
  const byUri = new Map<string, JsonObject>();
  for (const r of resources) {
    const o = asObject(r);
    if (o && typeof o.uri === "string") byUri.set(o.uri, o);
  }
  const apps: AppTool[] = [];
  for (const t of tools) {
    const tool = asObject(t);
    if (!tool || typeof tool.name !== "string") continue;
    const found = resourceUriOf(tool);
    if (!found || !found.uri.startsWith("ui://")) continue;
    const listed = byUri.get(found.uri);
    apps.push({
      tool: tool.name,
      ...(typeof tool.title === "string" ? { title: tool.title } : {}),
      resourceUri: found.uri,
      uriKey: found.key,
      mimeType: typeof listed?.mimeType === "string" ? listed.mimeType : undefined,
      listed: listed !== undefined,
      csp: asObject(asObject(listed?._meta)?.ui)?.csp,
      visibility: visibilityOf(tool),
      definition: tool,
      ...(listed ? { listing: listed } : {}),
    });
  }
  return apps;
}

/** Tools that carry a resourceUri that is not a ui:// URI: shown, never rendered. */
export function nonUiResourceTools(tools: unknown[]): { tool: string; uri: string }[] {
  return tools.flatMap((t) => {
    const tool = asObject(t);
    const found = tool ? resourceUriOf(tool) : undefined;
    return tool && found && !found.uri.startsWith("ui://") ? [{ tool: String(tool.name), uri: found.uri }] : [];
  });
}

/** Does a capabilities object (a server's or a client's) carry the Apps extension? */
export function declaresApps(capabilities: unknown): boolean {
  const ext = asObject(asObject(capabilities)?.extensions);
  return ext !== undefined && Object.hasOwn(ext, APPS_EXTENSION_ID);
}
