import { useTranslations } from "next-intl";
import { adviceOf, ambiguityOf, modernClientSeesOf } from "@/lib/checks/report";
import type { EraReport } from "@/lib/checks/types";

/** A legacy server's report: its revision, what a 2026-07-28 client meets, and the era-ambiguity check. */
export function EraReportCard({ report, version }: { report: EraReport; version?: string }) {
  const t = useTranslations();
  const who = report.serverInfo?.name
    ? `${report.serverInfo.name} ${report.serverInfo.version ?? ""}`.trim()
    : t("eraCard.thisServer");
  return (
    <section
      data-testid="checks-era-report"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-xs dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 className="text-sm font-semibold text-amber-900 dark:text-amber-100">
        {t("eraCard.heading", { who, revision: report.revision ?? version ?? t("eraCard.unknownRevision") })}
      </h3>
      <p>
        <span className="font-semibold">{t("eraCard.modernSeesLead")}</span>
        {modernClientSeesOf(report, t)}
      </p>
      <p data-testid="checks-era-ambiguity" data-status={report.ambiguity.status}>
        <span className="font-semibold">
          {t("eraCard.ambiguityLead", { status: t(`checks.status.${report.ambiguity.status}`) })}
        </span>
        {ambiguityOf(report, t)}
      </p>
      <p className="text-slate-600 dark:text-slate-300">{adviceOf(report, t)}</p>
    </section>
  );
}
