"use client";
import { useTranslations } from "next-intl";
import type { HistoryItem } from "@/lib/session/saved-requests";
import { Button } from "../ui";
import { box, h3, hint } from "./saved-style";

/** What was sent to this target (newest first): load a frame again or save it. */
export function HistoryList({
  heading,
  history,
  onLoad,
  onSave,
}: {
  heading: string;
  history: HistoryItem[];
  onLoad: (frame: string) => void;
  onSave: (frame: string, summary: string) => void;
}) {
  const t = useTranslations();
  return (
    <div>
      <h3 className={h3}>{heading}</h3>
      <p className={hint}>{t("saved.history.about")}</p>
      <ul data-testid="saved-history" className="mt-1 flex flex-col gap-1">
        {history.map((h) => (
          <li key={h.seq} data-testid="history-item" className={`${box} flex flex-wrap items-center gap-2`}>
            <p className="min-w-0 flex-1 truncate text-xs text-slate-800 dark:text-slate-100">
              #{h.seq} {h.summary}
              {h.times > 1 ? <span className={hint}>{t("saved.history.sent", { count: h.times })}</span> : null}
            </p>
            <Button onClick={() => onLoad(h.frame)} aria-label={t("saved.history.loadLabel", { seq: h.seq })}>
              {t("saved.history.load")}
            </Button>
            <Button
              onClick={() => onSave(h.frame, h.summary)}
              aria-label={t("saved.history.saveLabel", { seq: h.seq })}
            >
              {t("saved.history.save")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
