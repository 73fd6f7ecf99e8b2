"use client";
/**
 * Tasks the session's exchanges mention but no card follows: opened from a share link or a session file, or
 * created by hand in the editor. Each keeps its id and last state; Resume polls it again (a task id outlives the
 * page, and on the tasks demo even the server process).
 */
import type { RecordedTask } from "@/lib/tasks";
import { Button } from "../ui";

export function RecordedTasks({
  tasks,
  currentLabel,
  onResume,
}: {
  tasks: RecordedTask[];
  currentLabel: string | null;
  onResume(t: RecordedTask): void;
}) {
  if (tasks.length === 0) return null;
  return (
    <section
      aria-label="Tasks recorded in this session"
      className="flex flex-col gap-1 rounded border border-slate-200 p-2 text-xs dark:border-slate-700"
    >
      <h3 className="font-semibold text-slate-800 dark:text-slate-100">
        Tasks in this session&apos;s exchanges (timeline, link or session file)
      </h3>
      <ul className="flex flex-col gap-1">
        {tasks.map((t) => {
          const here = currentLabel === t.targetLabel;
          return (
            <li
              key={t.taskId}
              data-testid="task-recorded"
              data-task-id={t.taskId}
              data-status={t.lastStatus ?? ""}
              className="flex flex-wrap items-center gap-2"
            >
              <code>{t.tool ?? "?"}</code>
              <span className="max-w-[16rem] truncate text-slate-600 dark:text-slate-400" title={t.taskId}>
                {t.taskId}
              </span>
              <span>
                last seen <strong>{t.lastStatus ?? "unknown"}</strong>
                {t.statusMessage ? ` — ${t.statusMessage}` : ""}
                {t.wire === "legacy" ? " (2025-11-25 wire)" : ""}
              </span>
              <Button
                data-testid="task-recorded-resume"
                disabled={!here || t.wire === "legacy"}
                title={
                  here
                    ? "Poll tasks/get for this id again."
                    : `This task lives on ${t.targetLabel}: choose that target to resume it.`
                }
                onClick={() => onResume(t)}
              >
                Resume polling
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
