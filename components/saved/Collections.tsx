"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { targetLabel } from "@/lib/bridge/target";
import { say, type Msg } from "@/lib/i18n/translate";
import {
  collectionRequests,
  createCollection,
  deleteCollection,
  editCollectionItem,
  type Change,
  type SavedStore,
} from "@/lib/session/saved-requests";
import type { CollectionItem, SharedCollection } from "@/lib/share/collection-link";
import { copyText } from "../share/download";
import { LinkInput } from "../share/LinkField";
import { Button, inputClass } from "../ui";
import { newId } from "./saved-store";
import { box, h3, hint } from "./saved-style";

/** The collections: make one, reorder or take out its frames, run it in order, or share it as a link. */
export function Collections({
  store,
  running,
  shared,
  onRun,
  onShare,
  onMessage,
  apply,
  set,
}: {
  store: SavedStore;
  running: boolean;
  shared: { id: string; url: string; omitted: Msg[] } | null;
  onRun: (name: string, items: CollectionItem[]) => void;
  onShare: (id: string, collection: SharedCollection) => void;
  onMessage: (message: string) => void;
  apply: (change: Change, done: string) => void;
  set: (next: SavedStore, done: string) => void;
}) {
  const t = useTranslations();
  const [collectionName, setCollectionName] = useState("");
  return (
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
                  disabled={!requests.length || running}
                  onClick={() => onRun(c.name, items)}
                >
                  {t("saved.collections.runInOrder")}
                </Button>
                <Button
                  data-testid="collection-share"
                  disabled={!requests.length}
                  onClick={() => onShare(c.id, { name: c.name, items })}
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
              <CollectionFrames store={store} collection={c} requests={requests} set={set} />
              {shared?.id === c.id ? (
                <div className="mt-2 flex flex-col gap-1" data-testid="collection-link-box">
                  <label className="text-xs text-slate-700 dark:text-slate-300">
                    {t("saved.collections.linkLabel")}
                    <LinkInput url={shared.url} testId="collection-link" />
                  </label>
                  <div className="flex gap-2">
                    <Button
                      onClick={() =>
                        void copyText(shared.url).then((ok) =>
                          onMessage(ok ? t("saved.collections.copied") : t("saved.collections.copyRefused")),
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
  );
}

/** A collection's frames in order, each movable up or down or taken out. */
function CollectionFrames({
  store,
  collection: c,
  requests,
  set,
}: {
  store: SavedStore;
  collection: SavedStore["collections"][number];
  requests: ReturnType<typeof collectionRequests>;
  set: (next: SavedStore, done: string) => void;
}) {
  const t = useTranslations();
  return (
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
  );
}
