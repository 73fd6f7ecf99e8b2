"use client";
import { useTranslations } from "next-intl";
import { THEME_CHOICES } from "@/lib/a11y/theme";
import { setThemeChoice, useThemeChoice } from "./theme-store";

/** Three-way theme choice (radio buttons, so arrows move between them); remembered across reloads. */
export function ThemeChoice() {
  const t = useTranslations();
  const choice = useThemeChoice();
  return (
    <fieldset className="flex items-center gap-1 text-xs" data-testid="theme-choice" data-choice={choice}>
      <legend className="sr-only">{t("theme.legend")}</legend>
      <span aria-hidden className="text-slate-600 dark:text-slate-300">
        {t("theme.label")}
      </span>
      <div className="flex overflow-hidden rounded border border-slate-300 dark:border-slate-600">
        {THEME_CHOICES.map((c) => (
          <label
            key={c}
            // The old one-button toggle's test id, kept on the choice that does what it did.
            data-testid={c === "dark" ? "dark-toggle" : undefined}
            className="cursor-pointer px-2 py-0.5 text-slate-700 has-checked:bg-slate-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:text-slate-200 dark:has-checked:bg-slate-200 dark:has-checked:text-slate-900"
          >
            <input
              type="radio"
              name="theme"
              value={c}
              checked={choice === c}
              onChange={() => setThemeChoice(c)}
              className="sr-only"
              data-testid={`theme-${c}`}
            />
            {t(`theme.${c}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
