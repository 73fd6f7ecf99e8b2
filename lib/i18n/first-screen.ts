import type { AbstractIntlMessages } from "use-intl/core";

/**
 * The catalogue's parts the first screen can say (a namespace, or a dotted path inside one): the page's HTML carries
 * only these (app/layout.tsx), the rest of the catalogue follows once the page is up (components/i18n/LocaleProvider.tsx)
 * and every lazily loaded tab waits for it. tests/unit/i18n/first-screen.test.ts holds this list to the keys the first
 * screen's code names (issue 46: en's whole catalogue was 235 KB of every page's HTML).
 */
export const FIRST_SCREEN_PATHS: readonly string[] = [
  "announce",
  "args",
  "badge",
  "cache",
  "cacheListen",
  "card",
  "checksMore.emulation",
  "common",
  "editor",
  "envelope",
  "era",
  "errors.code",
  "explain.loading",
  "feed",
  "header",
  "headerNotes",
  "linkBanner",
  "meta",
  "mrtr.waitingTitle",
  "playground",
  "pointer",
  "presenter",
  "probeSteps",
  "process",
  "reset",
  "runLive",
  "savedSession",
  "share",
  "shareTools",
  "signin",
  "tabs",
  "target",
  "templates",
  "theme",
  "timeline",
];

/** The parts of `messages` under `paths` (a path that is not there is skipped). */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const p of paths) {
    const parts = p.split(".");
    let from: AbstractIntlMessages | string | undefined = messages;
    for (const part of parts) from = typeof from === "object" ? from[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) {
      const existing = into[part];
      into = (into[part] = typeof existing === "object" ? existing : {}) as AbstractIntlMessages;
    }
    into[parts[parts.length - 1]] = from;
  }
  return picked;
}
