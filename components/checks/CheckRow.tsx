"use client";
import { useTranslations } from "next-intl";
import { REBINDING_HOST } from "@/lib/checks/checks/shared";
import { specUrl } from "@/lib/checks/define";
import type { RowView } from "@/lib/checks/panel";
import { say } from "@/lib/i18n/translate";
import { Button } from "../ui";
import { Card } from "../card";

export const STATUS_STYLE: Record<string, string> = {
  pass: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200",
  fail: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-200",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  skip: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
  "not-testable": "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
  running: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-200",
  waiting: "bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400",
};

/** One check: status, level, rule, and — once run — the sentence on what was found, its spec page and frames. */
export function CheckRow({
  row,
  links,
  busy,
  onRerun,
  onShow,
}: {
  row: RowView;
  links: { sendId: string; seq: number }[];
  busy: boolean;
  onRerun: () => void;
  onShow: (sendId: string) => void;
}) {
  const t = useTranslations();
  const status = row.state === "done" ? row.result.status : row.state;
  const titleKey = `checks.title.${row.id}`;
  return (
    <Card as="li" testId="check-row" data={{ checkId: row.id, status, level: row.level }} tone="row">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`w-16 rounded px-1.5 py-0.5 text-center font-semibold uppercase ${STATUS_STYLE[status]}`}>
          {t(`checks.status.${status}`)}
        </span>
        <span className="font-mono font-semibold">{row.id}</span>
        <span
          className={`rounded px-1 font-mono text-[11px] ${row.level === "MUST" ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900" : "border border-slate-300 dark:border-slate-600"}`}
        >
          {row.level}
        </span>
        <span className="flex-1 text-slate-800 dark:text-slate-100">
          {t.has(titleKey) ? t(titleKey, { host: REBINDING_HOST }) : row.title}
        </span>
        <Button data-testid="check-rerun" disabled={busy} onClick={onRerun} title={t("checks.rerunTitle")}>
          {t("checks.rerun")}
        </Button>
      </div>
      {row.state === "done" ? (
        <div className="mt-1 space-y-1 pl-[4.5rem]">
          <p
            data-testid="check-detail"
            data-blocked={row.result.blocked ? "true" : undefined}
            className="text-slate-700 dark:text-slate-200"
          >
            {row.result.blocked ? <span className="font-semibold">{t("checks.couldNotRun")}</span> : null}
            {row.result.detailMsg ? say(row.result.detailMsg, t) : row.result.detail}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-slate-600 dark:text-slate-400">
            <a
              className="underline"
              href={row.result.specUrl ?? specUrl(row.result.spec)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {row.result.specRef}
            </a>
            {links.length ? <span>{t("checks.frames")}</span> : null}
            {links.map((l) => (
              <button
                key={l.sendId}
                type="button"
                data-testid="check-evidence"
                data-send-id={l.sendId}
                className="font-mono text-blue-700 underline dark:text-blue-300"
                onClick={() => onShow(l.sendId)}
                title={t("checks.showExchange")}
              >
                #{l.seq}
              </button>
            ))}
          </p>
        </div>
      ) : null}
    </Card>
  );
}
