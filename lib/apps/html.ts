/**
 * What an app's HTML shows without running it: whether it is an HTML document, which extension messages its own
 * code names (ui/initialize, ui/notifications/size-changed, ui/resource-teardown), the external origins it loads
 * (scripts, stylesheets, images, frames) and the display modes it declares in a literal `availableDisplayModes`
 * array. Code loaded from elsewhere cannot be read here, so the checks that read the code skip such an app. Pure.
 */
import type { McpUiDisplayMode } from "./ui-types";

export interface AppHtmlFacts {
  isDocument: boolean;
  /** Which extension messages the document's own code names. */
  speaks: { initialize: boolean; sizeChanged: boolean; teardown: boolean };
  /** Absolute http(s) URLs of <script src>, each once. */
  externalScripts: string[];
  /** Origins the document loads from (src/href of script, link, img, iframe, source, video, audio), each once. */
  externalOrigins: { origin: string; tag: string }[];
  /** Modes named in a literal `availableDisplayModes: [...]` (undefined when none is written as a literal). */
  displayModes?: McpUiDisplayMode[];
}

const MODES: readonly McpUiDisplayMode[] = ["inline", "fullscreen", "pip"];
const LOADS = /<(script|link|img|iframe|source|video|audio)\b[^>]*?\s(?:src|href)\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi;

/** The origin of an absolute URL, or undefined. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function appHtmlFacts(html: string): AppHtmlFacts {
  const isDocument = /^\s*(<!--[\s\S]*?-->\s*)*<!doctype html/i.test(html) || /<html[\s>]/i.test(html);
  const scripts = new Set<string>();
  const origins = new Map<string, string>();
  for (const m of html.matchAll(LOADS)) {
    const tag = m[1].toLowerCase();
    const origin = originOf(m[2]);
    if (!origin) continue;
    if (tag === "script") scripts.add(m[2]);
    if (!origins.has(origin)) origins.set(origin, tag);
  }
  const literal = /availableDisplayModes["']?\s*:\s*\[([^\]]*)\]/.exec(html);
  const displayModes = literal ? MODES.filter((mode) => new RegExp(`["']${mode}["']`).test(literal[1])) : undefined;
  return {
    isDocument,
    speaks: {
      initialize: html.includes("ui/initialize"),
      sizeChanged: html.includes("ui/notifications/size-changed"),
      teardown: html.includes("ui/resource-teardown"),
    },
    externalScripts: [...scripts],
    externalOrigins: [...origins].map(([origin, tag]) => ({ origin, tag })),
    ...(displayModes && displayModes.length > 0 ? { displayModes } : {}),
  };
}

/** Does a declared origin pattern (https://*.example.com, https://cdn.example.com:8443) cover an origin? */
export function originCovered(origin: string, declared: readonly string[]): boolean {
  return declared.some((d) => {
    if (d === origin) return true;
    const wild = /^([a-z]+:\/\/)\*\.(.+)$/i.exec(d);
    if (!wild) return false;
    return origin.startsWith(wild[1]) && origin.endsWith(`.${wild[2]}`);
  });
}
