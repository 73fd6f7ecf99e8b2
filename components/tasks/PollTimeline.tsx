"use client";
/**
 * Every exchange of one task on a time axis (tools/call, each tasks/get, tasks/update, tasks/cancel), with the
 * delay the schedule chose before each poll and where it came from (the server's pollIntervalMs, the user's
 * override, the floor). Each dot opens the exchange: what was sent and what came back, as text.
 */
import { useTranslations } from "next-intl";
import { formatFrame } from "@/lib/protocol/meta";
import type { Poll, TaskExchange } from "@/lib/tasks";

const DOT: Record<string, string> = {
  "tools/call": "bg-slate-700",
  "tasks/get": "bg-blue-500",
  "tasks/update": "bg-amber-500",
  "tasks/cancel": "bg-red-500",
  "notifications/tasks": "bg-violet-600",
};

function statusOf(e: TaskExchange, t: ReturnType<typeof useTranslations>): string {
  if (e.via === "push")
    return t("tasks.poll.pushed", {
      status: String((e.sent.params as { status?: unknown } | undefined)?.status ?? "?"),
    });
  const frame = e.response as
    { result?: { status?: unknown; resultType?: unknown }; error?: { code?: unknown } } | undefined;
  if (e.failure) return t("tasks.poll.undelivered", { reason: e.failure });
  if (frame?.error) return t("tasks.poll.error", { code: String(frame.error.code) });
  if (typeof frame?.result?.status === "string") return frame.result.status;
  return t("tasks.poll.ack", { resultType: String(frame?.result?.resultType ?? "?") });
}

export function PollTimeline({
  exchanges,
  polls,
  startedAt,
}: {
  exchanges: TaskExchange[];
  polls: Poll[];
  startedAt: number;
}) {
  const t = useTranslations();
  if (exchanges.length === 0) return null;
  const end = Math.max(exchanges[exchanges.length - 1].atMs, startedAt + 1000);
  const span = end - startedAt || 1;
  const delays = new Map(polls.map((p) => [p.atMs, p.delay]));
  return (
    <div className="flex flex-col gap-1">
      <div className="relative h-4 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
        {exchanges.map((e, i) => (
          <span
            key={i}
            title={`${e.method} +${e.atMs - startedAt} ms: ${statusOf(e, t)}`}
            className={`absolute top-1 h-2 w-2 -translate-x-1 rounded-full ${DOT[e.method] ?? "bg-slate-400"}`}
            style={{ left: `${((e.atMs - startedAt) / span) * 100}%` }}
          />
        ))}
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
          {t("tasks.poll.summary", { exchanges: exchanges.length, polls: polls.length })}
        </summary>
        <ol className="mt-1 flex flex-col gap-1">
          {exchanges.map((e, i) => {
            const delay = e.method === "tasks/get" ? delays.get(e.atMs) : undefined;
            return (
              <li
                key={i}
                data-testid="task-exchange"
                data-method={e.method}
                className="rounded border border-slate-200 p-1 dark:border-slate-700"
              >
                <details>
                  <summary className="cursor-pointer">
                    <code>+{e.atMs - startedAt} ms</code> <code>{e.method}</code> → {statusOf(e, t)}
                    {delay ? (
                      <span className="text-slate-600 dark:text-slate-400">
                        {" "}
                        ·{" "}
                        {t("tasks.poll.waited", {
                          ms: delay.delayMs,
                          source: t(`tasks.poll.source.${delay.source}`),
                          bounded:
                            delay.boundedFrom !== undefined ? t("tasks.poll.bounded", { from: delay.boundedFrom }) : "",
                        })}
                      </span>
                    ) : null}
                  </summary>
                  <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all bg-slate-50 p-1 text-[11px] dark:bg-slate-900">
                    {formatFrame(e.sent)}
                  </pre>
                  {e.headers ? (
                    <pre className="whitespace-pre-wrap break-all bg-slate-50 p-1 text-[11px] dark:bg-slate-900">
                      {e.headers.map(([k, v]) => `${k}: ${v}`).join("\n")}
                    </pre>
                  ) : null}
                  {e.via === "push" ? null : (
                    <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all bg-slate-50 p-1 text-[11px] dark:bg-slate-900">
                      {e.failure ?? formatFrame(e.response)}
                    </pre>
                  )}
                </details>
              </li>
            );
          })}
        </ol>
      </details>
    </div>
  );
}
