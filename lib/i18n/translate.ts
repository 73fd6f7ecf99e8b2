import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import en from "./messages/en.json";
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

/** English, the default every lib function falls back to. */
export const englishT: Translate = makeTranslate("en", en);
