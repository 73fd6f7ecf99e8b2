import type { EraReport } from "@/lib/checks/types";

/** A legacy server's report: its revision, what a 2026-07-28 client meets, and the era-ambiguity check. */
export function EraReportCard({ report, version }: { report: EraReport; version?: string }) {
  const who = report.serverInfo?.name
    ? `${report.serverInfo.name} ${report.serverInfo.version ?? ""}`.trim()
    : "This server";
  return (
    <section
      data-testid="checks-era-report"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-xs dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 className="text-sm font-semibold text-amber-900 dark:text-amber-100">
        {who} is a legacy server ({report.revision ?? version ?? "unknown revision"}): the 2026-07-28-only checks do not
        apply; the rules its revision shares are judged below
      </h3>
      <p>
        <span className="font-semibold">What a modern client sees: </span>
        {report.modernClientSees}
      </p>
      <p data-testid="checks-era-ambiguity" data-status={report.ambiguity.status}>
        <span className="font-semibold">Era ambiguity ({report.ambiguity.status}): </span>
        {report.ambiguity.detail}
      </p>
      <p className="text-slate-600 dark:text-slate-300">{report.advice}</p>
    </section>
  );
}
