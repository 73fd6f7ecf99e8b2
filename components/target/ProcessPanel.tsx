"use client";
import { useTranslations } from "next-intl";
import type { Translate } from "@/lib/i18n/translate";
import { useEffect, useState } from "react";
import type { ProcessStatus } from "@/lib/bridge/contract";
import type { Commands, ProcessView } from "@/lib/session";
import { useNow } from "../cache/useNow";
import { Button } from "../ui";
import { useBrowserValue } from "../useHydrated";

/** "for 20 min": how long a running process has held its state (a link's Run live reuses it). */
function uptime(startedAt: number | undefined, now: number, t: Translate): string {
  if (startedAt === undefined) return "";
  const min = Math.max(0, Math.floor((now - startedAt) / 60_000));
  if (min < 1) return t("process.underMinute");
  return min < 60
    ? t("process.startedMin", { min })
    : t("process.startedHours", { h: Math.floor(min / 60), min: min % 60 });
}

function describe(value: ProcessStatus, now: number, t: Translate): string {
  if (value.spawnError) return t("process.couldNotStart", { error: value.spawnError });
  const up = uptime(value.startedAt, now, t);
  if (value.running && value.url)
    return t("process.runningServing", { pid: String(value.pid), uptime: up, url: value.url });
  if (value.running) return t("process.running", { pid: String(value.pid), uptime: up });
  if (value.exit) {
    const pid = value.pid ? `pid ${value.pid} · ` : "";
    return value.exit.signal
      ? t("process.exitedSignal", { pid, signal: value.exit.signal })
      : t("process.exitedCode", { pid, code: String(value.exit.code) });
  }
  return t("process.notRunning");
}

/** What the line says: only what the bridge answered; until it has, that it is asking (or, on a link, that it has not asked). */
function statusOf(
  view: ProcessView | undefined,
  fromLink: boolean,
  now: number,
  t: Translate,
): { text: string; value?: ProcessStatus; state: string } {
  if (!view && fromLink) return { text: t("process.notChecked"), state: "unknown" };
  if (!view) return { text: t("process.checking"), state: "loading" };
  if (view.status === "error") return { text: t("process.statusError", { message: view.message }), state: "error" };
  const value = view.status === "known" ? view.value : view.last;
  if (!value) return { text: t("process.checking"), state: "loading" };
  return { text: describe(value, now, t), value, state: value.running ? "running" : "exited" };
}

let atLoad: boolean | undefined;
/** Whether this page was opened with a fragment (a link, a lesson, an experiment): read once, as the page loaded. */
function openedFromLink(): boolean {
  atLoad ??= window.location.hash.length > 1;
  return atLoad;
}

/** The kept-up stdio process of the current target: one per target, alive across sends. */
/** What the process line's buttons ask the bridge, with each one's test id, label and title (Msgs). */
const PROCESS_BUTTONS = {
  status: ["process-check", "process.check", "process.checkTitle"],
  restart: ["process-restart", "process.restart", "process.restartTitle"],
  close: ["process-close", "process.close", "process.closeTitle"],
} as const;

function ProcessButton({
  action,
  commands,
  disabled,
}: {
  action: keyof typeof PROCESS_BUTTONS;
  commands: Commands;
  disabled?: boolean;
}) {
  const t = useTranslations();
  const [testId, label, title] = PROCESS_BUTTONS[action];
  return (
    <Button data-testid={testId} onClick={() => void commands.process(action)} disabled={disabled} title={t(title)}>
      {t(label)}
    </Button>
  );
}

export function ProcessPanel({
  view,
  commands,
  targetKey,
}: {
  view: ProcessView | undefined;
  commands: Commands;
  targetKey: string;
}) {
  const t = useTranslations();
  const [showStderr, setShowStderr] = useState(false);
  // A page opened from a link calls no bridge until the user acts (the link's promise): the line says it has not asked.
  const fromLink = useBrowserValue(openedFromLink, false);
  // The bridge may still hold a process from before a reload (B8): ask it, rather than assume "not started".
  // Debounced: a custom command line changes the target on every keystroke. Never on a page opened from a link
  // (nor later on it: a session restored under a lesson link changes the target without a click); Check asks.
  useEffect(() => {
    if (openedFromLink() || window.location.hash.length > 1) return;
    const timer = setTimeout(() => void commands.process("status"), 400);
    return () => clearTimeout(timer);
  }, [commands, targetKey]);
  const now = useNow(Infinity, 30_000);
  const status = statusOf(view, fromLink, now, t);
  const tail = status.value?.stderrTail ?? [];
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="process-panel" data-status={status.state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600 dark:text-slate-300">{t("process.label")}</span>
        <span data-testid="process-status" className="font-mono">
          {status.text}
        </span>
        {status.value?.argv ? (
          <span className="font-mono text-slate-600 dark:text-slate-400">{JSON.stringify(status.value.argv)}</span>
        ) : null}
        {status.state === "unknown" ? <ProcessButton action="status" commands={commands} /> : null}
        <ProcessButton action="restart" commands={commands} />
        <ProcessButton action="close" commands={commands} disabled={!status.value?.running} />
        <Button
          data-testid="process-stderr"
          aria-pressed={showStderr}
          onClick={() => {
            if (!showStderr) void commands.process("status");
            setShowStderr(!showStderr);
          }}
        >
          {showStderr ? t("process.hideStderr") : t("process.stderr")}
        </Button>
      </div>
      {showStderr ? (
        <pre
          data-testid="stderr-tail"
          className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-amber-50 p-1 font-mono text-[11px] dark:bg-amber-950"
        >
          {status.value?.stderrDropped ? `${t("process.dropped", { n: status.value.stderrDropped })}\n` : ""}
          {tail.length ? tail.join("\n") : t("process.nothingYet")}
        </pre>
      ) : null}
    </div>
  );
}
