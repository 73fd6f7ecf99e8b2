/**
 * Choose what goes into a link (issue 27 item 12): the cards a link may carry, and which are picked at first — every
 * settled exchange except the Checks' own frames (the suite's many deliberately odd requests are noise in a teaching
 * link). Their cards are labelled "check …" (lib/checks/panel.ts sessionSend), and "recorded · check …" once restored
 * by a reload, a link or a session file. Pure.
 */
import { asObject, tryParseJson } from "../protocol/json";
import { ownLabel, type SessionState, type TimelineEntry } from "../session/state";

/** The label the Checks tab gives its frames starts with this word. */
export const CHECKS_LABEL = /^check(\s|$)/;

export interface PickRow {
  seq: number;
  /** "tools/list", "tools/call create_event", … */
  summary: string;
  label: string | null;
  targetLabel: string;
  checksFrame: boolean;
}

function summary(sent: string): string {
  const frame = asObject(tryParseJson(sent));
  if (!frame) return "not JSON";
  const method = typeof frame.method === "string" ? frame.method : "(no method)";
  const name = asObject(frame.params)?.name;
  return typeof name === "string" ? `${method} ${name}` : method;
}

export function isChecksFrame(entry: Pick<TimelineEntry, "label">): boolean {
  return CHECKS_LABEL.test(ownLabel(entry.label) ?? "");
}

/** The cards a link can carry: the settled ones (a pending send has nothing to show yet). */
export function pickRows(entries: TimelineEntry[]): PickRow[] {
  return entries
    .filter((e) => e.phase.status === "done")
    .map((e) => ({
      seq: e.seq,
      summary: summary(e.sent),
      label: e.label,
      targetLabel: e.targetLabel,
      checksFrame: isChecksFrame(e),
    }));
}

/** Picked at first: everything but the Checks' frames. */
export function defaultPick(entries: TimelineEntry[]): Set<number> {
  return new Set(
    pickRows(entries)
      .filter((r) => !r.checksFrame)
      .map((r) => r.seq),
  );
}

/** The session as a link of only the picked cards would hold it (everything else — editor, target — as it is). */
export function sessionWithPicked(session: SessionState, picked: ReadonlySet<number>): SessionState {
  return { ...session, entries: session.entries.filter((e) => picked.has(e.seq)) };
}
