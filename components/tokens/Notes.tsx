"use client";
import { useTranslations } from "next-intl";
/** The words around the numbers: which catalogue was measured, how the numbers relate, and whose text this is. */
import type { Bill } from "@/lib/tokens/bill";
import { describeMeasured } from "@/lib/tokens/measured";

export function MeasuredNote({
  bill,
  sourceLabel,
  currentLabel,
}: {
  bill: Bill;
  sourceLabel?: string;
  currentLabel?: string;
}) {
  const t = useTranslations();
  const lines = describeMeasured(bill.measured, bill.tools, t);
  return (
    <div
      data-testid="measured-note"
      className="flex flex-col gap-1 rounded bg-slate-50 p-2 text-xs text-slate-700 dark:bg-slate-800/60 dark:text-slate-300"
    >
      <p className="font-semibold">
        {sourceLabel ? t("tokens.measured.titleOf", { source: sourceLabel }) : t("tokens.measured.title")}
      </p>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      {sourceLabel && currentLabel && sourceLabel !== currentLabel ? (
        <p data-testid="measured-other-target" className="text-amber-700 dark:text-amber-400">
          {t("tokens.measured.otherTarget", { current: currentLabel, source: sourceLabel })}
        </p>
      ) : null}
    </div>
  );
}

export function HowCounted() {
  const t = useTranslations();
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className="cursor-pointer">{t("tokens.how.summary")}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{t.rich("tokens.how.one", { em: (chunks) => <em>{chunks}</em> })}</li>
        <li>{t("tokens.how.two")}</li>
        <li>{t("tokens.how.three")}</li>
        <li>{t("tokens.how.four")}</li>
      </ul>
    </details>
  );
}

export function SecurityNote() {
  const t = useTranslations();
  return (
    <aside
      data-testid="security-note"
      className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {t.rich("tokens.security", { strong: (chunks) => <strong>{chunks}</strong> })}
    </aside>
  );
}
