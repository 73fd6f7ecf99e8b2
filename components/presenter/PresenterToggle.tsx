"use client";
import { useTranslations } from "next-intl";
import { setPresenting, usePresenting } from "./presenter-store";

/** One switch for a projector: larger type, a collapsed header, the tabs on one row, the newest card in view. */
export function PresenterToggle() {
  const t = useTranslations();
  const on = usePresenting();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-testid="presenter-toggle"
      title={t("presenter.title")}
      onClick={() => setPresenting(!on)}
      className={`rounded border px-2 py-0.5 text-xs font-medium ${
        on
          ? "border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-400 dark:text-slate-950"
          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      }`}
    >
      {on ? t("presenter.labelOn") : t("presenter.label")}
    </button>
  );
}
