"use client";
import { useState, useSyncExternalStore } from "react";
import { PANELS } from "./panels";
import type { PanelProps } from "./types";

const noSubscribe = () => () => {};

/** Tabs over the panel registry; inactive panels stay mounted (hidden) so they keep their local state. */
export function PanelTabs(props: PanelProps) {
  // An experiment link (#lab=…) opens on the Lab tab; the server renders the default (no hash there).
  const linkTab = useSyncExternalStore(noSubscribe, () => (window.location.hash.startsWith("#lab=") ? "lab" : null), () => null);
  const [chosen, setActive] = useState<string | null>(null);
  const active = chosen ?? linkTab ?? PANELS[0].id;
  // Another panel asked to show an exchange (e.g. a check's evidence): bring the timeline forward.
  const focusNonce = props.state.focus?.nonce;
  const [seenNonce, setSeenNonce] = useState(focusNonce);
  if (focusNonce !== seenNonce) {
    setSeenNonce(focusNonce);
    if (focusNonce !== undefined) setActive("timeline");
  }
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <div role="tablist" aria-label="Panels" className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-700">
        {PANELS.map((p) => (
          <button
            key={p.id}
            role="tab"
            type="button"
            id={`tab-${p.id}`}
            aria-selected={p.id === active}
            aria-controls={`panel-${p.id}`}
            data-testid={`tab-${p.id}`}
            onClick={() => setActive(p.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-2 py-1 text-xs font-medium ${p.id === active ? "border-blue-600 text-blue-700 dark:text-blue-300" : "border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"}`}
          >
            {p.label}
          </button>
        ))}
      </div>
      {PANELS.map(({ id, Component }) => (
        <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={id !== active} className="min-h-0 flex-1 overflow-auto pr-1">
          <Component {...props} />
        </div>
      ))}
    </div>
  );
}
