"use client";
/** Shown when the page holds a state from a link or a session file: what it is, what was left out, Run live. */
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { livePlan, spawnConfirmation } from "@/lib/share/live";
import type { ShareState } from "@/lib/share/state";
import { Button } from "../ui";
import { RunLiveDialog } from "./RunLiveDialog";

const MARK = { pass: "✓", fail: "✗", warn: "!", info: "·" } as const;
const TONE = { pass: "text-emerald-800 dark:text-emerald-300", fail: "text-red-800 dark:text-red-300", warn: "text-amber-800 dark:text-amber-300", info: "" } as const;

function targetWords(t: Target): string {
  if (t.kind === "demo") return `the embedded ${t.server} server over ${t.transport === "http" ? "Streamable HTTP" : "stdio"}`;
  if (t.kind === "http") return t.url;
  return `the stdio command ${JSON.stringify([t.command, ...t.args])}`;
}

export function LinkBanner({ share, source, migratedFrom, running, onRunLive, onClose }: {
  share: ShareState;
  source: "link" | "file";
  migratedFrom?: number;
  running: boolean;
  onRunLive: (target: Target) => void;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const plan = livePlan(share);
  const confirmation = spawnConfirmation(plan.target);
  const count = share.exchanges.length;
  return (
    <section data-testid="link-banner" data-source={source} aria-label="Opened from a link" className="flex flex-col gap-1 rounded border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      <div className="flex flex-wrap items-center gap-2">
        <strong data-testid="link-banner-notice">{source === "link" ? "Opened from a link — nothing has been sent" : "Opened from a session file — nothing has been sent"}</strong>
        <span>
          · {count} recorded exchange{count === 1 ? "" : "s"} against {targetWords(share.target)}
          {migratedFrom !== undefined ? ` · an older link (format v${migratedFrom}), read as v1` : ""}
        </span>
        <span className="ml-auto flex gap-1">
          <Button tone="primary" data-testid="run-live" disabled={running} onClick={() => (confirmation ? setConfirming(true) : onRunLive(plan.target))} title="Send the recorded frames again, in order, to the target">
            {running ? "Running…" : `Run live (${plan.steps.length} frame${plan.steps.length === 1 ? "" : "s"})`}
          </Button>
          <Button data-testid="close-link" onClick={onClose}>Close</Button>
        </span>
      </div>
      {share.title ? <p data-testid="link-title" className="text-sm font-semibold">{share.title}</p> : null}
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
      {confirmation ? <p data-testid="link-stdio-note">This link names a command to run on your machine. It is not the active target; Run live shows the full command and asks before anything is started.</p> : null}
      {share.omitted.length > 0 ? (
        <details data-testid="link-omitted">
          <summary className="cursor-pointer">The sharer left {share.omitted.length} thing{share.omitted.length === 1 ? "" : "s"} out of the link</summary>
          <ul className="ml-4 list-disc">
            {share.omitted.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {confirming && confirmation && plan.target.kind === "stdio" ? (
        <RunLiveDialog
          target={plan.target}
          confirmation={confirmation}
          onCancel={() => setConfirming(false)}
          onConfirm={(target) => {
            setConfirming(false);
            onRunLive(target);
          }}
        />
      ) : null}
    </section>
  );
}
