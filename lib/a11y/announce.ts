/**
 * What the page's single polite live region says: one short sentence per event (a reply arrived, a probe
 * concluded, something went wrong, a Lab experiment or a Catalogue bill finished) — never the whole card.
 * Session events are derived from state; panels with their own state hand their sentence to `say` (the Lab's
 * lib/lab/report.ts labSentence, the Catalogue's lib/tokens/bill.ts billSentence). No React here.
 */
import { englishT, type Translate } from "@/lib/i18n/translate";
import { entryBadge, type SessionState, type TimelineEntry } from "@/lib/session";

type Slice = Pick<SessionState, "entries" | "verdicts" | "sendProblem">;

/** The method of a sent frame, from its first 2 KB (frames can be large; this is only a label). */
function methodOf(entry: TimelineEntry, t: Translate): string {
  if (entry.label) return entry.label;
  const m = /"method"\s*:\s*"([^"\\]{1,80})"/.exec(entry.sent.slice(0, 2048));
  return m ? m[1] : t("announce.frame");
}

/** The first line of a message, cut to a sentence's length (the card holds the rest). */
function brief(message: string): string {
  const line = message.split("\n", 1)[0].trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

function settledSentence(entry: TimelineEntry, t: Translate): string {
  const badge = entryBadge(entry, t);
  const what = `#${entry.seq} ${methodOf(entry, t)}`;
  if (badge.kind === "response") return t("announce.reply", { what });
  if (badge.kind === "notification") return t("announce.notification", { what });
  return t("announce.ended", { what, badge: badge.text });
}

/** Sentences for what changed from `prev` to `next`, in the order they happened on screen. */
export function announcements(prev: Slice, next: Slice, t: Translate = englishT): string[] {
  const out: string[] = [];
  const before = new Map(prev.entries.map((e) => [e.sendId, e.phase.status]));
  for (const entry of next.entries) {
    const was = before.get(entry.sendId);
    // Only sends seen in flight: entries that arrive settled (a loaded link or file) are not news.
    if (was === "pending" && entry.phase.status !== "pending") out.push(settledSentence(entry, t));
  }
  for (const [key, verdict] of Object.entries(next.verdicts)) {
    if (prev.verdicts[key] === verdict) continue;
    if (verdict.status === "done")
      out.push(
        t("announce.verdict", {
          era: `${t(`target.era.${verdict.era}`)}${verdict.version ? ` (${verdict.version})` : ""}`,
        }),
      );
    else if (verdict.status === "error") out.push(t("announce.probeFailed", { message: brief(verdict.message) }));
  }
  if (next.sendProblem && next.sendProblem !== prev.sendProblem)
    out.push(t("announce.notSent", { message: brief(next.sendProblem.message) }));
  return out;
}

// The page's one live region listens here for sentences from panels that keep their own state (Lab, Catalogue).
const listeners = new Set<(sentence: string) => void>();

/** Hands one sentence to the live region (a no-op when none is mounted). */
export function say(sentence: string): void {
  for (const listener of listeners) listener(sentence);
}

/** The live region's subscription; returns the unsubscribe. */
export function onSay(listener: (sentence: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
