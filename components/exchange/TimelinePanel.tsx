"use client";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { memo, useCallback, useEffect, useRef, useState } from "react";
import { serverEraOf } from "@/lib/explain/server-era";
import { selectTarget, selectVerdict } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, PanelHeading } from "../ui";
import { StderrPane } from "../livefeed/StderrPane";
import { useFollowNewest } from "../timeline/scroll/useFollowNewest";
import { withCatalogue } from "../i18n/catalogue-ready";
import { afterEditorSettled } from "../editor/editor-settled";

// The cards (wire and pretty views, cache badge, trace) are not on the first screen, whose timeline is empty: their
// code loads once the page is up (fetched below once the frame editor has settled: Monaco first; a card drawn sooner
// loads it at once).
const loadCard = () => import("./ExchangeCard").then((m) => m.ExchangeCard);
// Until that code is there, each card is a box of its own (exchange-card-loading): the timeline never looks empty
// when it is not, and a reader (or a test) can tell "not drawn yet" from "no exchange".
// A card is drawn again only when its own props change (its exchange, focus, era): a Checks run adds ~70 exchanges,
// and drawing every card again for each of them cost the page seconds of CPU (issue 42). Hence one onCancel for all.
const ExchangeCard = memo(
  dynamic(withCatalogue(loadCard), {
    ssr: false,
    loading: () => (
      <div
        data-testid="exchange-card-loading"
        aria-hidden="true"
        className="h-16 rounded border border-slate-200 dark:border-slate-700"
      />
    ),
  }),
);

function eraOf(state: PanelProps["state"], key: string) {
  const verdict = selectVerdict(state, key);
  return serverEraOf(verdict?.status === "done" ? verdict.era : undefined);
}

/** Every exchange, oldest first (read top to bottom like the chapter's traces); keeps the newest in view after a send. */
export function TimelinePanel({ state, dispatch, commands, cache }: PanelProps) {
  const t = useTranslations();
  const { entries, focus } = state;
  const view = selectTarget(state);
  const where = state.preset.startsWith("calendar")
    ? t("timeline.emptyCalendar")
    : view.kind === "ready"
      ? view.label
      : t("timeline.emptyChoose");
  const section = useRef<HTMLElement>(null);
  const { unseen, showNewest } = useFollowNewest(section, entries);
  const cancel = useCallback((id: string) => void commands.cancel(id), [commands]);
  // Open, the stderr pane sits beside the cards from xl (1280 px) up; closed, or narrower, it is a line above them.
  const [feedOpen, setFeedOpen] = useState(false);
  useEffect(() => void afterEditorSettled().then(loadCard), []);
  // A panel asked to show one exchange: scroll to its card (the card marks itself).
  useEffect(() => {
    if (!focus) return;
    const card = section.current?.querySelector(`[data-send-id="${CSS.escape(focus.sendId)}"]`);
    card?.scrollIntoView?.({ block: "center" });
  }, [focus]);
  return (
    <section
      ref={section}
      className="flex flex-col gap-2"
      aria-label={t("timeline.sectionLabel")}
      data-testid="timeline"
    >
      <PanelHeading title={t("timeline.title")} subtitle={t("timeline.subtitle")}>
        <Button
          data-testid="clear-timeline"
          disabled={entries.length === 0}
          onClick={() => dispatch({ type: "timeline/clear" })}
        >
          {t("timeline.clear")}
        </Button>
      </PanelHeading>
      <div className={feedOpen ? "flex flex-col gap-2 xl:flex-row xl:items-start" : "flex flex-col gap-2"}>
        <StderrPane
          state={state}
          commands={commands}
          open={feedOpen}
          onOpenChange={setFeedOpen}
          className="xl:open:sticky xl:open:top-0 xl:open:order-last xl:open:w-72 xl:open:shrink-0"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {entries.length === 0 ? (
            <p
              data-testid="timeline-empty"
              className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
            >
              {/* The editor sits beside the timeline from lg up, above it below that (Playground's grid). */}
              <span className="lg:hidden">{t("timeline.emptyAbove", { where })}</span>
              <span className="hidden lg:inline">{t("timeline.emptyLeft", { where })}</span>
            </p>
          ) : null}
          {entries.map((entry) => (
            <ExchangeCard
              key={entry.seq}
              entry={entry}
              focused={focus?.sendId === entry.sendId}
              onCancel={cancel}
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
              title={t("timeline.newestTitle")}
            >
              {t("timeline.newest")}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
