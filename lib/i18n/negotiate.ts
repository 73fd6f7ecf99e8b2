import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

/**
 * The language of the first paint: the remembered choice when there is one, else the best of the browser's
 * languages (Accept-Language, weights honoured: "bg-BG" → bg), else English.
 */
export function chooseLocale({
  cookie,
  acceptLanguage,
}: {
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage);
}

export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const requested = new Negotiator({ headers: { "accept-language": header } }).languages();
  // "*" and malformed tags are not languages the matcher can read.
  const tags = requested.filter((t) => t !== "*" && isWellFormed(t));
  if (tags.length === 0) return DEFAULT_LOCALE;
  try {
    const found = match(tags, [...LOCALES], DEFAULT_LOCALE, { algorithm: "lookup" });
    return isLocale(found) ? found : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function isWellFormed(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The same choice on a POSIX locale string (LC_ALL / LC_MESSAGES / LANG: "bg_BG.UTF-8" → bg), for the CLI. */
export function localeFromPosix(value: string | undefined): Locale | undefined {
  if (!value) return undefined;
  const lang = value.split(/[_.@]/)[0]?.toLowerCase();
  return isLocale(lang) ? lang : undefined;
}
