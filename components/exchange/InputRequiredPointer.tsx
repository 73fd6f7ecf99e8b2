"use client";
import { useTranslations } from "next-intl";
/** On an input_required card: what the server asks for, in one line, and where to answer it. */
import type { Exchange } from "@/lib/bridge/contract";
import { inputRequiredResult, requestedInputsLine } from "@/lib/session/mrtr-pointer";
import { showPanel } from "../playground/panel-bus";
import { Button } from "../ui";

export function InputRequiredPointer({ exchange }: { exchange: Exchange }) {
  const t = useTranslations();
  const result = inputRequiredResult(exchange);
  if (!result) return null;
  return (
    <div
      data-testid="input-required-pointer"
      className="flex flex-wrap items-center gap-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <span className="font-semibold">{t("pointer.inputRequired")}</span>
      <span data-testid="input-required-line" className="min-w-0 flex-1 break-words">
        {requestedInputsLine(result, t)}
      </span>
      <Button
        tone="primary"
        data-testid="answer-in-mrtr"
        onClick={() => showPanel("mrtr")}
        title={t("pointer.answerTitle")}
      >
        {t("pointer.answer")}
      </Button>
    </div>
  );
}
