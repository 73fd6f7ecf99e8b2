"use client";
import { useTranslations } from "next-intl";
import type { RunState } from "./useCollectionRun";

/** Where the current run of saved frames is: running n of N, finished, or stopped and why. */
export function RunStatus({ run }: { run: NonNullable<RunState> }) {
  const t = useTranslations();
  return (
    <p
      role="status"
      data-testid="collection-run-status"
      data-status={run.status}
      className={`rounded p-2 text-xs ${run.status === "stopped" ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"}`}
    >
      {run.status === "running"
        ? t("saved.run.running", { name: run.name, done: run.done, total: run.total })
        : run.status === "finished"
          ? t("saved.run.finished", { name: run.name, total: run.total })
          : t("saved.run.stopped", { name: run.name, why: run.why ?? "" })}
    </p>
  );
}
