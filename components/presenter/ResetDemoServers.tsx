"use client";
/**
 * Reset demo servers, for the start of a class: the embedded servers' state outlives sessions and tabs (their
 * processes are kept up), so this closes their processes and puts their state back to a first start, after a
 * confirmation that says what it does. The timeline is not touched.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Translate } from "@/lib/i18n/translate";
import type { ResetDemoReport } from "@/lib/bridge/contract";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";

function summary(r: ResetDemoReport, t: Translate): string {
  const parts = [
    r.closed.length ? t("reset.closed", { names: r.closed.join(", ") }) : t("reset.noneRunning"),
    t("reset.calendarBack", { dropped: r.calendarEvents ?? 0 }),
  ];
  if (r.handleCalendars) parts.push(t("reset.handles", { count: r.handleCalendars }));
  if (r.taskEvents) parts.push(t("reset.tasks", { count: r.taskEvents }));
  return t("reset.done", { parts: parts.join("; ") });
}

export function ResetDemoServers({ commands }: Pick<PanelProps, "commands">) {
  const t = useTranslations();
  const [phase, setPhase] = useState<
    | { kind: "idle" }
    | { kind: "confirm" }
    | { kind: "running" }
    | { kind: "done"; report: ResetDemoReport }
    | { kind: "failed"; message: string }
  >({
    kind: "idle",
  });
  const reset = async () => {
    setPhase({ kind: "running" });
    const reply = await commands.api<ResetDemoReport>("bridge/reset-demo", { confirm: true });
    setPhase(reply.ok ? { kind: "done", report: reply.value } : { kind: "failed", message: reply.message });
    // The process line of the current target tells the truth again.
    void commands.process("status");
  };
  return (
    <div className="relative flex items-center gap-2">
      <Button
        data-testid="reset-demo-servers"
        aria-expanded={phase.kind === "confirm"}
        onClick={() => setPhase({ kind: "confirm" })}
        disabled={phase.kind === "running"}
      >
        {t("reset.button")}
      </Button>
      {phase.kind === "confirm" ? (
        <div
          role="alertdialog"
          aria-labelledby="reset-demo-title"
          aria-describedby="reset-demo-what"
          data-testid="reset-demo-confirm"
          onKeyDown={(e) => e.key === "Escape" && setPhase({ kind: "idle" })}
          className="absolute right-0 top-full z-30 mt-1 w-80 rounded border border-amber-400 bg-white p-3 text-xs text-slate-800 shadow-lg dark:bg-slate-900 dark:text-slate-100"
        >
          <p id="reset-demo-title" className="font-semibold">
            {t("reset.confirmTitle")}
          </p>
          <p id="reset-demo-what" className="mt-1">
            {t("reset.confirmWhat")}
          </p>
          <div className="mt-2 flex gap-2">
            <Button tone="danger" data-testid="reset-demo-confirm-yes" autoFocus onClick={() => void reset()}>
              {t("reset.confirmYes")}
            </Button>
            <Button onClick={() => setPhase({ kind: "idle" })}>{t("common.cancel")}</Button>
          </div>
        </div>
      ) : null}
      {phase.kind === "running" || phase.kind === "done" || phase.kind === "failed" ? (
        <p
          role="status"
          data-testid="reset-demo-status"
          data-ok={phase.kind === "running" ? undefined : String(phase.kind === "done")}
          className="max-w-md text-xs text-slate-700 dark:text-slate-300"
        >
          {phase.kind === "running"
            ? t("reset.running")
            : phase.kind === "done"
              ? summary(phase.report, t)
              : t("reset.failed", { message: phase.message })}
        </p>
      ) : null}
    </div>
  );
}
