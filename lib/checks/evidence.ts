/**
 * The frames that prove a verdict, as the report's outward forms carry them (--json, JUnit): what was sent and
 * what came back, each trimmed, so a reader needs neither the timeline nor the playground. Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { EvidenceFrame } from "./types";
import { truncate } from "./wire";
import { eventFrame, sentText } from "../protocol/exchange";

const FRAME_CHARS = 400;
const MAX_FRAMES = 8;

/** A received line as it came: JSON frames re-serialised compactly, anything else (a banner) as its text. */
function receivedOf(exchange: Exchange): string[] {
  const out: string[] = [];
  for (const e of exchange.events) {
    const frame = eventFrame(e);
    if (e.kind === "stdout") out.push(frame !== undefined ? JSON.stringify(frame) : e.text);
    else if ((e.kind === "sse-event" || e.kind === "http-body") && frame !== undefined) out.push(JSON.stringify(frame));
    else if (e.kind === "http-body" && e.text.trim()) out.push(e.text);
    else if (
      e.kind === "http-response" &&
      !exchange.events.some((x) => x.kind === "http-body" || x.kind === "sse-event")
    )
      out.push(`HTTP ${e.status}`);
  }
  return out;
}

export function evidenceFrames(exchanges: (Exchange | undefined)[]): EvidenceFrame[] {
  const frames: EvidenceFrame[] = [];
  for (const ex of exchanges) {
    if (!ex) continue;
    const status = ex.http?.status !== undefined ? `HTTP ${ex.http.status} ` : "";
    frames.push({
      direction: "sent",
      frame: truncate(sentText(ex) || `(${ex.transport === "http" ? "no body" : "nothing"})`, FRAME_CHARS),
    });
    for (const text of receivedOf(ex))
      frames.push({
        direction: "received",
        frame: truncate(text.startsWith("HTTP ") ? text : `${status}${text}`, FRAME_CHARS),
      });
  }
  if (frames.length <= MAX_FRAMES) return frames;
  // The first exchange says what was set up; the last ones usually hold the verdict's proof.
  const tail = MAX_FRAMES - 3;
  return [
    ...frames.slice(0, 2),
    { direction: "received", frame: `… ${frames.length - 2 - tail} frames left out …` },
    ...frames.slice(-tail),
  ];
}
