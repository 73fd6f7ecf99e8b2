"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ProcessStatus } from "@/lib/bridge/contract";
import type { Commands, ProcessView } from "@/lib/session";
import { useNow } from "../cache/useNow";
import { Button } from "../ui";

/** "for 20 min": how long a running process has held its state (a link's Run live reuses it). */
function uptime(startedAt: number | undefined, now: number): string {
  if (startedAt === undefined) return "";
  const min = Math.max(0, Math.floor((now - startedAt) / 60_000));
  return min < 1
    ? " · started under a minute ago"
    : ` · started ${min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`} ago`;
}

function describe(value: ProcessStatus, now: number): string {
  if (value.spawnError) return `could not start: ${value.spawnError}`;
  if (value.running && value.url)
    return `pid ${value.pid} · running${uptime(value.startedAt, now)} · serving ${value.url}`;
  if (value.running) return `pid ${value.pid} · running${uptime(value.startedAt, now)}`;
  if (value.exit)
    return `${value.pid ? `pid ${value.pid} · ` : ""}exited (${value.exit.signal ? `signal ${value.exit.signal}` : `code ${value.exit.code}`})`;
  return "not running — the next Send starts it";
}

/** What the line says: only what the bridge answered; until it has, that it is asking (or, on a link, that it has not asked). */
function statusOf(
  view: ProcessView | undefined,
  fromLink: boolean,
  now: number,
): { text: string; value?: ProcessStatus; state: string } {
  if (!view && fromLink)
    return {
      text: "not checked — a page opened from a link asks the bridge nothing until you act; Check asks whether it runs",
      state: "unknown",
    };
  if (!view) return { text: "checking…", state: "loading" };
  if (view.status === "error") return { text: `could not read the process status: ${view.message}`, state: "error" };
  const value = view.status === "known" ? view.value : view.last;
  if (!value) return { text: "checking…", state: "loading" };
  return { text: describe(value, now), value, state: value.running ? "running" : "exited" };
}

const noSubscribe = () => () => {};
let atLoad: boolean | undefined;
/** Whether this page was opened with a fragment (a link, a lesson, an experiment): read once, as the page loaded. */
function openedFromLink(): boolean {
  atLoad ??= window.location.hash.length > 1;
  return atLoad;
}

/** The kept-up stdio process of the current target: one per target, alive across sends. */
export function ProcessPanel({
  view,
  commands,
  targetKey,
}: {
  view: ProcessView | undefined;
  commands: Commands;
  targetKey: string;
}) {
  const [showStderr, setShowStderr] = useState(false);
  // A page opened from a link calls no bridge until the user acts (the link's promise): the line says it has not asked.
  const fromLink = useSyncExternalStore(noSubscribe, openedFromLink, () => false);
  // The bridge may still hold a process from before a reload (B8): ask it, rather than assume "not started".
  // Debounced: a custom command line changes the target on every keystroke. Never on a page opened from a link
  // (nor later on it: a session restored under a lesson link changes the target without a click); Check asks.
  useEffect(() => {
    if (openedFromLink() || window.location.hash.length > 1) return;
    const timer = setTimeout(() => void commands.process("status"), 400);
    return () => clearTimeout(timer);
  }, [commands, targetKey]);
  const now = useNow(Infinity, 30_000);
  const status = statusOf(view, fromLink, now);
  const tail = status.value?.stderrTail ?? [];
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="process-panel" data-status={status.state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600 dark:text-slate-300">Server process:</span>
        <span data-testid="process-status" className="font-mono">
          {status.text}
        </span>
        {status.value?.argv ? (
          <span className="font-mono text-slate-600 dark:text-slate-400">{JSON.stringify(status.value.argv)}</span>
        ) : null}
        {status.state === "unknown" ? (
          <Button
            data-testid="process-check"
            onClick={() => void commands.process("status")}
            title="Ask the bridge whether this target's process runs"
          >
            Check
          </Button>
        ) : null}
        <Button
          data-testid="process-restart"
          onClick={() => void commands.process("restart")}
          title="End the process and start a fresh one"
        >
          Restart
        </Button>
        <Button
          data-testid="process-close"
          onClick={() => void commands.process("close")}
          disabled={!status.value?.running}
          title="End the process; the next Send starts a new one"
        >
          Close
        </Button>
        <Button
          data-testid="process-stderr"
          aria-pressed={showStderr}
          onClick={() => {
            if (!showStderr) void commands.process("status");
            setShowStderr(!showStderr);
          }}
        >
          {showStderr ? "hide stderr" : "stderr"}
        </Button>
      </div>
      {showStderr ? (
        <pre
          data-testid="stderr-tail"
          className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-amber-50 p-1 font-mono text-[11px] dark:bg-amber-950"
        >
          {status.value?.stderrDropped ? `(${status.value.stderrDropped} older lines dropped)\n` : ""}
          {tail.length ? tail.join("\n") : "(nothing on stderr yet)"}
        </pre>
      ) : null}
    </div>
  );
}
