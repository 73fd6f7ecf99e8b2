/**
 * What is accepted where a cassette is expected (the cassette commands, the Diff tab): a cassette file, a playground
 * session file (the page's Export), an mcp-recorder cassette, or a JSON Lines transcript — as text. Anything but a
 * cassette is turned into one on the way in (from-session.ts: secrets stripped as for links). Pure.
 */
import { CASSETTE_FORMAT, parseCassetteText, type Cassette } from "./format";
import { cassetteFromState } from "./from-session";
import { importJsonLines, importRecorder, isRecorderCassette } from "./import";
import { SESSION_FORMAT, importSessionFile } from "../share/session-file";
import type { ShareState } from "../share/state";

export type CassetteInput =
  { ok: true; cassette: Cassette; from: string; omitted: string[]; skipped: string[] } | { ok: false; reason: string };

export function cassetteFromShareState(state: ShareState, source: string, keepTargets: boolean): CassetteInput {
  const made = cassetteFromState(state, { source, keepTargets });
  return { ok: true, cassette: made.cassette, from: source, omitted: made.omitted, skipped: made.skipped };
}

/** A file's text (named `name` in what is said about it) as a cassette, or why it is none. */
export function cassetteFromText(text: string, name: string): CassetteInput {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    // Not one JSON document: a JSON Lines transcript (one frame per line), or nothing we read.
    if (text.trim().includes("\n") || /^\s*\{/.test(text)) {
      const lines = importJsonLines(text);
      if (!lines.ok)
        return { ok: false, reason: `${name} is not JSON, and not a JSON Lines transcript: ${lines.reason}` };
      return cassetteFromShareState(lines.state, "JSON Lines transcript", false);
    }
    return { ok: false, reason: `${name} is not JSON` };
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format === CASSETTE_FORMAT) {
    const parsed = parseCassetteText(text);
    return parsed.ok
      ? { ok: true, cassette: parsed.cassette, from: "cassette", omitted: [], skipped: [] }
      : { ok: false, reason: `${name}: ${parsed.reason}` };
  }
  if (format === SESSION_FORMAT) {
    const session = importSessionFile(text);
    return session.ok
      ? cassetteFromShareState(session.state, "session file", true)
      : { ok: false, reason: `could not import ${name}: ${session.reason}` };
  }
  if (isRecorderCassette(value)) {
    const imported = importRecorder(value);
    return imported.ok
      ? cassetteFromShareState(imported.state, "mcp-recorder cassette", false)
      : { ok: false, reason: `${name}: ${imported.reason}` };
  }
  return {
    ok: false,
    reason: `${name} is none of what a cassette is made from: a cassette ("format": "${CASSETTE_FORMAT}"), a session file ("format": "${SESSION_FORMAT}"), an mcp-recorder cassette ({version, metadata, interactions}) or a JSON Lines transcript`,
  };
}
