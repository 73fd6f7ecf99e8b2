/**
 * The CLI's language for its human output: `--lang bg|ru|en` (taken out of argv before a command parses it), else
 * the environment's locale (LC_ALL, LC_MESSAGES, LANG: "bg_BG.UTF-8" → bg), else English. `--json` stays in
 * English: a record is for programs.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@/lib/i18n/locales";
import { localeFromPosix } from "@/lib/i18n/negotiate";
import { translatorFor } from "@/lib/i18n/catalogues";
import type { Translate } from "@/lib/i18n/translate";

let chosen: Locale = DEFAULT_LOCALE;

export class LangUsageError extends Error {}

/** Removes --lang <x> / --lang=<x> from argv and remembers the language (or the environment's). */
export function takeLang(argv: string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const rest: string[] = [];
  let asked: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--lang") {
      asked = argv[++i];
      if (asked === undefined) throw new LangUsageError(`--lang needs a language: ${LOCALES.join(", ")}`);
    } else if (arg.startsWith("--lang=")) asked = arg.slice("--lang=".length);
    else rest.push(arg);
  }
  if (asked !== undefined && !isLocale(asked))
    throw new LangUsageError(`--lang ${JSON.stringify(asked)} is not one of ${LOCALES.join(", ")}`);
  chosen =
    (asked as Locale | undefined) ??
    localeFromPosix(env.LC_ALL) ??
    localeFromPosix(env.LC_MESSAGES) ??
    localeFromPosix(env.LANG) ??
    DEFAULT_LOCALE;
  return rest;
}

export function cliLocale(): Locale {
  return chosen;
}

/** The translator for the CLI's human output. */
export function cliT(): Translate {
  return translatorFor(chosen);
}
