"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useEditorSettled } from "../editor/editor-settled";
import { linkPanel } from "../share/link-address";
import { useBrowserValue } from "../useHydrated";
import { onShowPanel } from "./panel-bus";
import { PANELS } from "./panels";
import type { PanelProps } from "./types";

/** The tab a key press in the tab strip moves to (WAI-ARIA tabs: arrows wrap, Home/End jump), or null. */
function tabAfterKey(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowLeft") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * Tabs over the panel registry, following the WAI-ARIA tabs pattern: one tab stop (roving tabindex), arrows and
 * Home/End move between tabs and show the panel at once. Inactive panels stay mounted (hidden) so they keep
 * their local state; they mount (and their code loads) once the frame editor has settled, the shown one at once.
 */
/** Another panel (showPanel) or a tab's link pasted into this open tab (#lab=…, #collection=…, #auth=…) brings a tab forward. */
function useTabRequests(setActive: (id: string) => void, setFocusPanel: (focus: { id: string }) => void) {
  useEffect(() => {
    return onShowPanel((id) => {
      setActive(id);
      setFocusPanel({ id });
    });
  }, [setActive, setFocusPanel]);
  // A tab's link pasted into this open tab (#lab=…, #collection=…, #auth=…) brings its tab forward, which mounts it
  // if it was not yet: the tab then reads the link as on a fresh load.
  useEffect(() => {
    const onHash = () => {
      const panel = linkPanel(window.location.hash);
      if (panel) setActive(panel);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [setActive]);
}

export function PanelTabs(props: PanelProps) {
  const t = useTranslations();
  // An experiment link (#lab=…) opens on the Lab tab; the server renders the default (no hash there).
  const linkTab = useBrowserValue<string | null>(() => (window.location.hash.startsWith("#lab=") ? "lab" : null), null);
  const [chosen, setActive] = useState<string | null>(null);
  const editorSettled = useEditorSettled();
  const active = chosen ?? linkTab ?? PANELS[0].id;
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const [focusPanel, setFocusPanel] = useState<{ id: string } | null>(null);
  // Another panel asked to show an exchange (e.g. a check's evidence): bring the timeline forward.
  const focusNonce = props.state.focus?.nonce;
  const [seenNonce, setSeenNonce] = useState(focusNonce);
  if (focusNonce !== seenNonce) {
    setSeenNonce(focusNonce);
    if (focusNonce !== undefined) setActive("timeline");
  }

  useTabRequests(setActive, setFocusPanel);
  // Focus moves once the panel is visible (it was hidden during the click).
  useEffect(() => {
    if (focusPanel) document.getElementById(`panel-${focusPanel.id}`)?.focus();
  }, [focusPanel]);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = tabAfterKey(
      e.key,
      PANELS.findIndex((p) => p.id === active),
      PANELS.length,
    );
    if (next === null) return;
    e.preventDefault();
    setActive(PANELS[next].id);
    tabs.current[PANELS[next].id]?.focus();
  };

  return (
    <div className="flex min-h-0 min-w-0 flex-col gap-2">
      <div
        role="tablist"
        aria-label={t("tabs.label")}
        onKeyDown={onKeyDown}
        className="flex flex-wrap border-b border-slate-200 dark:border-slate-700"
      >
        {PANELS.map((p) => (
          <button
            key={p.id}
            ref={(el) => {
              tabs.current[p.id] = el;
            }}
            role="tab"
            type="button"
            id={`tab-${p.id}`}
            aria-selected={p.id === active}
            aria-controls={`panel-${p.id}`}
            tabIndex={p.id === active ? 0 : -1}
            data-testid={`tab-${p.id}`}
            onClick={() => setActive(p.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-0.5 py-1 text-xs font-medium ${p.id === active ? "border-blue-600 text-blue-700 dark:text-blue-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"}`}
          >
            {t(`tabs.${p.id}`)}
            {p.Badge ? <p.Badge {...props} /> : null}
          </button>
        ))}
      </div>
      {PANELS.map(({ id, Component }) => (
        // tabIndex 0: the panel scrolls, so keyboard users must be able to reach it to scroll it.
        <div
          key={id}
          role="tabpanel"
          id={`panel-${id}`}
          aria-labelledby={`tab-${id}`}
          tabIndex={0}
          hidden={id !== active}
          className="min-h-0 flex-1 overflow-auto pr-1"
        >
          {id === active || editorSettled ? <Component {...props} /> : null}
        </div>
      ))}
    </div>
  );
}
