"use client";
import { useTranslations } from "next-intl";
import { targetLabel } from "@/lib/bridge/target";
import type { Translate } from "@/lib/i18n/translate";
import {
  addToCollection,
  createCollection,
  frameSummary,
  saveRequest,
  type Change,
  type SavedStore,
} from "@/lib/session/saved-requests";
import type { SharedCollection } from "@/lib/share/collection-link";
import { Button } from "../ui";
import { newId, nowMs } from "./saved-store";
import { box, hint } from "./saved-style";

/** A collection opened from a link: what it holds, shown; nothing runs until Run (or Keep saves it here). */
export function LinkedCollection({
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

/** Keep a linked collection here: its frames saved, then a collection of them under its name. */
export function keptHere(store: SavedStore, collection: SharedCollection, t: Translate): Change {
  let next = store;
  const ids: string[] = [];
  for (const item of collection.items) {
    const saved = saveRequest(
      next,
      { id: newId(), name: item.name, frame: item.frame, target: item.target, now: nowMs() },
      t,
    );
    if (!saved.ok) return saved;
    next = saved.store;
    ids.push(next.requests[next.requests.length - 1].id);
  }
  const id = newId();
  const made = createCollection(next, { id, name: collection.name || t("saved.collections.sharedName") }, t);
  if (!made.ok) return made;
  next = made.store;
  for (const rid of ids) {
    const added = addToCollection(next, id, rid, t);
    if (added.ok) next = added.store;
  }
  return { ok: true, store: next };
}
