/**
 * The session file: the same v1 payload as a link, as readable JSON, wrapped with a format marker and version.
 * Secrets are stripped exactly as for a link (a file gets passed around too). Pure.
 *
 *   { "format": "mcp-playground-session", "version": 1, "exportedAt": "2026-09-07T10:00:00.000Z", "state": { …v1 payload… } }
 */
import { msg, say, type Msg } from "../i18n/translate";
import { fitForReader } from "./fit";
import { CURRENT_VERSION, parsePayloadJson, stateFromPayload } from "./codec";
import { SHARE_LIMITS } from "./limits";
import { stripSecrets, type StripOptions } from "./secrets";
import type { ShareState } from "./state";
import type { PayloadV1 } from "./v1";

export const SESSION_FORMAT = "mcp-playground-session";

export interface ExportedSession {
  fileName: string;
  text: string;
  /** What was left out, in English; `omittedMsgs` the same for the page, in the reader's language. */
  omitted: string[];
  omittedMsgs: Msg[];
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 48) || "session"
  );
}

/** The file's object for a state already stripped and fitted (the browser's saved session wraps the same object). */
export function sessionFileObject(payload: PayloadV1, now: Date) {
  return { format: SESSION_FORMAT, version: CURRENT_VERSION, exportedAt: now.toISOString(), state: payload };
}

/**
 * The file for a state: secrets stripped, then fitted to what importSessionFile reads (SHARE_LIMITS.maxJsonChars of
 * text): written pretty when that fits, compact when only that does, and only then with the oldest exchanges left
 * out, named in the file's `omitted` and in `omittedMsgs` (lib/share/fit.ts).
 */
export function exportSessionFile(state: ShareState, options: StripOptions & { now?: Date } = {}): ExportedSession {
  const stripped = stripSecrets(state, options);
  const now = options.now ?? new Date();
  const max = SHARE_LIMITS.maxJsonChars;
  const textOf = (p: PayloadV1, indent?: number) => JSON.stringify(sessionFileObject(p, now), null, indent) + "\n";
  const fitted = fitForReader(stripped.state, (p) => textOf(p).length <= max, msg("share.omit.why.file", { max }));
  const pretty = textOf(fitted.payload, 2);
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return {
    fileName: `mcp-${slug(state.title ?? "session")}-${stamp}.json`,
    text: pretty.length <= max ? pretty : textOf(fitted.payload),
    omitted: [...stripped.omitted, ...fitted.leftOut.map((m) => say(m))],
    omittedMsgs: [...stripped.omittedMsgs, ...fitted.leftOut],
  };
}

export type ImportedSession = { ok: true; state: ShareState; version: number } | { ok: false; reason: string };

/** Reads a session file's text. The caller shows `could not import this file: ${reason}` on failure. */
export function importSessionFile(text: string): ImportedSession {
  if (text.length > SHARE_LIMITS.maxJsonChars)
    return {
      ok: false,
      reason: `the file is larger than ${SHARE_LIMITS.maxJsonChars.toLocaleString("en-US")} characters`,
    };
  const parsed = parsePayloadJson(text.replace(/^\uFEFF/, ""), "file");
  if (!parsed.ok) return parsed;
  const file = parsed.value as Record<string, unknown>;
  if (file.format !== SESSION_FORMAT) {
    return { ok: false, reason: `it is not a playground session file (expected "format": "${SESSION_FORMAT}")` };
  }
  const version = file.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return {
      ok: false,
      reason: `its "version" must be a whole number ≥ 1, not ${JSON.stringify(version)?.slice(0, 20)}`,
    };
  if (version > CURRENT_VERSION)
    return {
      ok: false,
      reason: `it was written by a newer playground (format v${version}); this one reads formats up to v${CURRENT_VERSION}`,
    };
  const state = stateFromPayload(version, file.state ?? {});
  return state.ok ? { ok: true, state: state.state, version } : state;
}
