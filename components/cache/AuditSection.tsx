"use client";
import { badgeText, notCacheableExplanation } from "@/lib/cache/rules";
import type { Translate } from "@/lib/i18n/translate";
import { useTranslations } from "next-intl";
import type { AuditRow } from "@/lib/cache/rules";
import type { CacheSessionState } from "@/lib/cache/state";
import { Button } from "../ui";
import { Card } from "../card";
import { ViolationLines } from "./Violations";

/** The row's answer in the reader's language: the hints are said again from what was read (the report keeps English). */
function outcome(row: AuditRow, t: Translate): string {
  switch (row.outcome.kind) {
    case "answered":
      return row.outcome.badge.kind === "cacheable"
        ? badgeText(row.outcome.badge.hints, t)
        : row.outcome.badge.kind === "not-cached"
          ? t("cache.audit.notCached", { why: notCacheableExplanation(row.outcome.badge.reason, t) })
          : t("cache.audit.noHints");
    case "error":
      return t("cache.audit.error", { code: row.outcome.code ?? "", message: row.outcome.message });
    case "failed":
      return t("cache.audit.failed", { message: row.outcome.message });
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
  const t = useTranslations();
  const report = audit.report;
  return (
    <Card as="section" testId="cache-audit" label={t("cache.audit.label")} tone="section">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold">{t("cache.audit.heading")}</h3>
        <Button
          data-testid="cache-audit-run"
          disabled={audit.running || disabled !== null}
          title={disabled ?? t("cache.audit.runTitle")}
          onClick={onRun}
        >
          {audit.running ? t("cache.audit.running") : t("cache.audit.run")}
        </Button>
        {report ? (
          <span
            data-testid="cache-audit-summary"
            className={`text-xs ${report.errors ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}
          >
            {t("cache.audit.summary", {
              target: audit.targetLabel ?? "",
              errors: report.errors,
              warnings: report.warnings,
            })}
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
              — {outcome(row, t)}
              {row.outcome.kind === "answered" ? <ViolationLines violations={row.outcome.violations} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
