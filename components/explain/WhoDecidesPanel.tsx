"use client";
import { useState } from "react";
import { catalogueFrames, whoDecides, WHO_DECIDES_REF, type CatalogueItem, type PrimitiveGroup } from "@/lib/explain";
import { envelopeFrom, selectTarget } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, PanelHeading } from "../ui";

function ServerText({ text, untrusted }: { text: string; untrusted: boolean }) {
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
        <span className="mr-1 text-[10px] font-semibold uppercase text-orange-700 dark:text-orange-300">untrusted</span>
      ) : null}
      {text}
    </span>
  );
}

function Item({ item, untrusted }: { item: CatalogueItem; untrusted: boolean }) {
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
            title="A hint the server declared about itself"
            className="rounded bg-slate-100 px-1 text-[10px] dark:bg-slate-800"
          >
            {untrusted ? `claims ${h}` : h}
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
  return (
    <div
      data-testid={`who-${group.primitive}`}
      data-decides={group.decides}
      className="rounded border border-slate-200 p-2 dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold">
        {group.primitive} → decided by <span className="text-blue-700 dark:text-blue-300">{group.decides}</span>
      </h3>
      <p className="text-[11px] text-slate-600 dark:text-slate-300">{group.why}</p>
      {group.fetched ? (
        group.items.length > 0 ? (
          <ul className="mt-1 text-xs">
            {group.items.map((i) => (
              <Item key={`${i.name}${i.detail ?? ""}`} item={i} untrusted={untrusted} />
            ))}
          </ul>
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-400">The server lists none.</p>
        )
      ) : (
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          Not fetched yet.
          <Button onClick={() => onTemplate(group.templateId)}>Put {group.templateId} in the editor</Button>
        </p>
      )}
    </div>
  );
}

/** The catalogue by who controls each primitive, from the list results already in the timeline. */
export function WhoDecidesPanel({ state, dispatch, commands }: PanelProps) {
  const [trusted, setTrusted] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [runs, setRuns] = useState(0);
  const envelope = envelopeFrom(state.envelope);
  const fetchCatalogue = async () => {
    if (!envelope.ok) return;
    setFetching(true);
    setRuns(runs + 1);
    // One after another, each visible in the timeline like any other send.
    for (const { frame, label } of catalogueFrames(envelope.value, runs + 1))
      await commands.sendFrame(frame, { label });
    setFetching(false);
  };
  const view = selectTarget(state);
  const exchanges = state.entries.flatMap((e) =>
    e.phase.status === "done" && view.kind === "ready" && e.targetKey === view.key ? [e.phase.exchange] : [],
  );
  const who = whoDecides(exchanges, { trusted });
  return (
    <section className="flex flex-col gap-2 text-xs" aria-label="Who decides" data-testid="who-decides">
      <PanelHeading
        title={`Who decides${who.server ? ` — ${who.server}` : ""}`}
        subtitle={`Three primitives, three answers to "who makes this happen" (${WHO_DECIDES_REF}).`}
      >
        <Button
          tone="primary"
          data-testid="fetch-catalogue"
          disabled={fetching || !envelope.ok || view.kind !== "ready"}
          onClick={() => void fetchCatalogue()}
          title="Send server/discover and the three list requests (they appear in the timeline)"
        >
          {fetching ? "Fetching…" : "Fetch the catalogue"}
        </Button>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            data-testid="trust-server"
            checked={trusted}
            onChange={(e) => setTrusted(e.target.checked)}
          />
          I trust this server
        </label>
      </PanelHeading>
      <p data-testid="trust-note" className="text-[11px] text-slate-600 dark:text-slate-300">
        {who.trustNote}
      </p>
      {who.instructions ? (
        <p>
          <span className="font-semibold">instructions (to the model): </span>
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
