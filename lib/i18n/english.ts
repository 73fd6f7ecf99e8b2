import en from "./messages/en.json";
import type { AbstractIntlMessages } from "use-intl/core";

/**
 * The English catalogue the lib functions fall back to when no translator is passed (lib/i18n/translate.ts englishT):
 * on the server, in the CLI and the tests, it is here at once. The page's bundle gets english.browser.ts instead
 * (package.json "imports" #english-catalogue, browser condition), so that the first load does not carry the whole
 * English catalogue (issue 46).
 */
export function englishCatalogue(): AbstractIntlMessages | undefined {
  return en;
}

/** Nothing to load here: the catalogue is part of this module. */
export async function loadEnglish(): Promise<void> {}
