/**
 * A reload keeps the session: the timeline, the editor text, the target and the envelope are saved in the
 * browser (localStorage) and restored on the next visit. MRTR conversations come back with the timeline (they
 * are derived from it). Pure: the page passes the storage in.
 *
 * The saved value is a session file (lib/share/session-file.ts) inside a small versioned wrapper, so secrets are
 * left out exactly as in links (lib/share/secrets.ts: env values, credential headers, secret argv values, the
 * playground token) and the embedded state migrates like any old link or file.
 *
 *   { "format": "mcp-playground/saved-session", "version": 1, "savedAt": 1790000000000,
 *     "preset": "custom-stdio", "session": { …session file… }, "dropped": 0,
 *     "verdicts": [{ "verdict": { "status": "done", "era": "legacy", … } }, { "key": "demo:everything:stdio", … }] }
 *
 * `verdicts` (optional) keeps what the era probe found, so a legacy target's frames are still checked against its
 * era after a reload: the current target's verdict without a key (it comes back on the target as restored, secrets
 * left out), and other embedded or replay targets' by their key (which holds no secret). Other targets' verdicts
 * are not kept: their keys may hold env values or a URL's query.
 */
import { isMsg, msg, say, type Msg } from "../i18n/translate";
import { importSessionFile, sessionFileObject } from "./session-file";
import { fitForReader, UnreadableState, type Fitted } from "./fit";
import { stripSecrets } from "./secrets";
import type { PayloadV1 } from "./v1-schema";
import { sessionFromShare, shareFromSession, withTarget } from "./session-adapter";
import { PRESETS, type PresetId } from "../session/presets";
import { selectTarget } from "../session/selectors";
import { initialState, type SessionState, type VerdictState } from "../session/state";

import { SAVED_SESSION_KEY } from "./saved-session-key";
export { SAVED_SESSION_KEY };
export const SAVED_SESSION_FORMAT = "mcp-playground/saved-session";
export const SAVED_SESSION_VERSION = 1;
/** localStorage holds about 5 M UTF-16 characters per origin; the session takes at most this many. */
export const SAVED_SESSION_MAX_CHARS = 2_000_000;

export interface SavedSession {
  format: typeof SAVED_SESSION_FORMAT;
  version: number;
  savedAt: number;
  preset: PresetId;
  /** The session file text's object (format mcp-playground-session, its own version). */
  session: unknown;
  /** How many of the oldest exchanges were left out to stay under the size bound. */
  dropped: number;
  /** Added in place (optional): what was left out and why (lib/share/fit.ts), said again when it is restored. */
  leftOut?: Msg[];
  /** The era probe's verdicts (absent: none kept). No key: the session's own target. */
  verdicts?: SavedVerdict[];
}

type DoneVerdict = Extract<VerdictState, { status: "done" }>;
export interface SavedVerdict {
  key?: string;
  verdict: DoneVerdict;
}

/** The verdicts a save keeps: the current target's (no key) and the embedded and replay targets' (a key with no secret). */
function verdictsToKeep(session: SessionState): SavedVerdict[] {
  const view = selectTarget(session);
  const current = view.kind === "ready" ? view.key : null;
  return Object.entries(session.verdicts).flatMap(([key, verdict]): SavedVerdict[] => {
    if (verdict.status !== "done") return [];
    if (key === current) return [{ verdict }];
    return /^(demo|replay):/.test(key) ? [{ key, verdict }] : [];
  });
}

const ERAS: readonly string[] = [
  "modern",
  "modern-wrong-version",
  "legacy",
  "unreachable",
] satisfies DoneVerdict["era"][];

