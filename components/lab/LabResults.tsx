"use client";
/** The Lab panel's notices (a link opened or made, a command waiting for confirmation) and its results. */
import { useLocale, useTranslations } from "next-intl";
import type { Dispatch } from "react";
import type { Target } from "@/lib/bridge/contract";
import type { LabAction, LabState } from "@/lib/lab/panel";
import { spawnConfirmation } from "@/lib/share/live";
import { LinkInput } from "../share/LinkField";
import { RunLiveDialog } from "../share/RunLiveDialog";
import { LabColumnView } from "./LabColumnView";
import { LabDiff } from "./LabDiff";

export function LabNotices({
  state,
  dispatch,
  confirm,
}: {
  state: LabState;
  dispatch: Dispatch<LabAction>;
  confirm: (target: Target) => void;
}) {
  const t = useTranslations();
  const { fromLink, confirming, shareLink } = state;
  const confirmation = confirming ? spawnConfirmation(confirming) : null;
  return (
    <>
      {fromLink?.kind === "ok" ? (
        <p
          className="rounded border border-blue-300 bg-blue-50 p-2 text-xs text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200"
          data-testid="lab-from-link"
        >
          {t("lab.fromLink")}
        </p>
      ) : null}
      {fromLink?.kind === "error" ? (
        <p className="text-xs text-red-700 dark:text-red-300" data-testid="lab-link-error">
          {t("lab.linkError", { reason: fromLink.reason })}
        </p>
      ) : null}
      {confirming && confirmation ? (
        <RunLiveDialog
          target={confirming}
          confirmation={confirmation}
          asker={t("lab.asker")}
          confirmLabel={t("lab.confirm")}
          onCancel={() => dispatch({ type: "confirm/cancelled" })}
          onConfirm={confirm}
        />
      ) : null}
      {shareLink ? <LinkInput url={shareLink} testId="lab-link" label={t("lab.linkLabel")} /> : null}
    </>
  );
}

export function LabResults({ state }: { state: LabState }) {
  const t = useTranslations();
  const locale = useLocale();
  const { run, restoredAt } = state;
  return (
    <>
      {run.status === "error" ? (
        <p className="text-sm text-red-700 dark:text-red-300" data-testid="lab-error">
          {t("lab.error", { message: run.message })}
        </p>
      ) : null}
      {run.status === "done" && restoredAt !== null ? (
        <p data-testid="lab-restored" className="text-xs text-slate-500">
          {t("lab.restored", {
            time: new Date(restoredAt).toLocaleTimeString(locale === "en" ? "en-GB" : locale, {
              hour: "2-digit",
              minute: "2-digit",
            }),
          })}
        </p>
      ) : null}
      {run.status === "done" ? (
        <>
          <div className="grid gap-3 xl:grid-cols-2">
            {run.report.columns.map((column) => (
              <LabColumnView key={column.condition} column={column} />
            ))}
          </div>
          <LabDiff report={run.report} />
        </>
      ) : null}
    </>
  );
}
