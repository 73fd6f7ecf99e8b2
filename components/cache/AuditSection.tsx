"use client";
import type { AuditRow } from "@/lib/cache/rules";
import type { CacheSessionState } from "@/lib/cache/state";
import { Button } from "../ui";
import { ViolationLines } from "./Violations";

function outcome(row: AuditRow): string {
  switch (row.outcome.kind) {
    case "answered":
      return row.outcome.badge.kind === "cacheable"
        ? row.outcome.badge.summary
        : row.outcome.badge.kind === "not-cached"
          ? `not cached: ${row.outcome.badge.explanation}`
          : "no hints";
    case "error":
      return `error ${row.outcome.code ?? ""} ${row.outcome.message}`;
    case "failed":
      return `failed: ${row.outcome.message}`;
  }
}

/** For server authors: are the cache hints of every cacheable method present and right? */
export function AuditSection({
  audit,
  disabled,
  onRun,
}: {
  audit: CacheSessionState["audit"];
  disabled: string | null;
  onRun: () => void;
}) {
  const report = audit.report;
  return (
    <section
      data-testid="cache-audit"
      aria-label="Check cache hints"
      className="space-y-2 rounded border border-slate-200 p-2 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold">Check this server&apos;s cache hints</h3>
        <Button
          data-testid="cache-audit-run"
          disabled={audit.running || disabled !== null}
          title={disabled ?? "server/discover, the four lists (page by page) and the first resource's read"}
          onClick={onRun}
        >
          {audit.running ? "Checking…" : "Check all cacheable methods"}
        </Button>
        {report ? (
          <span
            data-testid="cache-audit-summary"
            className={`text-xs ${report.errors ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}
          >
            {audit.targetLabel}: {report.errors} error{report.errors === 1 ? "" : "s"}, {report.warnings} warning
            {report.warnings === 1 ? "" : "s"}
          </span>
        ) : null}
      </div>
      {audit.error ? (
        <p role="alert" className="text-xs text-red-700">
          {audit.error}
        </p>
      ) : null}
      {report ? (
        <ul className="space-y-0.5 text-[11px]">
          {report.rows.map((row, i) => (
            <li key={i} data-testid="cache-audit-row" data-method={row.method}>
              <code>
                {row.method}
                {typeof row.params.cursor === "string" ? ` cursor=${row.params.cursor}` : ""}
                {typeof row.params.uri === "string" ? ` ${row.params.uri}` : ""}
              </code>{" "}
              — {outcome(row)}
              {row.outcome.kind === "answered" ? <ViolationLines violations={row.outcome.violations} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
