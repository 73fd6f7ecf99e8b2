"use client";
/** One task: its state diagram, why it moved, its fields (statusMessage, times, ttl countdown), input, polls, end. */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { say } from "@/lib/i18n/translate";
import { formatFrame } from "@/lib/protocol/meta";
import { formatRemaining, isTerminal, MIN_POLL_MS, ttlRemainingMs } from "@/lib/tasks";
import { Button, inputClass } from "../ui";
import { Card } from "../card";
import { PendingInput } from "./PendingInput";
import { PollTimeline } from "./PollTimeline";
import { StateDiagram } from "./StateDiagram";
import type { TaskControls, TaskEntry } from "./useTasks";

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

export function TaskCard({ entry, controls }: { entry: TaskEntry; controls: TaskControls }) {
  const t = useTranslations();
  const { track } = entry;
  const task = track.task;
  const terminal = task ? isTerminal(task.status) : false;
  const now = useNow(task !== undefined);
  const remaining = task ? ttlRemainingMs(task, now) : null;
  const [override, setOverride] = useState("");
  const askedInPolls =
    track.polls.filter((p) => p.status === "input_required").length + (track.moves[0]?.to === "input_required" ? 1 : 0);
  return (
    <Card
      as="article"
      testId="task-card"
      data={{ taskKey: entry.key, status: task?.status ?? "none", outcome: track.outcome ?? "" }}
      tone="column"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 max-w-full text-sm">
          <code className="font-semibold">{entry.tool}</code>{" "}
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t("tasks.card.on", { target: entry.targetLabel })}
          </span>
          {track.taskId ? (
            // The whole id, wrapped inside the card: it is what tasks/get and a resume need, so it is not cut either.
            <span className="block break-all text-[11px] text-slate-600 dark:text-slate-400">
              taskId <code data-testid="task-id">{track.taskId}</code>
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <label
            className="flex items-center gap-1 text-[11px] text-slate-600 dark:text-slate-300"
            title={t("tasks.card.pollTitle", { min: MIN_POLL_MS })}
          >
            {t("tasks.card.pollEvery")}
            <input
              type="number"
              min={MIN_POLL_MS}
              step={50}
              placeholder={String(task?.pollIntervalMs ?? t("tasks.card.pollServer"))}
              value={override}
              data-testid="task-poll-override"
              className={`${inputClass} w-20`}
              onChange={(e) => {
                setOverride(e.target.value);
                const n = Number(e.target.value);
                controls.setOverride(entry.key, e.target.value.trim() === "" || !Number.isFinite(n) ? undefined : n);
              }}
            />
            ms
          </label>
          <Button
            tone="danger"
            data-testid="task-cancel"
            disabled={!entry.running || !track.taskId || terminal || track.cancelSent}
            onClick={() => controls.cancel(entry.key)}
          >
            {track.cancelSent ? t("tasks.card.cancelSent") : t("tasks.card.cancel")}
          </Button>
          {entry.running || terminal || !track.taskId ? (
            <Button
              data-testid="task-stop"
              disabled={!entry.running}
              onClick={() => controls.stop(entry.key)}
              title={t("tasks.card.stopTitle")}
            >
              {t("tasks.card.stop")}
            </Button>
          ) : (
            <Button
              data-testid="task-resume"
              onClick={() => controls.resume(track.taskId!, entry.tool)}
              title={t("tasks.card.resumeTitle")}
            >
              {t("tasks.card.resume")}
            </Button>
          )}
        </div>
      </header>
      <div className="flex flex-wrap gap-3">
        <StateDiagram current={task?.status} moves={track.moves} />
        {task ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
            <dt className="text-slate-600 dark:text-slate-400">status</dt>
            <dd>
              <code data-testid="task-status">{task.status}</code>
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">statusMessage</dt>
            <dd data-testid="task-status-message" className="whitespace-pre-wrap">
              {task.statusMessage ?? "—"}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">createdAt</dt>
            <dd>{task.createdAt}</dd>
            <dt className="text-slate-600 dark:text-slate-400">lastUpdatedAt</dt>
            <dd>{task.lastUpdatedAt ?? "—"}</dd>
            <dt className="text-slate-600 dark:text-slate-400">ttlMs</dt>
            <dd data-testid="task-ttl">
              {task.ttlMs === null ? "null" : task.ttlMs} ·{" "}
              {remaining !== null && remaining > 0
                ? t("tasks.card.goneIn", { remaining: formatRemaining(remaining, t) })
                : formatRemaining(remaining, t)}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">pollIntervalMs</dt>
            <dd>{task.pollIntervalMs ?? t("tasks.card.clientPicks")}</dd>
          </dl>
        ) : null}
      </div>
      {track.moves.length ? (
        <ol className="flex flex-col gap-0.5 text-xs" aria-label={t("tasks.card.movesLabel")}>
          {track.moves.map((m, i) => (
            <li
              key={i}
              data-testid="task-move"
              data-to={m.to}
              data-via={m.via}
              className={m.legal ? "" : "text-red-700 dark:text-red-300"}
            >
              <code>+{m.atMs - entry.startedAt} ms</code> {m.from ?? t("tasks.card.new")} → <strong>{m.to}</strong>{" "}
              {m.via === "push" ? (
                <span
                  data-testid="task-move-pushed"
                  className="rounded bg-violet-100 px-1 text-violet-900 dark:bg-violet-900 dark:text-violet-100"
                >
                  {t("tasks.card.pushed")}
                </span>
              ) : (
                <span className="text-slate-600 dark:text-slate-400">({m.via})</span>
              )}{" "}
              {say(m.whyMsg, t)}
            </li>
          ))}
        </ol>
      ) : null}
      {track.pending.length && entry.running ? (
        <PendingInput
          key={track.pending.map((p) => p.key).join(",")}
          pending={track.pending}
          askedInPolls={Math.max(1, askedInPolls)}
          onAnswer={(r) => controls.answer(entry.key, r)}
        />
      ) : null}
      <PollTimeline exchanges={track.exchanges} polls={track.polls} startedAt={entry.startedAt} />
      {track.problems.length ? (
        <ul data-testid="task-problems" className="list-disc pl-5 text-xs text-red-700 dark:text-red-300">
          {track.problems.map((p, i) => (
            <li key={i}>{track.problemMsgs[i] ? say(track.problemMsgs[i], t) : p}</li>
          ))}
        </ul>
      ) : null}
      {track.outcome ? (
        <div data-testid="task-outcome" className="text-xs">
          <p>
            <strong>{track.outcome}</strong>: {track.messageMsg ? say(track.messageMsg, t) : track.message}
          </p>
          {track.result ? (
            <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all bg-slate-50 p-1 text-[11px] dark:bg-slate-900">
              {formatFrame(track.result)}
            </pre>
          ) : null}
          {task?.error ? (
            <pre className="whitespace-pre-wrap break-all bg-red-50 p-1 text-[11px] dark:bg-red-950/40">
              {formatFrame(task.error)}
            </pre>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
