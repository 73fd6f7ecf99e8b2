import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { englishCatalogue } from "#english-catalogue";
import type { Locale } from "./locales";

/**
 * How lib/ says things in the reader's language without React: a function from a catalogue key (and ICU values) to
 * text. Every text lives once, in lib/i18n/messages/<locale>.json; lib functions that produce sentences take a
 * Translate (English when none is passed, so the CLI's --json and the unit tests read as before). A component passes
 * next-intl's useTranslations() (the same signature); the CLI passes translatorFor(--lang).
 */
export type TranslateValues = Record<string, string | number | Date>;
export type Translate = (key: string, values?: TranslateValues) => string;
export type Messages = AbstractIntlMessages;

export function makeTranslate(locale: Locale, messages: Messages): Translate {
  const t = createTranslator({ locale, messages, timeZone: "UTC" });
  return (key, values) => t(key as never, values as never);
}

let english: { messages: Messages; t: Translate } | undefined;
/**
 * English, the default every lib function falls back to. Made on its first use, not when the module loads: the
 * embedded servers' startup snapshots (scripts/build-servers.mjs) load this module, and a V8 snapshot cannot hold the
 * native parts of a translator's Intl formatters ("Unknown external reference"). In the page the catalogue arrives
 * after the first screen (lib/i18n/english.browser.ts); until then the key is said, as for a missing message.
 */
export const englishT: Translate = (key, values) => {
  const messages = englishCatalogue();
  if (!messages) return key;
  if (english?.messages !== messages) english = { messages, t: makeTranslate("en", messages) };
  return english.t(key, values);
};

/**
 * A sentence kept as its key and values, for texts that outlive the moment they were made (a probe verdict, a
 * check result, an annotation kept in the session): the page says it in the language chosen now, and a switch
 * re-says it. A value may itself be a Msg (a clause inside a sentence). Values are plain data: they go into
 * saved sessions and links.
 */
export interface Msg {
  key: string;
  values?: Record<string, string | number | Msg>;
}

export function msg(key: string, values?: Msg["values"]): Msg {
  return values ? { key, values } : { key };
}

export function isMsg(value: unknown): value is Msg {
  return typeof value === "object" && value !== null && typeof (value as Msg).key === "string";
}

/** A Msg in the given language (English by default), its clauses first. */
export function say(m: Msg, t: Translate = englishT): string {
  if (!m.values) return t(m.key);
  const values: TranslateValues = {};
  for (const [k, v] of Object.entries(m.values)) values[k] = isMsg(v) ? say(v, t) : v;
  return t(m.key, values);
}
