/**
 * The playground's languages: the chapter's two (Bulgarian, Russian) and English, the default for every other
 * browser language. The bottom layer of lib/: pure, importable by every other layer (eslint.config.mjs).
 */
export const LOCALES = ["en", "bg", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that remembers the header's choice (read by the server for the first paint; links carry no language). */
export const LOCALE_COOKIE = "playground-lang";

/** Each language named in itself, as the header's choice lists it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", bg: "Български", ru: "Русский" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
