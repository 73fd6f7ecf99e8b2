"use client";
import { useTranslations } from "next-intl";
/** Accept / Decline / Cancel for an elicitation, with which one is chosen. */
import type { ElicitAction } from "@/lib/protocol/mrtr";
import { Button } from "../ui";

export function ElicitActions({
  k,
  chosen,
  acceptLabel,
  onChoose,
}: {
  k: string;
  chosen: ElicitAction | null;
  acceptLabel?: string;
  onChoose(action: ElicitAction): void;
}) {
  const t = useTranslations();
  const labels: [ElicitAction, string][] = [
    ["accept", acceptLabel ?? t("mrtr.accept")],
    ["decline", t("mrtr.decline")],
    ["cancel", t("common.cancel")],
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      {labels.map(([action, label]) => (
        <Button
          key={action}
          tone={action === "accept" ? "primary" : "neutral"}
          data-testid={`mrtr-${action}-${k}`}
          aria-pressed={chosen === action}
          className={chosen === action ? "ring-2 ring-blue-400" : ""}
          onClick={() => onChoose(action)}
        >
          {label}
        </Button>
      ))}
      {chosen ? (
        <span className="text-xs text-slate-600 dark:text-slate-300">{t("mrtr.answerIs", { action: chosen })}</span>
      ) : null}
    </div>
  );
}

export function Problem({ text }: { text: string | null }) {
  return text ? <p className="text-xs text-amber-800 dark:text-amber-300">{text}</p> : null;
}
