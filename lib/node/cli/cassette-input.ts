/**
 * What the cassette commands accept where a cassette is expected: a cassette file, a playground session file, a
 * share link (the page URL or just its #fragment), an mcp-recorder cassette, or a JSON Lines transcript. Anything
 * but a cassette is turned into one on the way in (lib/cassette/from-session.ts: secrets stripped as for links).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { parseFramesJsonl } from "@/lib/cassette/replay";
import type { JsonObject } from "@/lib/protocol/json";
import { CASSETTE_FORMAT, CASSETTE_LIMITS, parseCassetteText, type Cassette } from "@/lib/cassette/format";
import { cassetteFromState } from "@/lib/cassette/from-session";
import { importJsonLines, importRecorder, isRecorderCassette } from "@/lib/cassette/import";
import { decodeShareFragment, linkErrorMessage } from "@/lib/share/codec";
import { SESSION_FORMAT, importSessionFile } from "@/lib/share/session-file";
import type { ShareState } from "@/lib/share/state";

export type CassetteInput =
  { ok: true; cassette: Cassette; from: string; omitted: string[]; skipped: string[] } | { ok: false; reason: string };

function fromState(state: ShareState, source: string, keepTargets: boolean): CassetteInput {
  const made = cassetteFromState(state, { source, keepTargets });
  return { ok: true, cassette: made.cassette, from: source, omitted: made.omitted, skipped: made.skipped };
}

function fromFileText(text: string, name: string): CassetteInput {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    // Not one JSON document: a JSON Lines transcript (one frame per line), or nothing we read.
    if (text.trim().includes("\n") || /^\s*\{/.test(text)) {
      const lines = importJsonLines(text);
      if (!lines.ok)
        return { ok: false, reason: `${name} is not JSON, and not a JSON Lines transcript: ${lines.reason}` };
      return fromState(lines.state, "JSON Lines transcript", false);
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
      ? fromState(session.state, "session file", true)
      : { ok: false, reason: `could not import ${name}: ${session.reason}` };
  }
  if (isRecorderCassette(value)) {
    const imported = importRecorder(value);
    return imported.ok
      ? fromState(imported.state, "mcp-recorder cassette", false)
      : { ok: false, reason: `${name}: ${imported.reason}` };
  }
  return {
    ok: false,
    reason: `${name} is none of what a cassette is made from: a cassette ("format": "${CASSETTE_FORMAT}"), a session file ("format": "${SESSION_FORMAT}"), an mcp-recorder cassette ({version, metadata, interactions}) or a JSON Lines transcript`,
  };
}

export async function readCassetteInput(arg: string): Promise<CassetteInput> {
  if (existsSync(arg) && statSync(arg).isFile()) {
    if (statSync(arg).size > CASSETTE_LIMITS.maxChars * 4)
      return { ok: false, reason: `${arg} is larger than ${CASSETTE_LIMITS.maxChars * 4} bytes` };
    return fromFileText(readFileSync(arg, "utf8"), arg);
  }
  if (arg.includes("#") || arg.startsWith("v=")) {
    const decoded = await decodeShareFragment(arg.includes("#") ? arg.slice(arg.indexOf("#")) : `#${arg}`);
    if (decoded.kind === "none") return { ok: false, reason: "the link has no playground state (#v=…&s=…)" };
    if (decoded.kind === "error") return { ok: false, reason: linkErrorMessage(decoded.reason) };
    return fromState(decoded.state, "share link", true);
  }
  return { ok: false, reason: `${JSON.stringify(arg.slice(0, 200))} is neither a file nor a share link (…#v=1&s=…)` };
}

/** --frames: a JSON Lines file of requests, one a line; null once stderr says why it could not be read. */
export function readFramesFile(file: string): JsonObject[] | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    process.stderr.write(`could not read ${file}: ${(e as Error).message}\n`);
    return null;
  }
  const frames = parseFramesJsonl(text);
  if (!frames.ok) {
    process.stderr.write(`could not read the frames in ${file}: ${frames.reason}\n`);
    return null;
  }
  return frames.frames;
}
