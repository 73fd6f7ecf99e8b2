"use client";
/** Shown when the page holds a state from a link or a session file: what it is, what was left out, Run live. */
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { commandsToConfirm, livePlan, spawnConfirmation, type LiveResult, liveResultText } from "@/lib/share/live";
import type { ShareState } from "@/lib/share/state";
import { Button } from "../ui";
import { RunLiveDialog } from "./RunLiveDialog";

const MARK = { pass: "✓", fail: "✗", warn: "!", info: "·" } as const;
const TONE = {
  pass: "text-emerald-800 dark:text-emerald-300",
  fail: "text-red-800 dark:text-red-300",
  warn: "text-amber-800 dark:text-amber-300",
  info: "",
} as const;

function targetWords(t: Target): string {
  if (t.kind === "demo")
    return `the embedded ${t.server} server over ${t.transport === "http" ? "Streamable HTTP" : "stdio"}`;
  if (t.kind === "http") return t.url;
  if (t.kind === "replay") return `a replay of the ${t.cassette} recording (nothing runs)`;
  return `the stdio command ${JSON.stringify([t.command, ...t.args])}`;
}

function listWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function LinkBanner({
  share,
  source,
  migratedFrom,
  running,
  result,
  onRunLive,
  onClose,
}: {
  share: ShareState;
  source: "link" | "file";
  migratedFrom?: number;
  running: boolean;
  /** What Run live did (the banner then says so, and Run live is done). */
  result: LiveResult | null;
  /** `confirmed` maps each stdio command of the link to the one the user confirmed (env values typed in). */
  onRunLive: (confirmed: Map<string, Target>) => void;
  onClose: () => void;
}) {
  const plan = livePlan(share);
  const commands = commandsToConfirm(plan);
  // The commands confirmed so far, in order; the dialog asks for the next one.
  const [confirming, setConfirming] = useState<Map<string, Target> | null>(null);
  const next = confirming ? commands.find((c) => !confirming.has(targetKey(c))) : undefined;
  const confirmation = next ? spawnConfirmation(next) : null;
  const count = share.exchanges.length;
  const sendable = plan.steps.filter((s) => s.target).length;
  const skipped = plan.steps.filter((s) => !s.target);
  const start = (done: Map<string, Target>) => {
    if (commands.every((c) => done.has(targetKey(c)))) {
      setConfirming(null);
      onRunLive(done);
    } else setConfirming(done);
  };
  return (
    <section
      data-testid="link-banner"
      data-source={source}
      aria-label="Opened from a link"
      className="flex flex-col gap-1 rounded border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <div className="flex flex-wrap items-center gap-2">
        <strong data-testid="link-banner-notice">
          {result
            ? liveResultText(result)
            : running
              ? "Run live: sending…"
              : source === "link"
                ? "Opened from a link — nothing has been sent"
                : "Opened from a session file — nothing has been sent"}
        </strong>
        <span data-testid="link-targets">
          · {count} recorded exchange{count === 1 ? "" : "s"} against{" "}
          {listWords(
            plan.targets.map(targetWords).concat(skipped.length ? ["a target this link does not describe"] : []),
          )}
          {migratedFrom !== undefined ? ` · an older link (format v${migratedFrom}), read as v1` : ""}
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            tone="primary"
            data-testid="run-live"
            disabled={running || result !== null || sendable === 0}
            onClick={() => start(new Map())}
            title={
              result
                ? "Already sent: open the link again to run it once more"
                : "Send the recorded frames again, in order, each to the target it was recorded against"
            }
          >
            {running
              ? "Running…"
              : result
                ? "Sent ✓"
                : `Run live (${sendable} frame${sendable === 1 ? "" : "s"}${plan.targets.length > 1 ? `, ${plan.targets.length} targets` : ""})`}
          </Button>
          <Button data-testid="close-link" onClick={onClose}>
            Close
          </Button>
        </span>
      </div>
      {share.title ? (
        <p data-testid="link-title" className="text-sm font-semibold">
          {share.title}
        </p>
      ) : null}
      {share.about ? <p data-testid="link-about">{share.about}</p> : null}
      {share.exchanges.some((x) => x.verdicts?.length) ? (
        <ol data-testid="link-verdicts" className="ml-5 list-decimal space-y-0.5">
          {share.exchanges.map((x, i) => (
            <li key={i}>
              {x.label ? <span className="font-medium">{x.label}: </span> : null}
              {(x.verdicts ?? []).map((v, j) => (
                <span key={j} data-testid="link-verdict" data-level={v.level} className={`${TONE[v.level]} mr-2`}>
                  {MARK[v.level]} {v.text}
                </span>
              ))}
            </li>
          ))}
        </ol>
      ) : null}
      {plan.targets.length > 1 ? (
        <p data-testid="link-target-plan">
          Run live sends each frame to the target it was recorded against:{" "}
          {plan.targets
            .map(
              (t) =>
                `#${plan.steps
                  .filter((s) => s.target && targetKey(s.target) === targetKey(t))
                  .map((s) => s.index)
                  .join(", #")} → ${targetWords(t)}`,
            )
            .join("; ")}
          .
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <ul data-testid="link-skipped" className="ml-4 list-disc text-amber-900 dark:text-amber-200">
          {skipped.map((s) => (
            <li key={s.index} data-testid="link-skipped-frame">
              #{s.index} will not be sent: {s.skip}.
            </li>
          ))}
        </ul>
      ) : null}
      {commands.length > 0 ? (
        <p data-testid="link-stdio-note">
          This link names {commands.length === 1 ? "a command" : `${commands.length} commands`} to run on your machine.{" "}
          {commands.length === 1 ? "It is" : "They are"} not the active target; Run live shows the full command and asks
          before anything is started.
        </p>
      ) : null}
      {share.omitted.length > 0 ? (
        <details data-testid="link-omitted">
          <summary className="cursor-pointer">
            The sharer left {share.omitted.length} thing{share.omitted.length === 1 ? "" : "s"} out of the link
          </summary>
          <ul className="ml-4 list-disc">
            {share.omitted.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {confirming && next && confirmation ? (
        <RunLiveDialog
          key={targetKey(next)}
          target={next}
          confirmation={confirmation}
          onCancel={() => setConfirming(null)}
          onConfirm={(target) => start(new Map(confirming).set(targetKey(next), target))}
        />
      ) : null}
    </section>
  );
}
