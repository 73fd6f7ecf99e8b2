"use client";
/** Export the run on screen as the CLI writes it: `check --json` (JSON) and `check --junit` (JUnit XML, for CI). */
import { useTranslations } from "next-intl";
import { cliJsonText, reportFileName, toJunit } from "@/lib/checks/report";
import type { CheckReport } from "@/lib/checks/types";
import { downloadText } from "../share/download";
import { Button } from "../ui";

export function ChecksExport({ report }: { report: CheckReport }) {
  const t = useTranslations();
  return (
    <div
      role="group"
      aria-label={t("checksMore.export.label")}
      data-testid="checks-export"
      className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300"
    >
      <span>{t("checksMore.export.lead")}</span>
      <Button
        data-testid="checks-export-json"
        onClick={() => downloadText(reportFileName(report, "json"), cliJsonText(report), "application/json")}
      >
        JSON
      </Button>
      <Button
        data-testid="checks-export-junit"
        onClick={() => downloadText(reportFileName(report, "xml"), toJunit(report), "application/xml")}
      >
        JUnit XML
      </Button>
    </div>
  );
}
