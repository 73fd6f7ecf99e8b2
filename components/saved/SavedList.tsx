"use client";
import { useTranslations } from "next-intl";
import { targetLabel } from "@/lib/bridge/target";
import {
  addToCollection,
  deleteRequest,
  frameSummary,
  type Change,
  type SavedRequest,
  type SavedStore,
} from "@/lib/session/saved-requests";
import { Button, inputClass } from "../ui";
import { box, h3, hint } from "./saved-style";

/** The saved frames found: load one into the editor, run it, add it to a collection or delete it. */
export function SavedList({
  heading,
  results,
  store,
  running,
  onLoad,
  onRun,
  apply,
  set,
}: {
  heading: string;
  results: SavedRequest[];
  store: SavedStore;
  running: boolean;
  onLoad: (frame: string) => void;
  onRun: (r: SavedRequest) => void;
  apply: (change: Change, done: string) => void;
  set: (next: SavedStore, done: string) => void;
}) {
  const t = useTranslations();
  return (
    <div>
      <h3 className={h3}>{heading}</h3>
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
              <Button onClick={() => onLoad(r.frame)} aria-label={t("saved.list.loadLabel", { name: r.name })}>
                {t("saved.list.load")}
              </Button>
              <Button
                data-testid="saved-run"
                tone="primary"
                onClick={() => onRun(r)}
                aria-label={t("saved.list.runLabel", { name: r.name })}
                disabled={running}
              >
                {t("saved.list.run")}
              </Button>
              {store.collections.length ? <AddToCollection store={store} request={r} apply={apply} /> : null}
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
  );
}

/** "Add to…": a saved frame joins one of the collections. */
function AddToCollection({
  store,
  request: r,
  apply,
}: {
  store: SavedStore;
  request: SavedRequest;
  apply: (change: Change, done: string) => void;
}) {
  const t = useTranslations();
  return (
    <select
      aria-label={t("saved.list.addToLabel", { name: r.name })}
      data-testid="saved-add-to"
      className={inputClass}
      value=""
      onChange={(e) => {
        const c = store.collections.find((x) => x.id === e.target.value);
        if (c)
          apply(addToCollection(store, c.id, r.id, t), t("saved.list.added", { name: r.name, collection: c.name }));
      }}
    >
      <option value="">{t("saved.list.addTo")}</option>
      {store.collections.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
