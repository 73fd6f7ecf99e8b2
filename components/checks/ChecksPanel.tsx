"use client";
/** The Checks tab: run the 2026-07-28 conformance suite against the current target, in the timeline. */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { countsOf, evidenceLinks, rowsOf } from "@/lib/checks/panel";
import { discoveryFailureOf, probeReason } from "@/lib/checks/report";
import { emulationText } from "@/lib/protocol/emulation";
import { EmulationFields } from "../editor/EmulationFields";
import type { ToolCallPolicy } from "@/lib/checks/types";
import type { PanelProps } from "../playground/types";
import { Button, Checkbox, PanelHeading, inputClass } from "../ui";
import { CheckRow } from "./CheckRow";
import { DoctorCard } from "./DoctorCard";
import { ChecksExport } from "./ChecksExport";
import { ChecksShare } from "./ChecksShare";
import { SharedRun } from "./SharedRun";
import { useViewer } from "../share/viewer-store";
import { EraReportCard } from "./EraReportCard";
import { useChecks } from "./useChecks";
import { useDoctor, type DoctorState } from "./useDoctor";

const POLICIES: ToolCallPolicy[] = ["read-only", "all", "none"];

/** What Diagnose found (its card) or why it stopped; nothing before it has run or while it runs. */
function DoctorOutcome({ doctor, httpUrl }: { doctor: DoctorState; httpUrl?: string }) {
  const t = useTranslations();
  if (doctor.phase === "done")
    return <DoctorCard diagnosis={doctor.diagnosis} endedProcess={doctor.endedProcess} httpUrl={httpUrl} />;
  if (doctor.phase !== "error") return null;
  return (
    <p data-testid="doctor-error" className="text-xs text-red-700 dark:text-red-300">
      {t("doctor.card.stopped", { message: doctor.message })}
    </p>
  );
}

