import bg from "./messages/bg.json";
import en from "./messages/en.json";
import ru from "./messages/ru.json";
import type { Locale } from "./locales";
import { makeTranslate, type Messages, type Translate } from "./translate";

/**
 * Every catalogue at once, for the CLI and the catalogue check. The page never imports this: the server hands the
 * page its one catalogue, and a switch loads the next one on demand (components/i18n/LocaleProvider.tsx).
 */
export const CATALOGUES: Record<Locale, Messages> = { en, bg, ru };

export function translatorFor(locale: Locale): Translate {
  return makeTranslate(locale, CATALOGUES[locale]);
}
