"use client";
import { useTranslations } from "next-intl";
/**
 * The live stderr and notifications pane beside the timeline: for the current target, what its process wrote to
 * stderr and every notification the server sent, in arrival order, with the process's state. While open it asks
 * the bridge for the process status every few seconds (stderr written between exchanges shows up without a send).
 */
import { useEffect, useMemo, useRef } from "react";
import { selectTarget, targetHasProcess } from "@/lib/session";
import { feedFor, type FeedKind } from "@/lib/session/live-feed";
import type { PanelProps } from "../playground/types";

const POLL_MS = 3_000;

/** Each line's tag and colour by its kind ("stderr*": written between exchanges, from the process status's tail). */
const KIND: Record<FeedKind, { label: string; tone: string }> = {
  stderr: { label: "stderr", tone: "text-amber-800 dark:text-amber-300" },
  notification: { label: "notify", tone: "text-blue-800 dark:text-blue-300" },
  spawn: { label: "spawn", tone: "text-emerald-800 dark:text-emerald-300" },
  exit: { label: "exit", tone: "text-red-800 dark:text-red-300" },
  between: { label: "stderr*", tone: "text-amber-800 dark:text-amber-300" },
};

function time(at: number): string {
  return at ? new Date(at).toISOString().slice(11, 23) : "—";
}

type Props = Pick<PanelProps, "state" | "commands"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the timeline places it (beside the cards when open on a wide screen). */
  className?: string;
};

export function StderrPane({ state, commands, open, onOpenChange, className = "" }: Props) {
  const t = useTranslations();
  const view = selectTarget(state);
  const key = view.kind === "ready" ? view.key : null;
  const hasProcess = view.kind === "ready" && targetHasProcess(view.target);
  const processView = key ? state.processes[key] : undefined;
  const status =
    processView?.status === "known"
      ? processView.value
      : processView?.status === "loading"
        ? processView.last
        : undefined;
  const lines = useMemo(() => (key ? feedFor(state.entries, key, status) : []), [state.entries, key, status]);
  const log = useRef<HTMLOListElement>(null);

  // Live while open: the process status carries the stderr written between exchanges.
  useEffect(() => {
    if (!open || !hasProcess) return;
    void commands.process("status");
    const timer = setInterval(() => void commands.process("status"), POLL_MS);
    return () => clearInterval(timer);
  }, [open, hasProcess, key, commands]);
  // The newest line stays in view.
  useEffect(() => {
    if (open && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [open, lines.length]);

  const processLine = !hasProcess
    ? t("feed.http")
    : status?.running
      ? t("feed.pidRunning", { pid: String(status.pid) })
      : status?.spawnError
        ? t("process.couldNotStart", { error: status.spawnError })
        : status?.exit
          ? t("feed.exited", { how: status.exit.signal ?? `code ${status.exit.code}` })
          : t("feed.notRunning");

  return (
    <details
      data-testid="stderr-pane"
      data-lines={lines.length}
      open={open}
      onToggle={(e) => onOpenChange((e.target as HTMLDetailsElement).open)}
      className={`rounded border border-slate-300 bg-white text-xs dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <summary className="cursor-pointer px-2 py-1 text-slate-800 dark:text-slate-100">
        <span className="font-semibold">{t("feed.title")}</span> ·{" "}
        {view.kind === "ready" ? view.label : t("feed.noTarget")} · {processLine} ·{" "}
        {t("feed.lines", { n: lines.length })}
      </summary>
      {lines.length === 0 ? (
        <p className="px-2 pb-2 text-slate-600 dark:text-slate-400">{t("feed.empty")}</p>
      ) : (
        <ol
          ref={log}
          aria-label={t("feed.listLabel")}
          className="max-h-48 overflow-auto px-2 pb-2 font-mono xl:max-h-[60vh]"
          tabIndex={0}
        >
          {lines.map((l, i) => (
            <li key={i} data-kind={l.kind} className="flex gap-2 whitespace-pre-wrap break-all">
              <span className="shrink-0 text-slate-600 dark:text-slate-400">{time(l.at)}</span>
              <span className={`w-14 shrink-0 ${KIND[l.kind].tone}`}>{KIND[l.kind].label}</span>
              <span className="min-w-0 text-slate-800 dark:text-slate-100">
                {l.text}
                {l.seq !== null ? <span className="text-slate-600 dark:text-slate-400"> (#{l.seq})</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
      {lines.some((l) => l.kind === "between") ? (
        <p className="px-2 pb-2 text-slate-600 dark:text-slate-400">
          stderr*: written between exchanges (from the process status; no time kept).
        </p>
      ) : null}
    </details>
  );
}
