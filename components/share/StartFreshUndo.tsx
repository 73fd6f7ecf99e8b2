"use client";
/**
 * After Start fresh: what was cleared, and Undo. An undo rather than a confirmation: the click stays one click for
 * the user who meant it, and the one who did not gets everything back (editor, target, timeline) instead of having
 * to read a dialog first. Offered until something new is sent (Undo would then throw that away).
 */
import { useTranslations } from "next-intl";
import { Button } from "../ui";

export function StartFreshUndo({
  exchanges,
  onUndo,
  onDismiss,
}: {
  exchanges: number;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const t = useTranslations();
  return (
    <div
      role="status"
      data-testid="start-fresh-done"
      className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <span className="min-w-0 flex-1">{t("shareTools.fresh.done", { exchanges })}</span>
      <Button tone="primary" data-testid="start-fresh-undo" onClick={onUndo} title={t("shareTools.fresh.undoTitle")}>
        {t("shareTools.fresh.undo")}
      </Button>
      <Button data-testid="start-fresh-dismiss" onClick={onDismiss}>
        {t("shareTools.fresh.ok")}
      </Button>
    </div>
  );
}
