"use client";
/** The Lab panel's conditions to run under and its script editor (with the script's parse error). */
import { useTranslations } from "next-intl";
import type { Dispatch } from "react";
import { CONDITION_IDS, type ConditionId } from "@/lib/lab/conditions";
import type { LabAction, LabState } from "@/lib/lab/panel";
import type { ParseScriptResult } from "@/lib/lab/script";
import { LazyEditor } from "../editor/LazyEditor";
import { Checkbox } from "../ui";

export function LabConditions({ conditions, dispatch }: { conditions: ConditionId[]; dispatch: Dispatch<LabAction> }) {
  const t = useTranslations();
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="lab-conditions">
      <legend className="mb-1 font-medium">{t("lab.conditions")}</legend>
      {CONDITION_IDS.map((id) => (
        <Checkbox
          key={id}
          title={t(`lab.cond.${id}.explain`)}
          testId={`lab-condition-${id}`}
          checked={conditions.includes(id)}
          onChange={() => dispatch({ type: "condition/toggled", id })}
        >
          {t(`lab.cond.${id}.label`)}
        </Checkbox>
      ))}
    </fieldset>
  );
}

export function LabScriptEditor({
  state,
  dispatch,
  parsed,
  onSubmit,
}: {
  state: LabState;
  dispatch: Dispatch<LabAction>;
  parsed: ParseScriptResult;
  onSubmit: () => void;
}) {
  const t = useTranslations();
  return (
    <details className="text-xs">
      <summary className="cursor-pointer">{t("lab.scriptSummary")}</summary>
      <div
        className="mt-1 h-72 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
        data-testid="lab-script-editor"
      >
        <LazyEditor
          value={state.text}
          valueVersion={state.textVersion}
          onChange={(text) => dispatch({ type: "text/edited", text })}
          onSubmit={onSubmit}
          path="lab-script.json"
          ariaLabel={t("lab.editorLabel")}
        />
      </div>
      {!parsed.ok ? (
        <p className="text-red-700 dark:text-red-300" data-testid="lab-script-error">
          {parsed.error}
        </p>
      ) : null}
    </details>
  );
}
