"use client";
/**
 * Saved frames, history and collections (issue 27 item 10): name the editor's frame and keep it with its target, find
 * it again, load or run it; see what was sent to this target; group saved frames into a collection, run it in order
 * (stopping at the first error; every exchange lands on the timeline) or share it as a link that never acts by itself.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { say, type Msg } from "@/lib/i18n/translate";
import { selectTarget } from "@/lib/session";
import {
  frameSummary,
  historyFor,
  saveRequest,
  searchRequests,
  type Change,
  type SavedStore,
} from "@/lib/session/saved-requests";
import {
  decodeCollectionFragment,
  encodeCollectionFragment,
  type CollectionItem,
  type SharedCollection,
} from "@/lib/share/collection-link";
import { withFragment } from "@/lib/share/codec";
import { spawnConfirmation } from "@/lib/share/live";
import type { PanelProps } from "../playground/types";
import { showPanel } from "../playground/panel-bus";
import { knownSecrets } from "../share/known-secrets";
import { useFragmentLink } from "../share/useFragmentLink";
import { Checkbox, PanelHeading, inputClass } from "../ui";
import { Collections } from "./Collections";
import { ConfirmCommands } from "./ConfirmCommands";
import { HistoryList } from "./HistoryList";
import { keptHere, LinkedCollection } from "./LinkedCollection";
import { SaveForm } from "./SaveForm";
import { RunStatus } from "./RunStatus";
import { SavedList } from "./SavedList";
import { newId, nowMs, updateSaved, useSavedStore } from "./saved-store";
import { hint } from "./saved-style";
import { useCollectionRun } from "./useCollectionRun";

export function SavedPanel({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const { store, dropped, problem } = useSavedStore();
  const view = selectTarget(state);
  const currentKey = view.kind === "ready" ? view.key : null;
  const [message, setMessage] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [allTargets, setAllTargets] = useState(false);
  const { run, running, runSequence } = useCollectionRun(commands);
  const [linked, setLinked] = useState<{ collection: SharedCollection } | { error: string } | null>(null);
  const [shared, setShared] = useState<{ id: string; url: string; omitted: Msg[] } | null>(null);
  const [confirming, setConfirming] = useState<{ name: string; items: CollectionItem[]; commands: Target[] } | null>(
    null,
  );

  // A collection link (#collection=…), opened or pasted into this tab, is shown here; nothing runs until Run.
  useFragmentLink("collection=", (hash) => {
    void decodeCollectionFragment(hash).then((d) => {
      if (d.kind === "none") return;
      setLinked(d.kind === "ok" ? { collection: d.collection } : { error: d.reason });
      showPanel("saved");
    });
  });

  const apply = (change: Change, done: string) => {
    if (!change.ok) return setMessage(change.error);
    updateSaved(change.store);
    setMessage(done);
  };
  const set = (next: SavedStore, done: string) => apply({ ok: true, store: next }, done);
  const load = (text: string) => dispatch({ type: "editor/replace", text });

  const saveFrame = (frame: string, frameName: string) => {
    if (view.kind !== "ready") return setMessage(t("saved.form.chooseTarget", { problem: view.problem }));
    apply(
      saveRequest(store, { id: newId(), name: frameName, frame, target: view.target, now: nowMs() }, t),
      t("saved.form.saved", { name: frameName.trim() || frameSummary(frame), target: view.label }),
    );
  };

  /** A collection from a link may start commands: they are shown and confirmed first. */
  const runLinked = (collection: SharedCollection) => {
    const commandsToStart = collection.items
      .map((i) => i.target)
      .filter(
        (target, i, all) => spawnConfirmation(target) && all.findIndex((x) => targetKey(x) === targetKey(target)) === i,
      );
    if (commandsToStart.length)
      return setConfirming({ name: collection.name, items: collection.items, commands: commandsToStart });
    void runSequence(t("saved.run.collection", { name: collection.name }), collection.items);
  };

  const keepLinked = (collection: SharedCollection) =>
    apply(
      keptHere(store, collection, t),
      t("saved.collections.kept", { name: collection.name, count: collection.items.length }),
    );

  const share = async (collectionId: string, collection: SharedCollection) => {
    const link = await encodeCollectionFragment(collection, { knownSecrets: knownSecrets() });
    // The sharer's own address bar is left alone: the link is shown, not navigated to.
    setShared({ id: collectionId, url: withFragment(window.location.href, link.fragment), omitted: link.omittedMsgs });
  };

  const results = searchRequests(store, query, allTargets ? null : currentKey);
  const history = currentKey ? historyFor(state.entries, currentKey, query, 20) : [];

  return (
    <section className="flex flex-col gap-3 text-sm" aria-label={t("saved.label")} data-testid="saved-panel">
      <PanelHeading title={t("saved.title")} subtitle={t("saved.subtitle")} />
      {run ? <RunStatus run={run} /> : null}

      {linked ? (
        <LinkedCollection
          linked={linked}
          running={running}
          onRun={runLinked}
          onKeep={keepLinked}
          onClose={() => setLinked(null)}
        />
      ) : null}
      {confirming ? (
        <ConfirmCommands
          commands={confirming.commands}
          onRun={() => {
            const c = confirming;
            setConfirming(null);
            void runSequence(t("saved.run.collection", { name: c.name }), c.items);
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : null}

      <SaveForm
        frame={state.editor.text}
        targetLabel={view.kind === "ready" ? view.label : null}
        onSave={(name) => saveFrame(state.editor.text, name)}
      />
      {message ? (
        <p role="status" data-testid="saved-message" className={hint}>
          {message}
        </p>
      ) : null}
      {problem || dropped ? (
        <p className="text-xs text-amber-800 dark:text-amber-200">
          {problem ? t("saved.store.problem", { problem: say(problem, t) }) : ""}{" "}
          {dropped ? t("saved.store.dropped", { count: dropped }) : ""}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-w-0 flex-1 items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
          {t("saved.search.label")}
          <input
            type="search"
            data-testid="saved-search"
            className={`${inputClass} min-w-0 flex-1`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("saved.search.placeholder")}
          />
        </label>
        <Checkbox
          className="text-xs text-slate-700 dark:text-slate-300"
          testId="saved-all-targets"
          checked={allTargets}
          onChange={setAllTargets}
        >
          {t("saved.search.allTargets")}
        </Checkbox>
      </div>

      <SavedList
        heading={
          allTargets
            ? t("saved.list.headingAll", { count: results.length })
            : view.kind === "ready"
              ? t("saved.list.headingFor", { target: view.label, count: results.length })
              : t("saved.list.heading", { count: results.length })
        }
        results={results}
        store={store}
        running={running}
        onLoad={load}
        onRun={(r) => void runSequence(t("saved.run.single", { name: r.name }), [r])}
        apply={apply}
        set={set}
      />

      <Collections
        store={store}
        running={running}
        shared={shared}
        onRun={(collection, items) => void runSequence(t("saved.run.collection", { name: collection }), items)}
        onShare={(id, collection) => void share(id, collection)}
        onMessage={setMessage}
        apply={apply}
        set={set}
      />

      <HistoryList
        heading={
          view.kind === "ready"
            ? t("saved.history.headingOn", { target: view.label, count: history.length })
            : t("saved.history.heading", { count: history.length })
        }
        history={history}
        onLoad={load}
        onSave={saveFrame}
      />
    </section>
  );
}
