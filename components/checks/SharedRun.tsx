"use client";
/**
 * A Checks run opened from a share link: the verdicts and the frames that prove them, read-only. Nothing is sent;
 * every string from the link is rendered as text, and only spec pages become links (lib/share/check-run.ts).
 */
import { useTranslations } from "next-intl";
import { checkTitleIn } from "@/lib/checks/report";
import { isSpecLink, type SharedCheckRun } from "@/lib/share/check-run";
import { Card } from "../card";
import { STATUS_STYLE } from "./CheckRow";

const bold = (chunks: React.ReactNode) => <span className="font-semibold">{chunks}</span>;
const mono = (chunks: React.ReactNode) => <span className="font-mono">{chunks}</span>;

/** The sharer's probe reason and details stay as the link carries them (English); the chrome and the titles are said here. */
export function SharedRun({ run }: { run: SharedCheckRun }) {
  const t = useTranslations();
  const when = run.finishedAt ? new Date(run.finishedAt).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "";
  return (
    <section
      data-testid="checks-shared-run"
      aria-label={t("checksMore.shared.label")}
      className="flex flex-col gap-2 rounded border border-blue-200 p-2 dark:border-blue-800"
    >
      <p className="text-sm">
        {when
          ? t.rich("checksMore.shared.headingAt", { b: bold, mono, target: run.target, when })
          : t.rich("checksMore.shared.heading", { b: bold, mono, target: run.target })}
      </p>
      <p data-testid="checks-shared-note" className="text-xs text-slate-600 dark:text-slate-300">
        {t("checksMore.shared.note", { run: t("checks.panel.run") })}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t("checks.panel.era")} <span className="font-semibold">{run.era}</span>
        {run.version ? ` (${run.version})` : ""} — {run.probe}
      </p>
      <p data-testid="checks-shared-score" data-score={run.score} className="text-sm">
        {t("checks.panel.score")}{" "}
        {t.rich("checksMore.shared.score", {
          b: bold,
          score: run.score,
          applied: run.coverage.applied,
          total: run.coverage.total,
          passed: run.passed,
          failed: run.failed,
          must: run.mustFailed,
          warned: run.warned,
          skipped: run.skipped,
        })}
        {run.notTestable ? t("checksMore.shared.notTestable", { n: run.notTestable }) : ""}
      </p>
      <ol className="flex flex-col gap-1">
        {run.checks.map((c) => (
          <SharedCheck key={c.id} check={c} />
        ))}
      </ol>
    </section>
  );
}

/** One shared check: its status, id, level and title, what it found, its spec reference and the frames it read. */
function SharedCheck({ check: c }: { check: SharedCheckRun["checks"][number] }) {
  const t = useTranslations();
  return (
    <Card as="li" testId="checks-shared-row" data={{ checkId: c.id, status: c.status }} tone="row">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`w-16 rounded px-1.5 py-0.5 text-center font-semibold uppercase ${STATUS_STYLE[c.status]}`}>
          {c.status}
        </span>
        <span className="font-mono font-semibold">{c.id}</span>
        <span className="rounded border border-slate-300 px-1 font-mono text-[11px] dark:border-slate-600">
          {c.level}
        </span>
        <span className="flex-1 text-slate-800 dark:text-slate-100">{checkTitleIn(c.id, c.title, t)}</span>
      </div>
      <div className="mt-1 space-y-1 pl-[4.5rem]">
        <p className="text-slate-700 dark:text-slate-200">
          {c.blocked ? <span className="font-semibold">{t("checks.couldNotRun")}</span> : null}
          {c.detail}
        </p>
        {isSpecLink(c.specUrl) ? (
          <a
            className="text-slate-600 underline dark:text-slate-400"
            href={c.specUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {c.specRef ?? c.specUrl}
          </a>
        ) : c.specRef ? (
          <p className="text-slate-600 dark:text-slate-400">{c.specRef}</p>
        ) : null}
        {c.evidence.length ? (
          <details open={c.status === "fail" || c.status === "warn"}>
            <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
              {t("checksMore.shared.frames", { n: c.evidence.length })}
            </summary>
            <ol className="mt-1 flex flex-col gap-0.5">
              {c.evidence.map((f, i) => (
                <li key={i} data-testid="checks-shared-frame" data-direction={f.direction}>
                  <pre className="whitespace-pre-wrap break-all rounded bg-slate-50 p-1 font-mono text-[11px] dark:bg-slate-900">
                    {f.direction === "sent" ? "→ " : "← "}
                    {f.frame}
                  </pre>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </Card>
  );
}
