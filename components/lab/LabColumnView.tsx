/** One condition's column: its process lanes, and its steps — verdicts first, in plain words. */
import { useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import type { LabColumn } from "@/lib/lab/report";
import { scriptWords } from "@/lib/lab/scripts/words";
import { Card } from "../card";

const OUTCOME_TONE: Record<string, string> = {
  survived:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  kept: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  lost: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  broken: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  undetermined:
    "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200",
};

export function LabColumnView({ column }: { column: LabColumn }) {
  const t = useTranslations();
  const { run } = column;
  const known = `lab.cond.${column.condition}` as const;
  return (
    <Card as="article" testId={`lab-column-${column.condition}`} tone="column">
      <header>
        <h3 className="text-sm font-semibold">{t.has(`${known}.label`) ? t(`${known}.label`) : column.label}</h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t.has(`${known}.explain`) ? t(`${known}.explain`) : column.explain}
        </p>
      </header>
      {column.error ? (
        <p className="text-xs text-red-700 dark:text-red-300">{t("lab.couldNotRun", { error: column.error })}</p>
      ) : null}
      {run ? (
        <>
          {run.verdicts.map((verdict, i) => (
            <p
              key={i}
              className={`rounded border p-1.5 text-xs font-medium ${OUTCOME_TONE[verdict.outcome]}`}
              data-testid="lab-verdict"
              data-outcome={verdict.outcome}
            >
              {verdict.textMsg ? say(verdict.textMsg, t) : verdict.text}
            </p>
          ))}
          {run.lanes.length === 0 ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">{t("lab.noPids")}</p>
          ) : null}
          <ul className="flex flex-wrap gap-1 text-xs" data-testid="lab-lanes" aria-label={t("lab.lanesLabel")}>
            {run.lanes.map((lane) => (
              <li
                key={lane.pid}
                className="rounded bg-slate-100 px-1.5 py-0.5 font-mono dark:bg-slate-800"
                data-testid="lab-lane"
              >
                {t("lab.lane", { lane: lane.lane, pid: lane.pid })}
              </li>
            ))}
          </ul>
          <ol className="flex flex-col gap-1 text-xs">
            {run.steps.map((step) => (
              <li
                key={step.stepId}
                className="rounded bg-slate-50 p-1.5 dark:bg-slate-900"
                data-testid="lab-step"
                data-status={step.status}
              >
                <div className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {step.stepId} · {scriptWords(step.label, t)}
                  </span>
                  <span className="text-slate-600 dark:text-slate-400">
                    {step.lane ? t("lab.stepLane", { lane: step.lane, pid: String(step.pid) }) : null}
                    {step.spawnToFirstByteMs !== undefined
                      ? t("lab.firstByte", { ms: Math.round(step.spawnToFirstByteMs) })
                      : null}
                    {step.exchange?.process?.exit
                      ? t("lab.exit", {
                          code: String(step.exchange.process.exit.code ?? step.exchange.process.exit.signal),
                        })
                      : null}
                  </span>
                </div>
                <div className="break-all font-mono">{step.summaryMsg ? say(step.summaryMsg, t) : step.summary}</div>
                {step.reason && step.status !== "ok" ? (
                  <div className="text-red-700 dark:text-red-300">
                    {step.status}: {step.reason}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Card>
  );
}
