"use client";
import { useTranslations } from "next-intl";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";

/** Why the last Send did not go out, and what to do about it. */
export function SendProblem({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const problem = state.sendProblem;
  if (!problem) return null;
  return (
    <div
      data-testid="send-problem"
      data-kind={problem.kind}
      className="flex flex-wrap items-start gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1 whitespace-pre-wrap">{problem.message}</p>
      {problem.kind === "not-json" ? (
        <Button data-testid="send-anyway" onClick={() => void commands.send({ insist: true })}>
          {t("editor.sendAnyway")}
        </Button>
      ) : null}
      <Button onClick={() => dispatch({ type: "send/dismissProblem" })}>{t("common.dismiss")}</Button>
    </div>
  );
}