export function ChecksPanel({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const { checks, run, policy, setPolicy, emulate, setEmulate, view } = useChecks({ state, dispatch, commands });
  const [problemsOnly, setProblemsOnly] = useState(false);
  const { doctor, diagnose } = useDoctor({ state, commands });
  // A run opened from a link shows until this page runs its own.
  const viewer = useViewer();
  const shared = viewer.kind === "open" && checks.phase === "idle" ? viewer.share.checks : undefined;
  const transport = view.kind === "ready" ? view.transport : "stdio";
  const rows = rowsOf(checks, transport);
  const counts = countsOf(rows);
  const running = checks.phase === "running";
  const report = checks.report;
  // A protected server without a token is unreachable for the protocol checks, yet its authorization checks ran.
  const legacy = report?.era === "unreachable" && report.checks.length === 0;
  const stale = checks.targetKey !== undefined && view.kind === "ready" && checks.targetKey !== view.key;
  // Unreachable yet with results: a protected server, of which only the authorization checks ran.
  const ran = report?.era === "unreachable" && !running ? rows.filter((r) => r.state === "done") : rows;
  const shown = problemsOnly
    ? ran.filter((r) => r.state !== "done" || r.result.status === "fail" || r.result.status === "warn")
    : ran;

  return (
    <section
      className="flex flex-col gap-2"
      aria-label={t("tabs.checks")}
      data-testid="checks-panel"
      data-phase={checks.phase}
    >
      <PanelHeading title={t("checks.panel.title")} subtitle={t("checks.panel.subtitle")}>
        <select
          data-testid="checks-policy"
          className={inputClass}
          value={policy}
          onChange={(e) => setPolicy(e.target.value as ToolCallPolicy)}
          aria-label={t("checks.panel.policyLabel")}
        >
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {t(`checks.panel.policy.${p}`)}
            </option>
          ))}
        </select>
        <Button
          tone="primary"
          data-testid="checks-run"
          disabled={running || view.kind !== "ready"}
          onClick={() => void run()}
        >
          {running
            ? checks.current
              ? t("checks.panel.running", { check: checks.current })
              : t("checks.panel.probing")
            : t("checks.panel.run")}
        </Button>
        <Button
          data-testid="doctor-run"
          disabled={doctor.phase === "running" || running || view.kind !== "ready"}
          onClick={() => void diagnose()}
          title={t("doctor.card.runTitle")}
        >
          {doctor.phase === "running" ? t("doctor.card.running") : t("doctor.card.run")}
        </Button>
      </PanelHeading>

      <fieldset
        data-testid="checks-emulation"
        className="flex flex-wrap items-center gap-3 text-xs text-slate-600 dark:text-slate-300"
      >
        <legend className="sr-only">{t("checks.panel.emulationLegend")}</legend>
        <span>{t("checks.panel.emulationLead")}</span>
        <EmulationFields value={emulate} onChange={setEmulate} testIdPrefix="emulate" explain={false} />
        <span data-testid="checks-emulation-shared" className="text-slate-600 dark:text-slate-300">
          {t("checks.panel.emulationShared")}
        </span>
      </fieldset>
      {view.kind !== "ready" ? <p className="text-xs text-red-700 dark:text-red-300">{view.problem}</p> : null}
      {stale ? (
        <p data-testid="checks-stale" className="text-xs text-amber-700 dark:text-amber-300">
          {t("checks.panel.stale", { target: checks.targetLabel ?? "" })}
        </p>
      ) : null}
      <DoctorOutcome
        doctor={doctor}
        httpUrl={view.kind === "ready" && view.target.kind === "http" ? view.target.url : undefined}
      />
      {checks.phase === "error" ? (
        <p data-testid="checks-error" className="text-xs text-red-700 dark:text-red-300">
          {t("checks.panel.stopped", { message: checks.error ?? "" })}
        </p>
      ) : null}

      {report ? (
        <p data-testid="checks-era" data-era={report.era} className="text-xs text-slate-600 dark:text-slate-300">
          {t("checks.panel.era")} <span className="font-semibold">{report.era}</span>
          {report.version ? ` (${report.version})` : ""} — {probeReason(report, t)}
        </p>
      ) : null}
      {report && !running ? (
        <p data-testid="checks-score" data-score={report.score} className="text-sm">
          {t("checks.panel.score")} <span className="font-semibold">{report.score}/100</span>{" "}
          <span className="text-xs text-slate-600 dark:text-slate-300">{t("checks.panel.scoreRule")}</span>
        </p>
      ) : null}
      {report && !running ? (
        <div className="flex flex-wrap items-center gap-2">
          <ChecksExport report={report} />
          <ChecksShare report={report} state={state} />
        </div>
      ) : null}
      {report?.emulate ? (
        <p data-testid="checks-emulated" className="text-xs text-slate-600 dark:text-slate-300">
          {t("checks.panel.emulating", { emulation: emulationText(report.emulate, t) })}
        </p>
      ) : null}
      {report?.discoveryFailure ? (
        <p data-testid="checks-discovery-failure" className="text-xs text-red-700 dark:text-red-300">
          {t("checks.panel.discoveryBroken", { failure: discoveryFailureOf(report, t) })}
        </p>
      ) : null}
      {report?.eraReport ? <EraReportCard report={report.eraReport} version={report.version} /> : null}

      {!legacy && (report || running) ? (
        <>
          <div
            data-testid="checks-summary"
            data-passed={counts.pass}
            data-failed={counts.fail}
            data-warned={counts.warn}
            data-skipped={counts.skip}
            className="flex flex-wrap items-center gap-3 text-xs"
          >
            <span className="text-emerald-700 dark:text-emerald-300">
              {t("checks.panel.passed", { n: counts.pass })}
            </span>
            <span className="text-red-700 dark:text-red-300">
              {t("checks.panel.failed", { n: counts.fail, must: counts.mustFailed })}
            </span>
            <span className="text-amber-700 dark:text-amber-300">{t("checks.panel.warned", { n: counts.warn })}</span>
            <span className="text-slate-600 dark:text-slate-400">{t("checks.panel.skipped", { n: counts.skip })}</span>
            {counts["not-testable"] ? (
              <span className="text-slate-600 dark:text-slate-400">
                {t("checks.panel.notTestable", { n: counts["not-testable"] })}
              </span>
            ) : null}
            {report && report.era !== "unreachable" ? (
              <span data-testid="checks-score" className="text-slate-700 dark:text-slate-200">
                {t("checks.panel.scoreLine", {
                  score: report.score,
                  applied: report.coverage.applied,
                  total: report.coverage.total,
                })}
              </span>
            ) : null}
            <Checkbox
              className="ml-auto"
              testId="checks-problems-only"
              checked={problemsOnly}
              onChange={setProblemsOnly}
            >
              {t("checks.panel.problemsOnly")}
            </Checkbox>
          </div>
          <ol className="flex flex-col gap-1">
            {shown.map((row) => (
              <CheckRow
                key={row.id}
                row={row}
                busy={running || view.kind !== "ready"}
                links={row.state === "done" ? evidenceLinks(row.result.evidence, state.entries) : []}
                onRerun={() => void run([row.id])}
                onShow={(sendId) => dispatch({ type: "timeline/focus", sendId })}
              />
            ))}
          </ol>
        </>
      ) : null}

      {shared ? <SharedRun run={shared} /> : null}
      {checks.phase === "idle" && !shared ? (
        <p
          data-testid="checks-empty"
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
        >
          {view.kind === "ready"
            ? t("checks.panel.empty", {
                transport: transport === "http" ? "Streamable HTTP" : "stdio",
                target: view.label,
              })
            : t("checks.panel.emptyNoTarget", { transport: transport === "http" ? "Streamable HTTP" : "stdio" })}
        </p>
      ) : null}
    </section>
  );
}
