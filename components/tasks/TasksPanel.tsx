"use client";
/**
 * The Tasks tab: start a tool call as a task on the current target and watch it move through its states, several
 * at once, while other sends go on. Every poll is a labelled exchange in the timeline too.
 */
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { recordedTasks, RELAXED_POLL_MS } from "@/lib/tasks";
import { doneExchanges, selectTarget } from "@/lib/session/selectors";
import type { PanelProps } from "../playground/types";
import { Button, Checkbox, inputClass, PanelSection } from "../ui";
import { RecordedTasks } from "./RecordedTasks";
import { TaskCard } from "./TaskCard";
import { useTaskPush } from "./useTaskPush";
import { useTasks } from "./useTasks";

const DEMO_TOOLS = ["slow_report", "confirm_booking", "flaky_export", "long_import"] as const;

export function TasksPanel({ state, dispatch, commands, cache }: PanelProps) {
  const t = useTranslations();
  const { entries, start, resume, controls, push } = useTasks(state, commands);
  const [pushOn, setPushOn] = useState(false);
  const pushStatus = useTaskPush(pushOn, entries, state, cache, push);
  const followed = new Set(entries.map((e) => e.track.taskId));
  const recorded = useMemo(() => recordedTasks(doneExchanges(state.entries)), [state.entries]).filter(
    (t) => !followed.has(t.taskId),
  );
  const target = selectTarget(state);
  const [tool, setTool] = useState("slow_report");
  const [args, setArgs] = useState("{}");
  const [declare, setDeclare] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const onStart = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(args.trim() || "{}");
    } catch (e) {
      setProblem(t("tasks.panel.argsNotJson", { reason: (e as Error).message }));
      return;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      setProblem(t("tasks.panel.argsNotObject"));
      return;
    }
    if (!tool.trim()) {
      setProblem(t("tasks.panel.noTool"));
      return;
    }
    setProblem(start({ tool: tool.trim(), arguments: parsed as Record<string, unknown>, declareExtension: declare }));
  };

  return (
    <PanelSection
      label={t("tasks.panel.label")}
      data-testid="tasks-panel"
      title={t("tasks.panel.title")}
      subtitle={t("tasks.panel.subtitle")}
    >
      <div className="flex flex-wrap items-end gap-2 text-xs">
        <label className="flex flex-col gap-0.5">
          {t("tasks.panel.tool")}
          <input
            list="task-demo-tools"
            value={tool}
            data-testid="task-tool"
            className={`${inputClass} w-40`}
            onChange={(e) => setTool(e.target.value)}
          />
          <datalist id="task-demo-tools">
            {DEMO_TOOLS.map((name) => (
              <option key={name} value={name}>
                {t(`tasks.demoTools.${name}`)}
              </option>
            ))}
          </datalist>
        </label>
        <label className="flex flex-col gap-0.5">
          {t("tasks.panel.arguments")}
          <input
            value={args}
            data-testid="task-arguments"
            className={`${inputClass} w-48 font-mono`}
            onChange={(e) => setArgs(e.target.value)}
          />
        </label>
        <Checkbox title={t("tasks.panel.declareTitle")} testId="task-declare" checked={declare} onChange={setDeclare}>
          {t.rich("tasks.panel.declare", { code: (c) => <code>{c}</code> })}
        </Checkbox>
        <Button tone="primary" data-testid="task-start" onClick={onStart}>
          {t("tasks.panel.start")}
        </Button>
        <label
          className="flex items-center gap-1"
          title={t("tasks.panel.pushTitle", { seconds: RELAXED_POLL_MS / 1000 })}
        >
          <input
            type="checkbox"
            role="switch"
            aria-checked={pushOn}
            checked={pushOn}
            data-testid="task-push"
            onChange={(e) => setPushOn(e.target.checked)}
          />
          {t.rich("tasks.panel.push", { code: (c) => <code>{c}</code> })}
        </label>
        <span
          data-testid="task-push-status"
          data-state={pushStatus.state}
          className="text-slate-600 dark:text-slate-300"
        >
          {pushStatus.state === "off"
            ? t("tasks.push.off")
            : pushStatus.state === "listening"
              ? t("tasks.push.listening", { acked: pushStatus.acked.length, pushes: pushStatus.pushes })
              : pushStatus.state === "opening"
                ? t("tasks.push.opening")
                : pushStatus.state === "ended"
                  ? t("tasks.push.ended", { reason: pushStatus.message ?? "?" })
                  : t("tasks.push.waiting", {
                      reason: pushStatus.idle
                        ? t(`tasks.push.idle.${pushStatus.idle}`)
                        : (pushStatus.message ?? t("tasks.push.startOne")),
                    })}
        </span>
      </div>
      {problem ? (
        <p data-testid="task-start-problem" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <RecordedTasks
        tasks={recorded}
        currentLabel={target.kind === "ready" ? target.label : null}
        onResume={(t) => setProblem(resume(t.taskId, t.tool ?? "?"))}
      />
      {entries.length === 0 ? (
        <p
          data-testid="tasks-empty"
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
        >
          {t.rich("tasks.panel.empty", { code: (c) => <code>{c}</code>, em: (c) => <em>{c}</em> })}
          {state.preset.startsWith("tasks-") ? null : (
            <>
              {" "}
              <Button
                data-testid="tasks-use-preset"
                onClick={() => dispatch({ type: "target/choose", preset: "tasks-stdio" })}
              >
                {t("tasks.panel.usePreset")}
              </Button>
            </>
          )}
        </p>
      ) : null}
      {entries.map((entry) => (
        <TaskCard key={entry.key} entry={entry} controls={controls} />
      ))}
    </PanelSection>
  );
}
