import type { AbstractIntlMessages } from "use-intl/core";

let loaded: AbstractIntlMessages | undefined;

/**
 * The page's side of lib/i18n/english.ts: every text on screen goes through the page's own translator, so the English
 * fallback is loaded after the first screen, with the rest of the page's catalogue (components/i18n/LocaleProvider.tsx),
 * not in the first load. Until then a fallback says the key, as next-intl does for a missing message.
 */
export function englishCatalogue(): AbstractIntlMessages | undefined {
  return loaded;
}

export async function loadEnglish(): Promise<void> {
  loaded ??= (await import("./messages/en.json")).default as AbstractIntlMessages;
}
