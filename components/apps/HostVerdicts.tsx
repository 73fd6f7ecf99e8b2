"use client";
/**
 * The Apps doctor's answer, the host matrix: per host, would the app render, and why (with the timeline cards that
 * show it), and the facts it rests on, each with its source and the date it was checked.
 */
import { useTranslations } from "next-intl";
import type { AppsCheckResult } from "@/lib/apps/checks";
import type { HostVerdict } from "@/lib/apps/doctor";
import { hostLabel } from "@/lib/apps/hosts";
import { say } from "@/lib/i18n/translate";
import { Card } from "../card";
import { JudgedCheckList } from "../checks/JudgedCheckList";

const TONE: Record<HostVerdict["verdict"], string> = {
  renders: "text-green-800 dark:text-green-300",
  degraded: "text-amber-800 dark:text-amber-300",
  unknown: "text-slate-700 dark:text-slate-300",
  blank: "text-red-700 dark:text-red-300",
};

export function HostVerdicts({ verdicts, checks }: { verdicts: HostVerdict[]; checks: AppsCheckResult[] }) {
  const t = useTranslations();
  return (
    <section aria-label={t("apps.doctor.label")} className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold text-slate-800 dark:text-slate-200">{t("apps.doctor.heading")}</h3>
      <ul className="flex flex-col gap-2">
        {verdicts.map((v) => (
          <Card as="li" key={v.host} testId="apps-verdict" data={{ host: v.host, verdict: v.verdict }} tone="row">
            <p className="font-medium text-slate-900 dark:text-slate-100">
              {hostLabel({ id: v.host, label: v.label }, t)}:{" "}
              <span className={TONE[v.verdict]}>{t(`apps.doctor.verdict.${v.verdict}`)}</span>
            </p>
            <details data-testid="apps-verdict-facts" className="text-slate-700 dark:text-slate-300">
              <summary>{t("apps.matrix.facts")}</summary>
              <ul className="ml-4 list-disc">
                {v.facts.map((f) => (
                  <li key={f.fact} data-fact={f.fact} data-checked={f.checked}>
                    {t(`apps.matrix.fact.${f.fact}`)}: {say(f.textMsg, t)}
                  </li>
                ))}
              </ul>
            </details>
            <ul className="ml-4 list-disc">
              {v.reasons.map((r, i) => (
                <li key={i} data-code={r.code} className="text-slate-700 dark:text-slate-300">
                  <code>{r.code}</code> {r.detailMsg ? say(r.detailMsg, t) : r.detail}
                  {r.evidence?.length ? (
                    <span className="text-slate-600 dark:text-slate-400">
                      {t("apps.doctor.timeline", { list: r.evidence.join("; ") })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </ul>
      <h3 className="text-xs font-semibold text-slate-800 dark:text-slate-200">{t("apps.doctor.checks")}</h3>
      <JudgedCheckList checks={checks} testId="apps-check" rowClassName="text-slate-800 dark:text-slate-200" />
    </section>
  );
}
