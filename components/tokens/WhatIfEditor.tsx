"use client";
/** Edit one tool (or the instructions) in place and see the bill change. Nothing is sent to the server. */
import { useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import { catalogueTools, toolName } from "@/lib/tokens/catalogue";
import type { PanelAction, PanelState } from "@/lib/tokens/panel";
import { Button, inputClass } from "../ui";

export function WhatIfEditor({
  state,
  dispatch,
  edited,
}: {
  state: PanelState;
  dispatch: (a: PanelAction) => void;
  edited: boolean;
}) {
  const t = useTranslations();
  const tools = state.catalogue ? catalogueTools(state.catalogue) : [];
  const { subject, text, error } = state.whatIf;
  const value = subject === null ? "" : subject.kind === "instructions" ? "instructions" : String(subject.index);
  const choose = (v: string) =>
    dispatch({
      type: "whatif/select",
      subject: v === "" ? null : v === "instructions" ? { kind: "instructions" } : { kind: "tool", index: Number(v) },
    });
  return (
    <div data-testid="whatif" className="flex flex-col gap-2 rounded border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold">{t("catalogueMenus.whatIf.title")}</span>
        <select
          data-testid="whatif-subject"
          aria-label={t("catalogueMenus.whatIf.subjectLabel")}
          className={inputClass}
          value={value}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">{t("catalogueMenus.whatIf.choose")}</option>
          {tools.map((tool, i) => (
            <option key={i} value={String(i)}>
              {toolName(tool, i)}
            </option>
          ))}
          {state.catalogue?.instructions !== undefined ? (
            <option value="instructions">{t("catalogueMenus.whatIf.instructions")}</option>
          ) : null}
        </select>
        <Button
          tone="primary"
          data-testid="whatif-apply"
          disabled={subject === null}
          onClick={() => dispatch({ type: "whatif/apply" })}
        >
          {t("catalogueMenus.whatIf.apply")}
        </Button>
        <Button data-testid="whatif-reset" disabled={!edited} onClick={() => dispatch({ type: "whatif/reset" })}>
          {t("catalogueMenus.whatIf.reset")}
        </Button>
        {edited ? (
          <span data-testid="whatif-edited" className="text-amber-700 dark:text-amber-400">
            {t("catalogueMenus.whatIf.edited")}
          </span>
        ) : null}
      </div>
      {subject !== null ? (
        <textarea
          data-testid="whatif-text"
          aria-label={t("catalogueMenus.whatIf.textLabel")}
          spellCheck={false}
          className={`${inputClass} h-48 font-mono`}
          value={text}
          onChange={(e) => dispatch({ type: "whatif/text", text: e.target.value })}
        />
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("catalogueMenus.whatIf.help")}</p>
      )}
      {error ? (
        <p data-testid="whatif-error" role="alert" className="text-xs text-red-700 dark:text-red-400">
          {state.whatIf.errorMsg ? say(state.whatIf.errorMsg, t) : error}
        </p>
      ) : null}
    </div>
  );
}
