"use client";
/**
 * Reset demo servers, for the start of a class: the embedded servers' state outlives sessions and tabs (their
 * processes are kept up), so this closes their processes and puts their state back to a first start, after a
 * confirmation that says what it does. The timeline is not touched.
 */
import { useState } from "react";
import type { ResetDemoReport } from "@/lib/bridge/contract";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";

function summary(r: ResetDemoReport): string {
  const parts = [
    r.closed.length ? `closed ${r.closed.join(", ")}` : "no demo process was running",
    `the calendar is back to its 2 seed events${r.calendarEvents ? ` (${r.calendarEvents} created event${r.calendarEvents === 1 ? "" : "s"} dropped)` : ""}`,
  ];
  if (r.handleCalendars)
    parts.push(`${r.handleCalendars} stored handle calendar${r.handleCalendars === 1 ? "" : "s"} deleted`);
  if (r.taskEvents) parts.push(`${r.taskEvents} task record${r.taskEvents === 1 ? "" : "s"} forgotten`);
  return `Demo servers reset: ${parts.join("; ")}. The next send starts fresh.`;
}

export function ResetDemoServers({ commands }: Pick<PanelProps, "commands">) {
  const [phase, setPhase] = useState<
    { kind: "idle" } | { kind: "confirm" } | { kind: "running" } | { kind: "done"; text: string; ok: boolean }
  >({
    kind: "idle",
  });
  const reset = async () => {
    setPhase({ kind: "running" });
    const reply = await commands.api<ResetDemoReport>("bridge/reset-demo", { confirm: true });
    setPhase(
      reply.ok
        ? { kind: "done", ok: true, text: summary(reply.value) }
        : { kind: "done", ok: false, text: `Not reset: ${reply.message}` },
    );
    // The process line of the current target tells the truth again.
    void commands.process("status");
  };
  return (
    <div className="relative flex items-center gap-2">
      <Button
        data-testid="reset-demo-servers"
        aria-expanded={phase.kind === "confirm"}
        onClick={() => setPhase({ kind: "confirm" })}
        disabled={phase.kind === "running"}
      >
        Reset demo servers…
      </Button>
      {phase.kind === "confirm" ? (
        <div
          role="alertdialog"
          aria-labelledby="reset-demo-title"
          aria-describedby="reset-demo-what"
          data-testid="reset-demo-confirm"
          onKeyDown={(e) => e.key === "Escape" && setPhase({ kind: "idle" })}
          className="absolute right-0 top-full z-30 mt-1 w-80 rounded border border-amber-400 bg-white p-3 text-xs text-slate-800 shadow-lg dark:bg-slate-900 dark:text-slate-100"
        >
          <p id="reset-demo-title" className="font-semibold">
            Reset the demo servers?
          </p>
          <p id="reset-demo-what" className="mt-1">
            Closes every embedded demo server process (calendar, server-everything, tasks, …) and puts their state back
            to a first start: the calendar returns to its 2 seed events, stored handle calendars and task records are
            deleted. Your timeline and your own servers are not touched.
          </p>
          <div className="mt-2 flex gap-2">
            <Button tone="danger" data-testid="reset-demo-confirm-yes" autoFocus onClick={() => void reset()}>
              Reset them
            </Button>
            <Button onClick={() => setPhase({ kind: "idle" })}>Cancel</Button>
          </div>
        </div>
      ) : null}
      {phase.kind === "running" || phase.kind === "done" ? (
        <p
          role="status"
          data-testid="reset-demo-status"
          data-ok={phase.kind === "done" ? String(phase.ok) : undefined}
          className="max-w-md text-xs text-slate-700 dark:text-slate-300"
        >
          {phase.kind === "running" ? "Resetting…" : phase.text}
        </p>
      ) : null}
    </div>
  );
}
