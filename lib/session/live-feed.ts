/**
 * The stderr and notifications pane beside the timeline (issue 27 item 13), as pure data: for one target, every
 * stderr line and every server notification its exchanges carried, the process's spawns and exits, in the order
 * they arrived, plus the stderr the process wrote between exchanges (the process status's tail). Bounded: the
 * newest MAX_FEED_LINES lines.
 */
import type { ProcessStatus } from "../bridge/contract";
import { asObject } from "../protocol/json";
import type { TimelineEntry } from "./state";
import { joinCommandLine } from "../bridge/command-line";
import { eventFrame, receivedFrames } from "../protocol/exchange";

export const MAX_FEED_LINES = 500;
const MAX_TEXT = 2_000;

export type FeedKind = "stderr" | "notification" | "spawn" | "exit" | "between";

export interface FeedLine {
  /** Wall-clock ms (the exchange's start + the event's offset); 0 for lines with no time (the status tail). */
  at: number;
  kind: FeedKind;
  text: string;
  /** The card the line came with; null for the process's lines between exchanges. */
  seq: number | null;
}

function clip(text: string): string {
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}… (${text.length.toLocaleString("en-US")} characters)`
    : text;
}

/** A notification frame in one line: its method and, when short, its params. */
export function notificationText(frame: unknown): string | null {
  const f = asObject(frame);
  if (!f || typeof f.method !== "string" || "id" in f) return null;
  const params = f.params === undefined ? "" : ` ${JSON.stringify(f.params)}`;
  return clip(`${f.method}${params}`);
}

export function feedFor(entries: TimelineEntry[], targetKey: string, process?: ProcessStatus): FeedLine[] {
  const lines: FeedLine[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.targetKey !== targetKey || e.phase.status !== "done") continue;
    const x = e.phase.exchange;
    for (const ev of x.events) {
      const at = x.startedAt + ev.t;
      if (ev.kind === "stderr") {
        lines.push({ at, kind: "stderr", text: clip(ev.text), seq: e.seq });
        seen.add(ev.text);
      } else if (ev.kind === "spawn")
        lines.push({
          at,
          kind: "spawn",
          text: `process started, pid ${ev.pid}: ${clip(joinCommandLine(ev.argv))}`,
          seq: e.seq,
        });
      else if (ev.kind === "exit")
        lines.push({
          at,
          kind: "exit",
          text: `process ${ev.pid} exited (${ev.signal ?? `code ${ev.code}`})`,
          seq: e.seq,
        });
      else if (ev.kind === "stdout" && eventFrame(ev) !== undefined) {
        const text = notificationText(eventFrame(ev));
        if (text) lines.push({ at, kind: "notification", text, seq: e.seq });
      }
    }
    // HTTP exchanges have no stdout events: their notifications are in `received`.
    if (!x.events.some((ev) => ev.kind === "stdout")) {
      for (const frame of receivedFrames(x)) {
        const text = notificationText(frame);
        if (text) lines.push({ at: x.startedAt + x.durationMs, kind: "notification", text, seq: e.seq });
      }
    }
  }
  lines.sort((a, b) => a.at - b.at);
  // What the process wrote outside any exchange (at start-up, after a reply): the status tail's lines not seen above.
  for (const text of process?.stderrTail ?? [])
    if (!seen.has(text)) lines.push({ at: 0, kind: "between", text: clip(text), seq: null });
  return lines.slice(-MAX_FEED_LINES);
}
