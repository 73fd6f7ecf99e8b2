"use client";
/** Under the share bar: the session that came back from the last visit (nothing was re-sent), and Start fresh. */
import type { SavedNotice } from "./useSavedSession";
import { Button } from "../ui";

function time(ms: number): string {
  return ms > 0 ? new Date(ms).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" }) : "earlier";
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
  if (notice.kind === "none") return null;
  const text =
    notice.kind === "restored"
      ? `Restored your session from this browser (saved ${time(notice.savedAt)}): ${notice.exchanges} exchange${notice.exchanges === 1 ? "" : "s"}, the editor and the target — nothing was re-sent.${notice.dropped ? ` The ${notice.dropped} oldest exchange${notice.dropped === 1 ? " was" : "s were"} left out to keep the save small.` : ""}${notice.omitted.length ? " Secrets were not saved (as in links): retype them where needed." : ""}`
      : notice.kind === "unreadable"
        ? `Your saved session could not be restored (${notice.reason}). It is kept until you choose Start fresh.`
        : `This session is not being saved: ${notice.reason}.`;
  return (
    <div
      data-testid="saved-session-notice"
      data-kind={notice.kind}
      className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <span className="min-w-0 flex-1">{text}</span>
      <Button
        data-testid="start-fresh"
        onClick={onStartFresh}
        title="Forget the saved session and start with an empty timeline and the default frame"
      >
        Start fresh
      </Button>
      <Button data-testid="dismiss-saved-notice" onClick={onDismiss}>
        OK
      </Button>
    </div>
  );
}
