"use client";
/**
 * Saved frames, history and collections (issue 27 item 10): name the editor's frame and keep it with its target, find
 * it again, load or run it; see what was sent to this target; group saved frames into a collection, run it in order
 * (stopping at the first error; every exchange lands on the timeline) or share it as a link that never acts by itself.
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { targetKey, targetLabel } from "@/lib/bridge/target";
import { say, type Msg } from "@/lib/i18n/translate";
import { selectTarget } from "@/lib/session";
import {
  addToCollection,
  collectionRequests,
  createCollection,
  deleteCollection,
  deleteRequest,
  editCollectionItem,
  frameSummary,
  historyFor,
  saveRequest,
  searchRequests,
  stopReason,
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
import { spawnConfirmation, withEnvValues } from "@/lib/share/live";
import type { PanelProps } from "../playground/types";
import { showPanel } from "../playground/panel-bus";
import { copyText } from "../share/download";
import { knownSecrets } from "../share/known-secrets";
import { Button, PanelHeading, inputClass } from "../ui";
import { newId, nowMs, updateSaved, useSavedStore } from "./saved-store";

type RunState = {
  name: string;
  total: number;
  done: number;
  status: "running" | "finished" | "stopped";
  why?: string;
} | null;

const box = "rounded border border-slate-300 p-2 dark:border-slate-700";
const hint = "text-xs text-slate-600 dark:text-slate-400";
const h3 = "text-sm font-semibold text-slate-800 dark:text-slate-100";

export function SavedPanel({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const { store, dropped, problem } = useSavedStore();
  const view = selectTarget(state);
  const currentKey = view.kind === "ready" ? view.key : null;
  const [name, setName] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [allTargets, setAllTargets] = useState(false);
  const [collectionName, setCollectionName] = useState("");
  const [run, setRun] = useState<RunState>(null);
  const [linked, setLinked] = useState<{ collection: SharedCollection } | { error: string } | null>(null);
  const [shared, setShared] = useState<{ id: string; url: string; omitted: Msg[] } | null>(null);
  const [confirming, setConfirming] = useState<{ name: string; items: CollectionItem[]; commands: Target[] } | null>(
    null,
  );

  // A collection link (#collection=…) is shown here; nothing runs until the user presses Run.
  useEffect(() => {
    let live = true;
    void decodeCollectionFragment(window.location.hash).then((d) => {
      if (!live || d.kind === "none") return;
      setLinked(d.kind === "ok" ? { collection: d.collection } : { error: d.reason });
      showPanel("saved");
    });
    return () => {
      live = false;
    };
  }, []);

  const apply = (change: Change, done: string) => {
    if (!change.ok) return setMessage(change.error);
    updateSaved(change.store);
    setMessage(done);
  };
  const set = (next: SavedStore, done: string) => apply({ ok: true, store: next }, done);

  const saveFrame = (frame: string, frameName: string) => {
    if (view.kind !== "ready") return setMessage(t("saved.form.chooseTarget", { problem: view.problem }));
    apply(
      saveRequest(store, { id: newId(), name: frameName, frame, target: view.target, now: nowMs() }, t),
      t("saved.form.saved", { name: frameName.trim() || frameSummary(frame), target: view.label }),
    );
  };

  const runSequence = async (label: string, items: CollectionItem[]) => {
    if (run?.status === "running") return;
    setRun({ name: label, total: items.length, done: 0, status: "running" });
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      // Saved targets hold no env values: an empty one is left out rather than sent empty.
      const exchange = await commands.sendFrame(item.frame, {
        label: `${label} · ${i + 1}/${items.length} ${item.name}`,
        target: withEnvValues(item.target, {}),
      });
      const why = stopReason(exchange, t);
      if (why)
        return setRun({
          name: label,
          total: items.length,
          done: i + 1,
          status: "stopped",
          why: t("saved.run.stoppedAt", { n: i + 1, total: items.length, item: item.name, reason: why }),
        });
      setRun({ name: label, total: items.length, done: i + 1, status: "running" });
    }
    setRun({ name: label, total: items.length, done: items.length, status: "finished" });
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

  const keepLinked = (collection: SharedCollection) => {
    let next = store;
    const ids: string[] = [];
    for (const item of collection.items) {
      const saved = saveRequest(
        next,
        { id: newId(), name: item.name, frame: item.frame, target: item.target, now: nowMs() },
        t,
      );
      if (!saved.ok) return setMessage(saved.error);
      next = saved.store;
      ids.push(next.requests[next.requests.length - 1].id);
    }
    const id = newId();
    const made = createCollection(next, { id, name: collection.name || t("saved.collections.sharedName") }, t);
    if (!made.ok) return setMessage(made.error);
    next = made.store;
    for (const rid of ids) {
      const added = addToCollection(next, id, rid, t);
      if (added.ok) next = added.store;
    }
    set(next, t("saved.collections.kept", { name: collection.name, count: ids.length }));
  };

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
      {run ? (
        <p
          role="status"
          data-testid="collection-run-status"
          data-status={run.status}
          className={`rounded p-2 text-xs ${run.status === "stopped" ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"}`}
        >
          {run.status === "running"
            ? t("saved.run.running", { name: run.name, done: run.done, total: run.total })
            : run.status === "finished"
              ? t("saved.run.finished", { name: run.name, total: run.total })
              : t("saved.run.stopped", { name: run.name, why: run.why ?? "" })}
        </p>
      ) : null}

      {linked ? (
        <LinkedCollection
          linked={linked}
          running={run?.status === "running"}
          onRun={runLinked}
          onKeep={keepLinked}
          onClose={() => setLinked(null)}
        />
      ) : null}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="collection-confirm-title"
          data-testid="collection-confirm"
          className={`${box} border-amber-400 bg-amber-50 dark:bg-amber-950`}
        >
          <p id="collection-confirm-title" className="font-medium text-amber-900 dark:text-amber-100">
            {t("saved.confirm.starts", { count: confirming.commands.length })}
          </p>
          <ul className="my-1 space-y-1 font-mono text-xs text-amber-900 dark:text-amber-100">
            {confirming.commands.map((target) => {
              const c = spawnConfirmation(target)!;
              return (
                <li key={targetKey(target)}>
                  argv {JSON.stringify(c.argv)}
                  {c.cwd ? t("saved.confirm.cwd", { cwd: c.cwd }) : ""}
                  {c.envKeys.length ? t("saved.confirm.env", { keys: c.envKeys.join(", ") }) : ""}
                </li>
              );
            })}
          </ul>
          <div className="flex gap-2">
            <Button
              tone="danger"
              data-testid="collection-confirm-run"
              onClick={() => {
                const c = confirming;
                setConfirming(null);
                void runSequence(t("saved.run.collection", { name: c.name }), c.items);
              }}
            >
              {t("saved.confirm.run")}
            </Button>
            <Button onClick={() => setConfirming(null)}>{t("saved.confirm.cancel")}</Button>
          </div>
        </div>
      ) : null}

      <form
        className={`${box} flex flex-wrap items-end gap-2`}
        onSubmit={(e) => {
          e.preventDefault();
          saveFrame(state.editor.text, name);
          setName("");
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col text-xs text-slate-700 dark:text-slate-300">
          {t("saved.form.name", { summary: frameSummary(state.editor.text) })}
          <input
            data-testid="saved-name"
            className={inputClass}
            value={name}
            maxLength={120}
            placeholder={frameSummary(state.editor.text)}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <Button type="submit" tone="primary" data-testid="saved-save" disabled={view.kind !== "ready"}>
          {view.kind === "ready" ? t("saved.form.saveFor", { target: view.label }) : t("saved.form.save")}
        </Button>
      </form>
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
        <label className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            data-testid="saved-all-targets"
            checked={allTargets}
            onChange={(e) => setAllTargets(e.target.checked)}
          />
          {t("saved.search.allTargets")}
        </label>
      </div>

      <div>
        <h3 className={h3}>
          {allTargets
            ? t("saved.list.headingAll", { count: results.length })
            : view.kind === "ready"
              ? t("saved.list.headingFor", { target: view.label, count: results.length })
              : t("saved.list.heading", { count: results.length })}
        </h3>
        {results.length === 0 ? (
          <p className={hint}>{store.requests.length ? t("saved.list.noMatch") : t("saved.list.empty")}</p>
        ) : (
          <ul data-testid="saved-list" className="mt-1 flex flex-col gap-1">
            {results.map((r) => (
              <li
                key={r.id}
                data-testid="saved-item"
                data-name={r.name}
                className={`${box} flex flex-wrap items-center gap-2`}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-800 dark:text-slate-100">{r.name}</p>
                  <p className={`${hint} truncate`}>
                    {frameSummary(r.frame)} · {targetLabel(r.target)}
                  </p>
                </div>
                <Button
                  onClick={() => dispatch({ type: "editor/replace", text: r.frame })}
                  aria-label={t("saved.list.loadLabel", { name: r.name })}
                >
                  {t("saved.list.load")}
                </Button>
                <Button
                  data-testid="saved-run"
                  tone="primary"
                  onClick={() => void runSequence(t("saved.run.single", { name: r.name }), [r])}
                  aria-label={t("saved.list.runLabel", { name: r.name })}
                  disabled={run?.status === "running"}
                >
                  {t("saved.list.run")}
                </Button>
                {store.collections.length ? (
                  <select
                    aria-label={t("saved.list.addToLabel", { name: r.name })}
                    data-testid="saved-add-to"
                    className={inputClass}
                    value=""
                    onChange={(e) => {
                      const c = store.collections.find((x) => x.id === e.target.value);
                      if (c)
                        apply(
                          addToCollection(store, c.id, r.id, t),
                          t("saved.list.added", { name: r.name, collection: c.name }),
                        );
                    }}
                  >
                    <option value="">{t("saved.list.addTo")}</option>
                    {store.collections.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                ) : null}
                <Button
                  tone="danger"
                  onClick={() => set(deleteRequest(store, r.id), t("saved.list.deleted", { name: r.name }))}
                  aria-label={t("saved.list.deleteLabel", { name: r.name })}
                >
                  {t("saved.list.delete")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className={h3}>{t("saved.collections.heading", { count: store.collections.length })}</h3>
        <form
          className="mt-1 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply(
              createCollection(store, { id: newId(), name: collectionName }, t),
              t("saved.collections.created", { name: collectionName.trim() }),
            );
            setCollectionName("");
          }}
        >
          <label className="flex min-w-0 flex-1 flex-col text-xs text-slate-700 dark:text-slate-300">
            {t("saved.collections.newLabel")}
            <input
              data-testid="collection-name"
              className={inputClass}
              value={collectionName}
              maxLength={120}
              onChange={(e) => setCollectionName(e.target.value)}
            />
          </label>
          <Button type="submit" data-testid="collection-create">
            {t("saved.collections.create")}
          </Button>
        </form>
        <ul className="mt-2 flex flex-col gap-2">
          {store.collections.map((c) => {
            const requests = collectionRequests(store, c);
            const items = requests.map((r) => ({ name: r.name, frame: r.frame, target: r.target }));
            return (
              <li key={c.id} data-testid="saved-collection" data-name={c.name} className={box}>
                <div className="flex flex-wrap items-center gap-2">
                  <p className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-100">
                    {c.name} <span className={hint}>{t("saved.collections.frames", { count: requests.length })}</span>
                  </p>
                  <Button
                    tone="primary"
                    data-testid="collection-run"
                    disabled={!requests.length || run?.status === "running"}
                    onClick={() => void runSequence(t("saved.run.collection", { name: c.name }), items)}
                  >
                    {t("saved.collections.runInOrder")}
                  </Button>
                  <Button
                    data-testid="collection-share"
                    disabled={!requests.length}
                    onClick={() => void share(c.id, { name: c.name, items })}
                  >
                    {t("saved.collections.share")}
                  </Button>
                  <Button
                    tone="danger"
                    onClick={() => set(deleteCollection(store, c.id), t("saved.collections.deleted", { name: c.name }))}
                  >
                    {t("saved.collections.delete")}
                  </Button>
                </div>
                <ol className="mt-1 list-decimal pl-5 text-xs">
                  {requests.map((r, i) => (
                    <li key={`${r.id}-${i}`} className="py-0.5">
                      <span className="text-slate-800 dark:text-slate-100">{r.name}</span>{" "}
                      <span className={hint}>{targetLabel(r.target)}</span>{" "}
                      <Button
                        aria-label={t("saved.collections.moveUp", { name: r.name })}
                        disabled={i === 0}
                        onClick={() =>
                          set(editCollectionItem(store, c.id, i, -1), t("saved.collections.movedUp", { name: r.name }))
                        }
                      >
                        ↑
                      </Button>{" "}
                      <Button
                        aria-label={t("saved.collections.moveDown", { name: r.name })}
                        disabled={i === requests.length - 1}
                        onClick={() =>
                          set(editCollectionItem(store, c.id, i, 1), t("saved.collections.movedDown", { name: r.name }))
                        }
                      >
                        ↓
                      </Button>{" "}
                      <Button
                        aria-label={t("saved.collections.takeOut", { name: r.name, collection: c.name })}
                        onClick={() =>
                          set(
                            editCollectionItem(store, c.id, i, 0),
                            t("saved.collections.tookOut", { name: r.name, collection: c.name }),
                          )
                        }
                      >
                        ✕
                      </Button>
                    </li>
                  ))}
                </ol>
                {shared?.id === c.id ? (
                  <div className="mt-2 flex flex-col gap-1" data-testid="collection-link-box">
                    <label className="text-xs text-slate-700 dark:text-slate-300">
                      {t("saved.collections.linkLabel")}
                      <input
                        readOnly
                        data-testid="collection-link"
                        className={`${inputClass} w-full font-mono`}
                        value={shared.url}
                        onFocus={(e) => e.target.select()}
                      />
                    </label>
                    <div className="flex gap-2">
                      <Button
                        onClick={() =>
                          void copyText(shared.url).then((ok) =>
                            setMessage(ok ? t("saved.collections.copied") : t("saved.collections.copyRefused")),
                          )
                        }
                      >
                        {t("saved.collections.copy")}
                      </Button>
                    </div>
                    {shared.omitted.length ? (
                      <p className={hint}>
                        {t("saved.collections.omitted", { list: shared.omitted.map((m) => say(m, t)).join("; ") })}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>

      <div>
        <h3 className={h3}>
          {view.kind === "ready"
            ? t("saved.history.headingOn", { target: view.label, count: history.length })
            : t("saved.history.heading", { count: history.length })}
        </h3>
        <p className={hint}>{t("saved.history.about")}</p>
        <ul data-testid="saved-history" className="mt-1 flex flex-col gap-1">
          {history.map((h) => (
            <li key={h.seq} data-testid="history-item" className={`${box} flex flex-wrap items-center gap-2`}>
              <p className="min-w-0 flex-1 truncate text-xs text-slate-800 dark:text-slate-100">
                #{h.seq} {h.summary}
                {h.times > 1 ? <span className={hint}>{t("saved.history.sent", { count: h.times })}</span> : null}
              </p>
              <Button
                onClick={() => dispatch({ type: "editor/replace", text: h.frame })}
                aria-label={t("saved.history.loadLabel", { seq: h.seq })}
              >
                {t("saved.history.load")}
              </Button>
              <Button
                onClick={() => saveFrame(h.frame, h.summary)}
                aria-label={t("saved.history.saveLabel", { seq: h.seq })}
              >
                {t("saved.history.save")}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LinkedCollection({
  linked,
  running,
  onRun,
  onKeep,
  onClose,
}: {
  linked: { collection: SharedCollection } | { error: string };
  running: boolean;
  onRun: (c: SharedCollection) => void;
  onKeep: (c: SharedCollection) => void;
  onClose: () => void;
}) {
  const t = useTranslations();
  if ("error" in linked)
    return (
      <div
        role="alert"
        data-testid="collection-link-error"
        className={`${box} border-red-400 text-red-800 dark:text-red-200`}
      >
        {t("saved.linked.error", { reason: linked.error })}
        <Button className="ml-2" onClick={onClose}>
          {t("saved.linked.close")}
        </Button>
      </div>
    );
  const c = linked.collection;
  return (
    <div data-testid="collection-opened" className={`${box} border-blue-400 bg-blue-50 dark:bg-slate-800`}>
      <p className="font-medium text-slate-800 dark:text-slate-100">
        {t("saved.linked.opened", { name: c.name, count: c.items.length })}
      </p>
      <ol className="my-1 list-decimal pl-5 text-xs text-slate-800 dark:text-slate-100">
        {c.items.map((i, n) => (
          <li key={n}>
            {i.name}{" "}
            <span className={hint}>
              · {frameSummary(i.frame)} · {targetLabel(i.target)}
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button tone="primary" data-testid="collection-run" disabled={running} onClick={() => onRun(c)}>
          {t("saved.linked.runInOrder")}
        </Button>
        <Button data-testid="collection-keep" onClick={() => onKeep(c)}>
          {t("saved.linked.keep")}
        </Button>
        <Button onClick={onClose}>{t("saved.linked.close")}</Button>
      </div>
    </div>
  );
}
