"use client";
/** Under the share bar: the session that came back from the last visit (nothing was re-sent), and Start fresh. */
import { useLocale, useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import type { SavedNotice } from "./useSavedSession";
import { Button } from "../ui";

/** English keeps its 24-hour en-GB clock; Bulgarian and Russian read the time in their own format. */
function clock(ms: number, locale: string): string {
  return new Date(ms).toLocaleTimeString(locale === "en" ? "en-GB" : locale, { hour: "2-digit", minute: "2-digit" });
}

export function SavedSessionNotice({
  notice,
  onStartFresh,
  onDismiss,
}: {
  notice: SavedNotice;
  onStartFresh: () => void;
  onDismiss: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  if (notice.kind === "none") return null;
  const text =
    notice.kind === "restored"
      ? [
          t("shareTools.saved.restored", {
            time: notice.savedAt > 0 ? clock(notice.savedAt, locale) : t("shareTools.saved.earlier"),
            exchanges: notice.exchanges,
          }),
          notice.dropped ? t("shareTools.saved.dropped", { dropped: notice.dropped }) : "",
          notice.omitted.length ? t("shareTools.saved.secrets") : "",
        ]
          .filter(Boolean)
          .join(" ")
      : notice.kind === "unreadable"
        ? t("shareTools.saved.unreadable", { reason: say(notice.reason, t) })
        : t("shareTools.saved.notSaved", { reason: say(notice.reason, t) });
  return (
    <div
      data-testid="saved-session-notice"
      data-kind={notice.kind}
      className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <span className="min-w-0 flex-1">{text}</span>
      <Button data-testid="start-fresh" onClick={onStartFresh} title={t("shareTools.saved.startFreshTitle")}>
        {t("shareTools.saved.startFresh")}
      </Button>
      <Button data-testid="dismiss-saved-notice" onClick={onDismiss}>
        {t("shareTools.saved.ok")}
      </Button>
    </div>
  );
}
