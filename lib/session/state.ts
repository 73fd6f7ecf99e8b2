/** What the playground holds between renders: plain data, no React. */
import type { BridgeErrorKind, Exchange, ProcessStatus, SendHead, Target } from "../bridge/contract";
import { SEND_DEFAULTS, type PageSendOptions } from "../bridge/send-options";
import type { Msg } from "../i18n/translate";
import { defaultFrame } from "../protocol/templates";
import { DEFAULT_ENVELOPE_SETTINGS, envelopeFrom, type EnvelopeSettings } from "./envelope";
import { DEFAULT_PRESET, type PresetId } from "./presets";

export interface KeyValue {
  key: string;
  value: string;
}

/**
 * One card of the timeline: the send head (id, target label, transport, timeout, the frame text as `sent`) plus
 * what the page knows about it. `seq` orders cards and matches replies to sends (stale replies are dropped).
 */
export interface TimelineEntry extends SendHead {
  seq: number;
  /** e.g. "probe step 1: server/discover (2026-07-28)"; null for a plain send. */
  label: string | null;
  /** The label as a Msg, said in the reader's language (older saves have only `label`). */
  labelMsg?: Msg;
  targetKey: string;
  /** The target it went to (a share link replays each frame to its own target); absent for older saves. */
  target?: Target;
  /** The text was not JSON and the user pressed "Send anyway". */
  notJson: boolean;
  /** The editor text was joined onto one line for stdio (`sent` is that line). */
  oneLined: boolean;
  /** Headers the playground asked the bridge to add for this send (a remembered legacy session, Mcp-Param-*). */
  sendHeaders: Record<string, string> | null;
  /** The client emulation this send went out under (envelope settings), and what it changed in the frame. */
  emulation?: { text: string; changes: string[] };
  phase:
    | { status: "pending"; startedAt: number }
    | { status: "done"; exchange: Exchange }
    | { status: "bridge-error"; kind: BridgeErrorKind | "network"; message: string };
}

/** A card opened from a link, a session file or a reload is labelled "recorded" or "recorded · <its own label>". */
export const RECORDED_LABEL = "recorded";

/** The label a restored card carries for the label its exchange was recorded with. */
export function recordedLabel(label: string | undefined): string {
  return label ? `${RECORDED_LABEL} · ${label}` : RECORDED_LABEL;
}

/** A card's own label, whether it was sent here or restored ("recorded · check C01 …" → "check C01 …"); null for none. */
export function ownLabel(label: string | null | undefined): string | null {
  return (label ?? "").replace(/^recorded( · |$)/, "") || null;
}

export type VerdictState =
  | { status: "running" }
  | {
      status: "done";
      era: "modern" | "modern-wrong-version" | "legacy" | "unreachable";
      version?: string;
      reason: string;
      /** The reason in the reader's language (absent in sessions saved before issue 32: reason is said then). */
      reasonMsg?: Msg;
    }
  | { status: "error"; message: string };

/** A legacy Streamable HTTP session minted by `initialize` (Mcp-Session-Id + the negotiated version). */
export interface HttpSession {
  sessionId: string;
  protocolVersion?: string;
}

export type ProcessView =
  | { status: "loading"; reqSeq: number; last?: ProcessStatus }
  | { status: "known"; reqSeq: number; value: ProcessStatus }
  | { status: "error"; reqSeq: number; message: string };

export interface SessionState {
  preset: PresetId;
  customStdio: { commandLine: string; cwd: string; env: KeyValue[] };
  customHttp: { url: string; headers: KeyValue[] };
  /** `version` changes only on programmatic edits (templates, envelope actions), never on typing. */
  editor: { text: string; version: number };
  /** Shown under the toolbar when an editor action could not be applied. */
  editorNotice: string | null;
  /** Id the next template gets; bumped after each request is sent. */
  nextId: number;
  timeoutMs: number;
  /**
   * Send options the page sets for every send (lib/bridge/send-options.ts), e.g. whether notifications/progress
   * restarts a request's timeout and the maximum total time (absent or null: the default). docs/timeouts.md.
   */
  sendOptions?: PageSendOptions;
  envelope: EnvelopeSettings;
  /** Last sequence number handed out to a send (the card's #). */
  seq: number;
  /** Last sequence number handed out to a process query (stale status replies are dropped). */
  processSeq: number;
  /** stdio is newline-delimited: send valid JSON on one line (whitespace outside strings removed). */
  stdioOneLine: boolean;
  /** Oldest first. */
  entries: TimelineEntry[];
  /** Why the last Send did not go out (the text is not JSON, the target form is incomplete). */
  sendProblem: { kind: "not-json" | "target"; message: string } | null;
  verdicts: Record<string, VerdictState>;
  sessions: Record<string, HttpSession>;
  processes: Record<string, ProcessView>;
  /** An exchange another panel asked to show (a check's evidence): the timeline opens, scrolls to it and marks it. */
  focus: { sendId: string; nonce: number } | null;
}

export const DEFAULT_TIMEOUT_MS = SEND_DEFAULTS.timeoutMs;

export function initialState(): SessionState {
  const envelope = envelopeFrom(DEFAULT_ENVELOPE_SETTINGS);
  return {
    preset: DEFAULT_PRESET,
    customStdio: { commandLine: "", cwd: "", env: [] },
    customHttp: { url: "http://127.0.0.1:3001/mcp", headers: [] },
    editor: { text: defaultFrame(1, envelope.ok ? envelope.value : undefined), version: 0 },
    editorNotice: null,
    nextId: 1,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    envelope: DEFAULT_ENVELOPE_SETTINGS,
    seq: 0,
    processSeq: 0,
    stdioOneLine: true,
    entries: [],
    sendProblem: null,
    verdicts: {},
    sessions: {},
    processes: {},
    focus: null,
  };
}
