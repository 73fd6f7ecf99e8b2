"use client";
import { useTranslations } from "next-intl";
/**
 * The experiments lab: pick or edit a script, choose conditions, run — one column per condition, verdicts
 * computed from the frames, and a diff. Runs only on an explicit click (the lab spawns processes).
 * The state is lib/lab/panel.ts's reducer, fed by useLab; these components render it.
 */
import { LAB_LIMITS } from "@/lib/lab/conditions";
import { canRun } from "@/lib/lab/panel";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { scriptWords } from "@/lib/lab/scripts/words";
import type { PanelProps } from "../playground/types";
import { TabSection } from "../playground/TabSection";
import { Button, Menu } from "../ui";
import { LabConditions, LabScriptEditor } from "./LabScript";
import { LabNotices, LabResults } from "./LabResults";
import { useLab } from "./useLab";

/** The heading's actions: the experiment to run (a built-in one, or the linked one), its link, and Run. */
function LabActions({ lab }: { lab: ReturnType<typeof useLab> }) {
  const t = useTranslations();
  const { state, dispatch, parsed } = lab;
  return (
    <>
      <Menu
        label={t("lab.experiment")}
        testId="lab-script"
        value={state.scriptId}
        onChange={(id) => dispatch({ type: "script/chosen", id })}
      >
        {state.scriptId === "" ? <option value="">{t("lab.fromLinkOption")}</option> : null}
        {BUILT_IN_SCRIPTS.map((s) => (
          <option key={s.id} value={s.id}>
            {scriptWords((s.script as { title: string }).title, t)}
          </option>
        ))}
      </Menu>
      <Button
        data-testid="lab-copy-link"
        disabled={!parsed.ok}
        onClick={() => void lab.copyLink()}
        title={t("lab.copyLinkTitle")}
      >
        {t("lab.copyLink")}
      </Button>
      <Button tone="primary" data-testid="lab-run" disabled={!canRun(state, parsed)} onClick={() => void lab.start()}>
        {state.run.status === "running" ? t("lab.running") : t("lab.run")}
      </Button>
    </>
  );
}

export function LabPanel({ commands }: PanelProps) {
  const t = useTranslations();
  const lab = useLab({ commands });
  const { state, dispatch, parsed } = lab;
  const { run } = state;
  return (
    <TabSection tab="lab" data-testid="lab" actions={<LabActions lab={lab} />}>
      <LabNotices state={state} dispatch={dispatch} confirm={lab.confirm} />
      {/* Results first: the verdicts are what the user ran it for; the script and conditions follow. */}
      <LabResults state={state} />
      {parsed.ok ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">{scriptWords(parsed.script.description, t)}</p>
      ) : null}
      <LabConditions conditions={state.conditions} dispatch={dispatch} />
      <LabScriptEditor state={state} dispatch={dispatch} parsed={parsed} onSubmit={() => void lab.start()} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("lab.bounds", {
          column: LAB_LIMITS.maxRunMs / 1000,
          step: LAB_LIMITS.stepTimeoutMs / 1000,
          max: LAB_LIMITS.maxConditions,
        })}
      </p>
      {run.status === "idle" ? (
        <p
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
          data-testid="lab-empty"
        >
          {t("lab.empty")}
        </p>
      ) : null}
    </TabSection>
  );
}
