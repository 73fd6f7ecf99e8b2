/**
 * Ids that make sense: after a Send, the editor's request id moves on to the next one (re-sending the same id is a
 * deliberate edit, not the default). The text keeps its formatting: only the top-level id's digits change. Pure.
 */
import { asObject, tryParseJson, type JsonObject } from "../protocol/json";

function topLevelId(text: string): { ok: true; id: unknown; frame: JsonObject } | { ok: false } {
  const frame = asObject(tryParseJson(text));
  return frame ? { ok: true, id: frame.id, frame } : { ok: false };
}

/** The frame's JSON-RPC id as the card shows it ("2", "\"C07-1\""), or undefined for a notification or non-JSON. */
export function rpcIdText(text: string): string | undefined {
  const parsed = topLevelId(text);
  return parsed.ok && parsed.id !== undefined ? JSON.stringify(parsed.id) : undefined;
}

/** The sent frame's numeric request id, if it is a request (has a method and an integer id). */
export function requestIdOf(text: string): number | undefined {
  const parsed = topLevelId(text);
  if (!parsed.ok || typeof parsed.frame.method !== "string") return undefined;
  return typeof parsed.id === "number" && Number.isInteger(parsed.id) ? parsed.id : undefined;
}

/**
 * The editor text with its top-level numeric id replaced by `next`, or null when the text is not a request with
 * that id. Each `"id": N` occurrence is tried in turn; the one whose change moves only the top-level id wins
 * (an "id" inside params stays as written).
 */
export function withRequestId(text: string, current: number, next: number): string | null {
  const parsed = topLevelId(text);
  if (!parsed.ok || parsed.id !== current || typeof parsed.frame.method !== "string") return null;
  const pattern = new RegExp(`"id"(\\s*):(\\s*)${current}(?![\\d.eE])`, "g");
  const expected = JSON.stringify({ ...parsed.frame, id: next });
  for (const m of text.matchAll(pattern)) {
    const candidate = text.slice(0, m.index) + `"id"${m[1]}:${m[2]}${next}` + text.slice(m.index! + m[0].length);
    const back = topLevelId(candidate);
    if (back.ok && JSON.stringify(back.frame) === expected) return candidate;
  }
  return null;
}
