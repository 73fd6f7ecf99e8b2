"use client";
import { useTranslations } from "next-intl";
import { LANGUAGE_NAMES, LOCALES, isLocale } from "@/lib/i18n/locales";
import { useLocaleChoice } from "./LocaleProvider";

/** The header's language choice: each language named in itself; remembered in this browser. */
export function LanguageChoice() {
  const t = useTranslations();
  const { locale, choose } = useLocaleChoice();
  return (
    <label className="flex items-center gap-1 text-xs">
      <span className="text-slate-600 dark:text-slate-300">{t("header.language")}</span>
      <select
        data-testid="lang-select"
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void choose(e.target.value);
        }}
        className="rounded border border-slate-300 bg-white px-1 py-0.5 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
