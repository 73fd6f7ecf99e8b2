"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ListenSession } from "@/lib/cache/state";
import type { SubscriptionFilter } from "@/lib/protocol/listen";
import { say } from "@/lib/i18n/translate";
import { Button, inputClass } from "../ui";
import { Card } from "../card";

const FLAGS: [keyof Omit<SubscriptionFilter, "resourceSubscriptions">, string][] = [
  ["toolsListChanged", "tools list_changed"],
  ["promptsListChanged", "prompts list_changed"],
  ["resourcesListChanged", "resources list_changed"],
];

function Stream({ session, onClose }: { session: ListenSession; onClose: () => void }) {
  const t = useTranslations();
  const ack = session.view?.acked;
  const reason = session.end?.reason;
  return (
    <li
      data-testid="listen-stream"
      data-status={session.status}
      className="space-y-1 rounded bg-slate-50 p-2 text-xs dark:bg-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-semibold">{String(session.view?.listenId ?? session.listenId)}</code>
        <span className="text-slate-600 dark:text-slate-400">{session.targetLabel}</span>
        <span data-testid="listen-status" className="rounded bg-slate-200 px-1.5 text-[11px] dark:bg-slate-700">
          {session.status === "ended"
            ? t("cacheListen.ended", {
                reason: reason ? t(`cacheListen.reason.${reason}`) : String(session.view?.status),
              })
            : t(`cacheListen.status.${session.status}`)}
        </span>
        {session.status !== "ended" ? (
          <Button tone="danger" data-testid="listen-close" className="ml-auto" onClick={onClose}>
            {t("cacheListen.close")}
          </Button>
        ) : null}
      </div>
      {ack ? (
        <p className="text-[11px] text-slate-600 dark:text-slate-300">
          {t("cacheListen.acknowledged")} <code>{JSON.stringify(ack)}</code>
          {session.view?.ackDiff?.dropped.length
            ? t("cacheListen.notHonoured", { list: session.view.ackDiff.dropped.join(", ") })
            : ""}
        </p>
      ) : null}
      {session.end ? (
        <p className="text-[11px] text-slate-600 dark:text-slate-400">
          {session.end.messageMsg ? say(session.end.messageMsg, t) : session.end.message}
        </p>
      ) : null}
      {session.notificationsNotKept ? (
        <p data-testid="listen-not-kept" className="text-[11px] text-slate-600 dark:text-slate-400">
          {t("cacheListen.notKept", { n: session.notificationsNotKept, kept: session.notifications.length })}
        </p>
      ) : null}
      <ol className="space-y-0.5">
        {session.notifications.map((n, i) => (
          <li key={i} data-testid="listen-notification" className="text-[11px]">
            <code>{JSON.stringify(n.frame)}</code>
            <span data-testid="listen-invalidated" className="text-violet-700 dark:text-violet-300">
              {" "}
              →{" "}
              {n.invalidated.length > 0
                ? t("cacheListen.madeStale", { list: n.invalidated.join(", ") })
                : t("cacheListen.noEntry")}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** Open a subscriptions/listen stream and watch its notifications invalidate cached entries as they arrive. */
export function ListenSection(props: {
  sessions: ListenSession[];
  disabled: string | null;
  makeFrame: (id: string, filter: SubscriptionFilter) => string;
  onOpen: (frameText: string) => void;
  onClose: (listenId: string) => void;
}) {
  const t = useTranslations();
  const [filter, setFilter] = useState<SubscriptionFilter>({
    toolsListChanged: true,
    resourcesListChanged: true,
    resourceSubscriptions: ["calendar://week"],
  });
  const [uris, setUris] = useState("calendar://week");
  const id = `listen-${props.sessions.length + 1}`;
  const frame = props.makeFrame(id, { ...filter, resourceSubscriptions: uris.split(",") });
  return (
    <Card as="section" testId="listen" label={t("cacheListen.label")} tone="section">
      <h3 className="text-xs font-semibold">{t("cacheListen.heading")}</h3>
      <div className="flex flex-wrap items-center gap-3 text-xs">
        {FLAGS.map(([key, label]) => (
          <label key={key} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={filter[key] === true}
              onChange={(e) => setFilter({ ...filter, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
        <label className="flex items-center gap-1">
          {t("cacheListen.updatedFor")}
          <input
            data-testid="listen-uris"
            className={`${inputClass} w-44 font-mono`}
            value={uris}
            onChange={(e) => setUris(e.target.value)}
            aria-label={t("cacheListen.urisLabel")}
          />
        </label>
        <Button
          tone="primary"
          data-testid="listen-open"
          disabled={props.disabled !== null}
          title={props.disabled ?? undefined}
          onClick={() => props.onOpen(frame)}
        >
          {t("cacheListen.open")}
        </Button>
      </div>
      <details className="text-[11px]">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-400">{t("cacheListen.frame")}</summary>
        <pre data-testid="listen-frame" className="whitespace-pre-wrap break-all font-mono">
          {frame}
        </pre>
      </details>
      {props.disabled ? <p className="text-[11px] text-slate-600 dark:text-slate-400">{props.disabled}</p> : null}
      <ul className="space-y-1">
        {[...props.sessions].reverse().map((s) => (
          <Stream key={s.listenId} session={s} onClose={() => props.onClose(s.listenId)} />
        ))}
      </ul>
    </Card>
  );
}