/** A stored verdict as the page holds it, or null when it is not one (a hand-edited or damaged store). */
function readVerdict(value: unknown): DoneVerdict | null {
  if (value === null || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (v.status !== "done" || typeof v.era !== "string" || !ERAS.includes(v.era) || typeof v.reason !== "string")
    return null;
  if (v.version !== undefined && typeof v.version !== "string") return null;
  const reasonMsg = v.reasonMsg as { key?: unknown } | undefined;
  if (
    reasonMsg !== undefined &&
    (reasonMsg === null || typeof reasonMsg !== "object" || typeof reasonMsg.key !== "string")
  )
    return null;
  return value as DoneVerdict;
}

/** The saved verdicts on the restored session: the keyless one on its target as restored. */
function restoredVerdicts(saved: unknown, state: SessionState): SessionState["verdicts"] {
  const view = selectTarget(state);
  const verdicts: SessionState["verdicts"] = {};
  for (const item of Array.isArray(saved) ? (saved as unknown[]) : []) {
    if (item === null || typeof item !== "object") continue;
    const { key, verdict } = item as { key?: unknown; verdict?: unknown };
    const read = readVerdict(verdict);
    const at = key === undefined ? (view.kind === "ready" ? view.key : null) : typeof key === "string" ? key : null;
    if (read && at) verdicts[at] = read;
  }
  return verdicts;
}

/** Why a session cannot be saved or restored: its English, and the same as a Msg for the reader's language. */
export type Refusal = { ok: false; reason: string; reasonMsg: Msg };
const refuse = (key: string, values?: Msg["values"]): Refusal => {
  const reasonMsg = msg(`savedSession.${key}`, values);
  return { ok: false, reason: say(reasonMsg), reasonMsg };
};

export type SaveResult =
  { ok: true; text: string; exchanges: number; dropped: number; omitted: string[]; leftOut: Msg[] } | Refusal;

/**
 * The session as the text to store: secrets stripped as in links, then fitted (lib/share/fit.ts) to what the restore
 * reads: an exchange its reader would refuse is left out by number, and the oldest exchanges go while the text is over
 * `maxChars`. The save carries what was left out, so the restored notice says it.
 */
export function saveSession(
  session: SessionState,
  opts: { now: number; knownSecrets?: string[]; maxChars?: number },
): SaveResult {
  const max = opts.maxChars ?? SAVED_SESSION_MAX_CHARS;
  // An incomplete target form (a half-typed command) is saved as the default target; the editor and timeline still are.
  const share = shareFromSession(session);
  const usable = share.ok ? share : shareFromSession({ ...session, preset: initialState().preset });
  if (!usable.ok) return refuse("asIs", { message: usable.error });
  const stripped = stripSecrets(usable.value, { knownSecrets: opts.knownSecrets });
  const preset = share.ok ? session.preset : initialState().preset;
  const verdicts = share.ok ? verdictsToKeep(session) : [];
  const textOf = (payload: PayloadV1, dropped: number, leftOut: Msg[]) => {
    const saved: SavedSession = {
      format: SAVED_SESSION_FORMAT,
      version: SAVED_SESSION_VERSION,
      savedAt: opts.now,
      preset,
      session: sessionFileObject(payload, new Date(opts.now)),
      dropped,
      ...(leftOut.length > 0 ? { leftOut } : {}),
      ...(verdicts.length ? { verdicts } : {}),
    };
    return JSON.stringify(saved);
  };
  const why = msg("share.omit.why.saved", { max });
  // The budget's check leaves room for the wrapper's own fields (the dropped count, what was left out); a second pass
  // leaves the room they really took.
  let room = 512;
  const fit = () => fitForReader(stripped.state, (p) => textOf(p, 0, []).length + room <= max, why);
  let fitted: Fitted;
  try {
    fitted = fit();
  } catch (e) {
    // Its reader would refuse it whatever was left out: the last readable save stays, and the notice says why.
    if (e instanceof UnreadableState) return refuse("asIs", { message: e.message });
    throw e;
  }
  let text = textOf(fitted.payload, fitted.droppedOldest, fitted.leftOut);
  if (text.length > max) {
    room += text.length - max;
    fitted = fit();
    text = textOf(fitted.payload, fitted.droppedOldest, fitted.leftOut);
  }
  if (text.length > max) return refuse("tooLarge", { max });
  return {
    ok: true,
    text,
    exchanges: fitted.state.exchanges.length,
    dropped: fitted.droppedOldest,
    omitted: stripped.omitted,
    leftOut: fitted.leftOut,
  };
}

export type Restored =
  | {
      ok: true;
      state: SessionState;
      savedAt: number;
      exchanges: number;
      dropped: number;
      /** The secrets left out (as in links), in English. */
      omitted: string[];
      /** What the save left out to stay readable and within its bound (lib/share/fit.ts), for the notice. */
      leftOut: Msg[];
      /** Nothing the user did is in it (no exchange; `base`'s frame, target and envelope): nothing to say "restored" about. */
      unchanged: boolean;
    }
  | Refusal;

/** Older wrapper versions → the current one. Version 1 is the first; a new field or shape adds a step here. */
export type Migrations = Record<number, (old: Record<string, unknown>) => Record<string, unknown>>;
const MIGRATIONS: Migrations = {};

/** The stored text → a session (on `base`, keeping its counters), or why it cannot be used. Never throws. */
export function restoreSession(text: string, base: SessionState, migrations: Migrations = MIGRATIONS): Restored {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse("notJson");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return refuse("notObject");
  let saved = value as Record<string, unknown>;
  if (saved.format !== SAVED_SESSION_FORMAT)
    return refuse("notSaved", { format: JSON.stringify(saved.format) ?? "undefined" });
  if (typeof saved.version !== "number" || !Number.isInteger(saved.version) || saved.version < 0)
    return refuse("badVersion");
  let version: number = saved.version;
  if (version > SAVED_SESSION_VERSION) return refuse("newer", { version, supported: SAVED_SESSION_VERSION });
  while (version < SAVED_SESSION_VERSION) {
    const step = migrations[version];
    if (!step) return refuse("noMigration", { version });
    saved = step(saved);
    // Each step must move the version forward: a broken step cannot loop.
    if (typeof saved.version !== "number" || saved.version <= version) return refuse("stuck", { version });
    version = saved.version;
  }
  const file = importSessionFile(JSON.stringify(saved.session ?? null));
  if (!file.ok) return refuse("asIs", { message: file.reason });
  const leftOut = Array.isArray(saved.leftOut) ? saved.leftOut.filter(isMsg) : [];
  let state = sessionFromShare(file.state, base, { sendIdPrefix: "saved" });
  // The user's own target comes back (a link's command waits for confirmation; this one the user typed here).
  state = withTarget(state, file.state.target);
  const preset = PRESETS.find((p) => p.id === saved.preset);
  if (preset?.target) state = { ...state, preset: preset.id };
  state = { ...state, verdicts: { ...state.verdicts, ...restoredVerdicts(saved.verdicts, state) } };
  return {
    ok: true,
    state,
    savedAt: typeof saved.savedAt === "number" ? saved.savedAt : 0,
    exchanges: file.state.exchanges.length,
    dropped: typeof saved.dropped === "number" ? saved.dropped : 0,
    omitted: file.state.omitted.filter((line) => !leftOut.some((m) => say(m) === line)),
    leftOut,
    unchanged:
      file.state.exchanges.length === 0 &&
      state.editor.text === base.editor.text &&
      state.preset === base.preset &&
      JSON.stringify(state.envelope) === JSON.stringify(base.envelope),
  };
}

/** Where a saved session this page cannot restore is set aside, so that saving the new session never overwrites it. */
export const UNREADABLE_SESSION_KEY = `${SAVED_SESSION_KEY}.unreadable`;

type KeyValueStore = Pick<Storage, "setItem" | "removeItem">;

/**
 * A saved session that could not be restored is never overwritten: it moves to UNREADABLE_SESSION_KEY (the page offers
 * it as a download) and saving goes on — "set-aside". When the browser has no room for the copy it stays where it
 * is — "kept-in-place" — and the page saves nothing over it until the user chooses Start fresh.
 */
export function setAsideUnreadable(store: KeyValueStore, text: string): "set-aside" | "kept-in-place" {
  try {
    store.setItem(UNREADABLE_SESSION_KEY, text);
  } catch {
    return "kept-in-place";
  }
  try {
    store.removeItem(SAVED_SESSION_KEY);
  } catch {
    // The copy is set aside; the original is overwritten by the next save, as intended.
  }
  return "set-aside";
}
