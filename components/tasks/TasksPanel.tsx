"use client";
/**
 * The Tasks tab: start a tool call as a task on the current target and watch it move through its states, several
 * at once, while other sends go on. Every poll is a labelled exchange in the timeline too.
 */
import { useMemo, useState } from "react";
import { recordedTasks, RELAXED_POLL_MS } from "@/lib/tasks";
import { doneExchanges, selectTarget } from "@/lib/session/selectors";
import type { PanelProps } from "../playground/types";
import { Button, inputClass, PanelSection } from "../ui";
import { RecordedTasks } from "./RecordedTasks";
import { TaskCard } from "./TaskCard";
import { useTaskPush } from "./useTaskPush";
import { useTasks } from "./useTasks";

const DEMO_TOOLS: [string, string][] = [
  ["slow_report", "a few seconds of statusMessage steps, then the result inline"],
  ["confirm_booking", "asks you to confirm mid-task (input_required → tasks/update)"],
  ["flaky_export", "ends failed with a JSON-RPC error"],
  ["long_import", "30 s of work: cancel it"],
];

export function TasksPanel({ state, dispatch, commands, cache }: PanelProps) {
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
      setProblem(`The arguments are not JSON (${(e as Error).message}).`);
      return;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      setProblem('The arguments must be a JSON object, e.g. {"steps": 4}.');
      return;
    }
    if (!tool.trim()) {
      setProblem("Name the tool to call.");
      return;
    }
    setProblem(start({ tool: tool.trim(), arguments: parsed as Record<string, unknown>, declareExtension: declare }));
  };

  return (
    <PanelSection
      label="Tasks"
      data-testid="tasks-panel"
      title="Tasks — long-running tool calls"
      subtitle="2026-07-28 moved tasks into the io.modelcontextprotocol/tasks extension: tools/call answers resultType task, the client polls tasks/get at pollIntervalMs, answers mid-task input with tasks/update and cancels with tasks/cancel. Pick the tasks preset to try it."
    >
      <div className="flex flex-wrap items-end gap-2 text-xs">
        <label className="flex flex-col gap-0.5">
          Tool
          <input
            list="task-demo-tools"
            value={tool}
            data-testid="task-tool"
            className={`${inputClass} w-40`}
            onChange={(e) => setTool(e.target.value)}
          />
          <datalist id="task-demo-tools">
            {DEMO_TOOLS.map(([name, what]) => (
              <option key={name} value={name}>
                {what}
              </option>
            ))}
          </datalist>
        </label>
        <label className="flex flex-col gap-0.5">
          Arguments (JSON)
          <input
            value={args}
            data-testid="task-arguments"
            className={`${inputClass} w-48 font-mono`}
            onChange={(e) => setArgs(e.target.value)}
          />
        </label>
        <label
          className="flex items-center gap-1"
          title="Untick to see the -32021 a server answers when the request does not declare the extension."
        >
          <input
            type="checkbox"
            checked={declare}
            data-testid="task-declare"
            onChange={(e) => setDeclare(e.target.checked)}
          />
          declare <code>io.modelcontextprotocol/tasks</code>
        </label>
        <Button tone="primary" data-testid="task-start" onClick={onStart}>
          Call as a task
        </Button>
        <label
          className="flex items-center gap-1"
          title={`Open subscriptions/listen with notifications.taskIds for the tasks shown: each change arrives as notifications/tasks. Polls then wait ${RELAXED_POLL_MS / 1000} s or more (a safety net).`}
        >
          <input
            type="checkbox"
            role="switch"
            aria-checked={pushOn}
            checked={pushOn}
            data-testid="task-push"
            onChange={(e) => setPushOn(e.target.checked)}
          />
          Push (<code>subscriptions/listen</code> <code>taskIds</code>)
        </label>
        <span
          data-testid="task-push-status"
          data-state={pushStatus.state}
          className="text-slate-600 dark:text-slate-300"
        >
          {pushStatus.state === "off"
            ? "polling only"
            : pushStatus.state === "listening"
              ? `listening: the ack names ${pushStatus.acked.length} task${pushStatus.acked.length === 1 ? "" : "s"}, ${pushStatus.pushes} pushed so far; polls relaxed`
              : pushStatus.state === "opening"
                ? "opening the listen stream…"
                : pushStatus.state === "ended"
                  ? `stream ended (${pushStatus.message ?? "?"})`
                  : `waiting: ${pushStatus.message ?? "start a task"}`}
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
          No task yet. Choose the <em>tasks</em> preset, then call <code>slow_report</code> to watch a task work and
          complete, <code>confirm_booking</code> to answer one mid-flight, <code>flaky_export</code> to see one fail, or{" "}
          <code>long_import</code> to cancel one.
          {state.preset.startsWith("tasks-") ? null : (
            <>
              {" "}
              <Button
                data-testid="tasks-use-preset"
                onClick={() => dispatch({ type: "target/choose", preset: "tasks-stdio" })}
              >
                Use the tasks server (stdio)
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
