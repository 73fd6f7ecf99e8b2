"use client";
import { useEffect, useRef } from "react";
import { serverEraOf } from "@/lib/explain/server-era";
import { selectTarget, selectVerdict } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, PanelHeading } from "../ui";
import { StderrPane } from "../livefeed/StderrPane";
import { useFollowNewest } from "../timeline/scroll/useFollowNewest";
import { ExchangeCard } from "./ExchangeCard";

function eraOf(state: PanelProps["state"], key: string) {
  const verdict = selectVerdict(state, key);
  return serverEraOf(verdict?.status === "done" ? verdict.era : undefined);
}

/** Every exchange, oldest first (read top to bottom like the chapter's traces); keeps the newest in view after a send. */
export function TimelinePanel({ state, dispatch, commands, cache }: PanelProps) {
  const { entries } = state;
  const view = selectTarget(state);
  const where = state.preset.startsWith("calendar")
    ? "the calendar server"
    : view.kind === "ready"
      ? view.label
      : "the target you choose above";
  const section = useRef<HTMLElement>(null);
  const focus = state.focus;
  const { unseen, showNewest } = useFollowNewest(section, entries);
  // A panel asked to show one exchange: scroll to its card (the card marks itself).
  useEffect(() => {
    if (!focus) return;
    const card = section.current?.querySelector(`[data-send-id="${CSS.escape(focus.sendId)}"]`);
    card?.scrollIntoView?.({ block: "center" });
  }, [focus]);
  return (
    <section ref={section} className="flex flex-col gap-2" aria-label="Timeline" data-testid="timeline">
      <PanelHeading
        title="Timeline — every exchange, oldest first"
        subtitle="→ what was sent · ← what came back · ✕ what went wrong. Wire shows every byte."
      >
        <Button
          data-testid="clear-timeline"
          disabled={entries.length === 0}
          onClick={() => dispatch({ type: "timeline/clear" })}
        >
          Clear
        </Button>
      </PanelHeading>
      <StderrPane state={state} commands={commands} />
      {entries.length === 0 ? (
        <p
          data-testid="timeline-empty"
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
        >
          {/* The editor sits beside the timeline from lg up, above it below that (Playground's grid). */}
          Press Ctrl+Enter to send the frame <span className="lg:hidden">in the editor above</span>
          <span className="hidden lg:inline">on the left</span> to {where}. Start with server/discover.
        </p>
      ) : null}
      {entries.map((entry) => (
        <ExchangeCard
          key={entry.seq}
          entry={entry}
          focused={focus?.sendId === entry.sendId}
          onCancel={(id) => void commands.cancel(id)}
          era={eraOf(state, entry.targetKey)}
          cache={cache}
        />
      ))}
      {unseen ? (
        <Button
          tone="primary"
          data-testid="show-newest"
          className="sticky bottom-2 self-end shadow"
          onClick={showNewest}
          title="A newer exchange arrived below while you were reading; nothing moved"
        >
          newest ↓
        </Button>
      ) : null}
    </section>
  );
}
