"use client";
import { msg } from "@/lib/i18n/translate";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { catalogueFrames, whoDecides, WHO_DECIDES_REF, type CatalogueItem, type PrimitiveGroup } from "@/lib/explain";
import { envelopeFrom, selectTarget } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, Checkbox, PanelHeading } from "../ui";
import { Card } from "../card";

function ServerText({ text, untrusted }: { text: string; untrusted: boolean }) {
  const t = useTranslations();
  return (
    <span
      data-testid="server-text"
      data-untrusted={untrusted}
      className={
        untrusted
          ? "rounded bg-orange-50 px-0.5 text-slate-800 ring-1 ring-orange-200 dark:bg-orange-950 dark:text-slate-100 dark:ring-orange-900"
          : "text-slate-800 dark:text-slate-100"
      }
    >
      {untrusted ? (
        <span className="mr-1 text-[10px] font-semibold uppercase text-orange-700 dark:text-orange-300">
          {t("decides.untrusted")}
        </span>
      ) : null}
      {text}
    </span>
  );
}

function Item({ item, untrusted }: { item: CatalogueItem; untrusted: boolean }) {
  const t = useTranslations();
  return (
    <li data-testid="catalogue-item" className="space-y-0.5 border-t border-slate-200 py-1 dark:border-slate-700">
      <p className="flex flex-wrap items-baseline gap-1.5">
        <span className="font-mono font-semibold">{item.name}</span>
        {item.title ? <ServerText text={item.title} untrusted={untrusted} /> : null}
        {item.detail ? (
          <span className="font-mono text-[11px] text-slate-600 dark:text-slate-400">{item.detail}</span>
        ) : null}
        {item.hints.map((h) => (
          <span
            key={h}
            title={t("decides.hintTitle")}
            className="rounded bg-slate-100 px-1 text-[10px] dark:bg-slate-800"
          >
            {untrusted ? t("decides.claims", { hint: h }) : h}
          </span>
        ))}
      </p>
      {item.description ? (
        <p className="text-[11px]">
          <ServerText text={item.description} untrusted={untrusted} />
        </p>
      ) : null}
    </li>
  );
}

function Group({
  group,
  untrusted,
  onTemplate,
}: {
  group: PrimitiveGroup;
  untrusted: boolean;
  onTemplate: (id: string) => void;
}) {
  const t = useTranslations();
  return (
    <Card testId={`who-${group.primitive}`} data={{ decides: group.decides }}>
      <h3 className="text-sm font-semibold">
        {t.rich("decides.heading", {
          primitive: group.primitive,
          who: t(`decides.group.${group.primitive}.who`),
          em: (chunks) => <span className="text-blue-700 dark:text-blue-300">{chunks}</span>,
        })}
      </h3>
      <p className="text-[11px] text-slate-600 dark:text-slate-300">{t(`decides.group.${group.primitive}.why`)}</p>
      {group.fetched ? (
        group.items.length > 0 ? (
          <ul className="mt-1 text-xs">
            {group.items.map((i) => (
              <Item key={`${i.name}${i.detail ?? ""}`} item={i} untrusted={untrusted} />
            ))}
          </ul>
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-400">{t("decides.none")}</p>
        )
      ) : (
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          {t("decides.notFetched")}
          <Button onClick={() => onTemplate(group.templateId)}>
            {t("decides.putTemplate", { template: group.templateId })}
          </Button>
        </p>
      )}
    </Card>
  );
}

/** The catalogue by who controls each primitive, from the list results already in the timeline. */
export function WhoDecidesPanel({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const [trusted, setTrusted] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [runs, setRuns] = useState(0);
  const envelope = envelopeFrom(state.envelope);
  const fetchCatalogue = async () => {
    if (!envelope.ok) return;
    setFetching(true);
    setRuns(runs + 1);
    // One after another, each visible in the timeline like any other send.
    for (const { frame, label, method } of catalogueFrames(envelope.value, runs + 1))
      await commands.sendFrame(frame, { label, labelMsg: msg("stepLabels.whoDecides", { method }) });
    setFetching(false);
  };
  const view = selectTarget(state);
  const exchanges = state.entries.flatMap((e) =>
    e.phase.status === "done" && view.kind === "ready" && e.targetKey === view.key ? [e.phase.exchange] : [],
  );
  const who = whoDecides(exchanges, { trusted, t });
  return (
    <section className="flex flex-col gap-2 text-xs" aria-label={t("tabs.who")} data-testid="who-decides">
      <PanelHeading
        title={who.server ? t("decides.titleServer", { server: who.server }) : t("tabs.who")}
        subtitle={t("decides.subtitle", { ref: WHO_DECIDES_REF })}
      >
        <Button
          tone="primary"
          data-testid="fetch-catalogue"
          disabled={fetching || !envelope.ok || view.kind !== "ready"}
          onClick={() => void fetchCatalogue()}
          title={t("decides.fetchTitle")}
        >
          {fetching ? t("decides.fetching") : t("decides.fetch")}
        </Button>
        <Checkbox testId="trust-server" checked={trusted} onChange={setTrusted}>
          {t("decides.trust")}
        </Checkbox>
      </PanelHeading>
      <p data-testid="trust-note" className="text-[11px] text-slate-600 dark:text-slate-300">
        {t(who.untrusted ? "decides.trustNote.untrusted" : "decides.trustNote.trusted")}
      </p>
      {who.instructions ? (
        <p>
          <span className="font-semibold">{t("decides.instructions")} </span>
          <ServerText text={who.instructions} untrusted={who.untrusted} />
        </p>
      ) : null}
      {who.groups.map((g) => (
        <Group
          key={g.primitive}
          group={g}
          untrusted={who.untrusted}
          onTemplate={(templateId) => dispatch({ type: "editor/template", templateId })}
        />
      ))}
    </section>
  );
}
