"use client";
/** The connection doctor's answer: each rung tried, the broken one with what happened and what to do. */
import { useTranslations } from "next-intl";
import type { Diagnosis } from "@/lib/doctor/ladder";
import { say, type Msg } from "@/lib/i18n/translate";
import { openAuthFor } from "../auth/open-auth";
import { Button } from "../ui";

/** `httpUrl`: the target's URL when it is a custom HTTP one (a 401 then offers the Auth tab with it filled in). */
export function DoctorCard({
  diagnosis,
  httpUrl,
  endedProcess = false,
}: {
  diagnosis: Diagnosis;
  httpUrl?: string;
  endedProcess?: boolean;
}) {
  const t = useTranslations();
  // A diagnosis kept from before the translation has only its English.
  const said = (m: Msg | undefined, english: string) => (m ? say(m, t) : english);
  const healthy = !diagnosis.brokenAt;
  return (
    <div
      data-testid="doctor-result"
      data-broken-at={diagnosis.brokenAt ?? ""}
      className={`rounded border p-2 text-xs ${healthy ? "border-emerald-300 dark:border-emerald-700" : "border-red-300 dark:border-red-700"}`}
    >
      <p className="font-semibold">{said(diagnosis.summaryMsg, diagnosis.summary)}</p>
      <ol className="mt-1 space-y-1">
        {diagnosis.rungs.map((r, i) => (
          <li
            key={i}
            data-testid="doctor-rung"
            data-rung={r.rung}
            data-ok={r.ok ? "true" : "false"}
            data-problem={r.problem ?? ""}
          >
            <span
              className={
                r.ok ? "text-emerald-700 dark:text-emerald-300" : "font-semibold text-red-700 dark:text-red-300"
              }
            >
              {r.ok ? t("doctor.card.ok") : t("doctor.card.broken")}
            </span>{" "}
            <span className="font-mono">{r.rung}</span>: {said(r.detailMsg, r.detail)}
            {r.advice ? (
              <p data-testid="doctor-advice" className="pl-4 text-slate-700 dark:text-slate-200">
                {t("doctor.text.whatToDo", { advice: said(r.adviceMsg, r.advice) })}
              </p>
            ) : null}
            {r.problem === "http-401" ? (
              <Button data-testid="doctor-open-auth" className="ml-4" onClick={() => openAuthFor(httpUrl)}>
                {t("auth.openTab")}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {endedProcess ? (
        <p data-testid="doctor-ended-process" className="mt-1">
          {t("doctor.card.endedProcess")}
        </p>
      ) : null}
    </div>
  );
}
