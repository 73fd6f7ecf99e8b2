"use client";
/**
 * Tasks the session's exchanges mention but no card follows: opened from a share link or a session file, or
 * created by hand in the editor. Each keeps its id and last state; Resume polls it again (a task id outlives the
 * page, and on the tasks demo even the server process).
 */
import { useTranslations } from "next-intl";
import type { RecordedTask } from "@/lib/tasks";
import { Button } from "../ui";
import { Card } from "../card";

export function RecordedTasks({
  tasks,
  currentLabel,
  onResume,
}: {
  tasks: RecordedTask[];
  currentLabel: string | null;
  onResume(t: RecordedTask): void;
}) {
  const t = useTranslations();
  if (tasks.length === 0) return null;
  return (
    <Card as="section" label={t("tasks.recorded.label")} tone="row" className="flex flex-col gap-1">
      <h3 className="font-semibold text-slate-800 dark:text-slate-100">{t("tasks.recorded.heading")}</h3>
      <ul className="flex flex-col gap-1">
        {tasks.map((task) => {
          const here = currentLabel === task.targetLabel;
          return (
            <li
              key={task.taskId}
              data-testid="task-recorded"
              data-task-id={task.taskId}
              data-status={task.lastStatus ?? ""}
              className="flex flex-wrap items-center gap-2"
            >
              <code>{task.tool ?? "?"}</code>
              <span className="max-w-[16rem] truncate text-slate-600 dark:text-slate-400" title={task.taskId}>
                {task.taskId}
              </span>
              <span>
                {t.rich("tasks.recorded.lastSeen", {
                  status: task.lastStatus ?? t("tasks.recorded.unknown"),
                  strong: (c) => <strong>{c}</strong>,
                })}
                {task.statusMessage ? ` — ${task.statusMessage}` : ""}
                {task.wire === "legacy" ? ` ${t("tasks.recorded.legacyWire")}` : ""}
              </span>
              <Button
                data-testid="task-recorded-resume"
                disabled={!here || task.wire === "legacy"}
                title={
                  here ? t("tasks.recorded.resumeTitle") : t("tasks.recorded.elsewhere", { target: task.targetLabel })
                }
                onClick={() => onResume(task)}
              >
                {t("tasks.card.resume")}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
