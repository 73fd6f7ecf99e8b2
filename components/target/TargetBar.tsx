"use client";
import { useTranslations } from "next-intl";
import { PRESETS, REPLAY_GROUP, selectTarget, targetHasProcess, type PresetId } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, inputClass } from "../ui";
import { Card } from "../card";
import { CustomHttpForm, CustomStdioForm } from "./CustomTargetForm";
import { ProcessPanel } from "./ProcessPanel";
import { SessionChip, VerdictBadge } from "./VerdictBadge";

/** Which server the frame goes to, what the probe said about it, and its process. */
export function TargetBar({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const presetLabel = (p: (typeof PRESETS)[number]) =>
    p.id === "custom-stdio"
      ? t("target.customStdio")
      : p.id === "custom-http"
        ? t("target.customHttp")
        : p.target?.kind === "replay"
          ? t("target.replayOf", { name: p.target.cassette })
          : p.label;
  const view = selectTarget(state);
  const key = view.kind === "ready" ? view.key : null;
  const verdict = key ? state.verdicts[key] : undefined;
  const session = key ? state.sessions[key] : undefined;
  return (
    <Card
      as="section"
      testId="target-bar"
      label={t("target.sectionLabel")}
      tone="raised"
      className="flex flex-col gap-2"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {/* min-w-0: the longest preset name must not push a phone-width page sideways; the select shrinks instead. */}
        <label className="flex min-w-0 max-w-full items-center gap-2 font-semibold text-slate-800 dark:text-slate-100">
          {t("target.label")}
          <select
            data-testid="target-select"
            className={`${inputClass} min-w-0 max-w-full`}
            value={state.preset}
            onChange={(e) => dispatch({ type: "target/choose", preset: e.target.value as PresetId })}
          >
            {PRESETS.filter((p) => !p.group).map((p) => (
              <option key={p.id} value={p.id}>
                {presetLabel(p)}
              </option>
            ))}
            <optgroup label={t("target.replayGroup")}>
              {PRESETS.filter((p) => p.group === REPLAY_GROUP).map((p) => (
                <option key={p.id} value={p.id}>
                  {presetLabel(p)}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        {view.kind === "ready" ? (
          <code data-testid="target-label" className="text-slate-600 dark:text-slate-300">
            {view.label}
          </code>
        ) : (
          <span data-testid="target-problem" className="text-amber-700 dark:text-amber-300">
            {view.problem}
          </span>
        )}
        <Button
          data-testid="probe"
          disabled={view.kind !== "ready" || verdict?.status === "running"}
          onClick={() => void commands.probe()}
          title={t("target.probeTitle")}
        >
          {t("target.probe")}
        </Button>
        <VerdictBadge verdict={verdict} />
        {session && key ? (
          <SessionChip session={session} onForget={() => dispatch({ type: "session/forget", targetKey: key })} />
        ) : null}
      </div>
      {state.preset === "custom-stdio" ? <CustomStdioForm state={state} dispatch={dispatch} /> : null}
      {state.preset === "custom-http" ? <CustomHttpForm state={state} dispatch={dispatch} /> : null}
      {view.kind === "ready" && targetHasProcess(view.target) ? (
        <ProcessPanel view={state.processes[view.key]} commands={commands} targetKey={view.key} />
      ) : null}
    </Card>
  );
}
