"use client";
/**
 * Under the share bar: the session that came back from the last visit (nothing was re-sent), and Start fresh.
 * After Start fresh: what was cleared, and Undo. An undo rather than a confirmation: the click stays one click for
 * the user who meant it, and the one who did not gets everything back (editor, target, timeline) instead of having
 * to read a dialog first. Offered until something new is sent (Undo would then throw that away).
 */
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import type { SavedNotice, useSavedSession } from "./useSavedSession";
import { Button } from "../ui";
import { downloadText } from "./download";

/** English keeps its 24-hour en-GB clock; Bulgarian and Russian read the time in their own format. */
function clock(ms: number, locale: string): string {
  return new Date(ms).toLocaleTimeString(locale === "en" ? "en-GB" : locale, { hour: "2-digit", minute: "2-digit" });
}

function noticeText(
  notice: Exclude<SavedNotice, { kind: "none" }>,
  t: ReturnType<typeof useTranslations>,
  locale: string,
) {
  if (notice.kind === "unreadable")
    return t(notice.setAside ? "shareTools.saved.unreadableSetAside" : "shareTools.saved.unreadable", {
      reason: say(notice.reason, t),
    });
  if (notice.kind === "not-saved") return t("shareTools.saved.notSaved", { reason: say(notice.reason, t) });
  return [
    t("shareTools.saved.restored", {
      time: notice.savedAt > 0 ? clock(notice.savedAt, locale) : t("shareTools.saved.earlier"),
      exchanges: notice.exchanges,
    }),
    // A save says what it left out and why; one written before it did says only how many of the oldest.
    ...(notice.leftOut.length > 0
      ? notice.leftOut.map((m) => `${say(m, t)}.`)
      : [notice.dropped ? t("shareTools.saved.dropped", { dropped: notice.dropped }) : ""]),
    notice.omitted.length ? t("shareTools.saved.secrets") : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** One notice line: its text, its action (the children) and a button that dismisses it. */
function NoticeLine({
  text,
  dismiss,
  children,
  ...attributes
}: {
  text: string;
  dismiss: { testId: string; label: string; onClick: () => void };
  children: ReactNode;
  role?: "status";
} & { [attribute: `data-${string}`]: string }) {
  return (
    <div
      {...attributes}
      className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <span className="min-w-0 flex-1">{text}</span>
      {children}
      <Button data-testid={dismiss.testId} onClick={dismiss.onClick}>
        {dismiss.label}
      </Button>
    </div>
  );
}

export function SavedSessionNotices({ saved }: { saved: ReturnType<typeof useSavedSession> }) {
  const t = useTranslations();
  const locale = useLocale();
  const { notice, cleared } = saved;
  return (
    <>
      {notice.kind === "none" ? null : (
        <NoticeLine
          data-testid="saved-session-notice"
          data-kind={notice.kind}
          text={noticeText(notice, t, locale)}
          dismiss={{ testId: "dismiss-saved-notice", label: t("shareTools.saved.ok"), onClick: saved.dismiss }}
        >
          {notice.kind === "unreadable" ? (
            <Button
              data-testid="saved-session-download"
              title={t("shareTools.saved.downloadTitle")}
              onClick={() => downloadText("mcp-playground-unrestored-session.json", notice.text, "application/json")}
            >
              {t("shareTools.saved.download")}
            </Button>
          ) : null}
          <Button data-testid="start-fresh" onClick={saved.startFresh} title={t("shareTools.saved.startFreshTitle")}>
            {t("shareTools.saved.startFresh")}
          </Button>
        </NoticeLine>
      )}
      {cleared ? (
        <NoticeLine
          role="status"
          data-testid="start-fresh-done"
          text={t("shareTools.fresh.done", { exchanges: cleared.exchanges })}
          dismiss={{ testId: "start-fresh-dismiss", label: t("shareTools.fresh.ok"), onClick: saved.dismissCleared }}
        >
          <Button
            tone="primary"
            data-testid="start-fresh-undo"
            onClick={saved.undoFresh}
            title={t("shareTools.fresh.undoTitle")}
          >
            {t("shareTools.fresh.undo")}
          </Button>
        </NoticeLine>
      ) : null}
    </>
  );
}
