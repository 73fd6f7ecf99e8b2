/** The one place session state changes. Pure: (state, action) → state. */
import type { BridgeErrorKind, Exchange, ProcessStatus } from "../bridge/contract";
import { addEnvelope, removeEnvelope } from "../protocol/meta";
import { templateById } from "../protocol/templates";
import { envelopeFrom, type EnvelopeSettings } from "./envelope";
import type { PresetId } from "./presets";
import type { HttpSession, SessionState, TimelineEntry, VerdictState } from "./state";
import { asObject, tryParseJson } from "../protocol/json";
import { requestIdOfFrame, withRequestId } from "./ids";
import type { PageSendOptions } from "../bridge/send-options";
import { selectTarget } from "./selectors";
import { buildDerived, DERIVED_PREFIX, selectCheckedEra, targetTemplates } from "./target-templates";
import { replyFrame, sentFrame } from "../protocol/exchange";

export type Action =
  | { type: "target/choose"; preset: PresetId }
  | { type: "target/customStdio"; patch: Partial<SessionState["customStdio"]> }
  | { type: "target/customHttp"; patch: Partial<SessionState["customHttp"]> }
  | { type: "editor/userEdit"; text: string }
  | { type: "editor/replace"; text: string }
  | { type: "editor/template"; templateId: string }
  | { type: "editor/addEnvelope" }
  | { type: "editor/removeEnvelope" }
  | { type: "editor/dismissNotice" }
  | { type: "envelope/set"; patch: Partial<EnvelopeSettings> }
  | { type: "timeout/set"; ms: number }
  | { type: "sendOptions/set"; patch: PageSendOptions }
  /** The progress settings by their older names (reset = progressReset): the same as sendOptions/set. */
  | { type: "progress/set"; reset?: boolean; maxTotalMs?: number | null }
  | { type: "stdioOneLine/set"; on: boolean }
  | { type: "send/blocked"; problem: NonNullable<SessionState["sendProblem"]> }
  | { type: "send/dismissProblem" }
  /** A timeline entry before its phase: the card appears pending from `startedAt`. */
  /** `sentFrame`: the parsed frame when the sender has it (the send path parses once); otherwise `sent` is read. */
  | ({ type: "send/started"; startedAt: number; sentFrame?: unknown } & Omit<TimelineEntry, "phase">)
  | { type: "send/finished"; seq: number; exchange: Exchange }
  | { type: "send/failed"; seq: number; kind: BridgeErrorKind | "network"; message: string }
  | { type: "timeline/clear" }
  | { type: "timeline/focus"; sendId: string }
  | { type: "probe/started"; targetKey: string }
  | {
      type: "probe/finished";
      targetKey: string;
      verdict: Extract<VerdictState, { status: "done" }>;
      session?: HttpSession;
    }
  | { type: "probe/failed"; targetKey: string; message: string }
  | { type: "session/forget"; targetKey: string }
  | { type: "process/requested"; targetKey: string; reqSeq: number }
  | { type: "process/result"; targetKey: string; reqSeq: number; value: ProcessStatus }
  | { type: "process/error"; targetKey: string; reqSeq: number; message: string }
  /** Replaces the whole session (opening a share link or a session file: lib/share/session-adapter.ts). */
  | { type: "session/load"; state: SessionState };

/** A sent request (a frame with a method and an id) moves nextId past its id. */
function bumpNextId(nextId: number, sent: unknown): number {
  const frame = asObject(sent);
  if (!frame || typeof frame.method !== "string" || !("id" in frame)) return nextId;
  const id = frame.id;
  return typeof id === "number" && Number.isInteger(id) && id >= nextId ? id + 1 : nextId + 1;
}

/** A legacy HTTP initialize reply mints a session: remember its id and the negotiated version. */
function sessionFrom(exchange: Exchange): HttpSession | undefined {
  if (exchange.transport !== "http" || !exchange.http?.sessionId) return undefined;
  const sent = asObject(sentFrame(exchange));
  if (sent?.method !== "initialize") return undefined;
  const result = asObject(asObject(replyFrame(exchange))?.result);
  const version = typeof result?.protocolVersion === "string" ? result.protocolVersion : undefined;
  return { sessionId: exchange.http.sessionId, protocolVersion: version };
}

function editorEdit(
  state: SessionState,
  edit: { ok: true; text: string } | { ok: false; error: string },
): SessionState {
  if (!edit.ok) return { ...state, editorNotice: edit.error };
  return { ...state, editor: { text: edit.text, version: state.editor.version + 1 }, editorNotice: null };
}

function updateEntry(state: SessionState, seq: number, phase: TimelineEntry["phase"]): SessionState | null {
  const index = state.entries.findIndex((e) => e.seq === seq && e.phase.status === "pending");
  if (index < 0) return null; // stale: cleared, or already settled
  const entries = state.entries.slice();
  entries[index] = { ...entries[index], phase };
  return { ...state, entries };
}

/** A template built from the current target's last tools/list, resources/list or prompts/list. */
function derivedTemplate(state: SessionState, templateId: string): SessionState {
  const view = selectTarget(state);
  const template =
    view.kind === "ready" ? targetTemplates(state.entries, view.key).find((t) => t.id === templateId) : undefined;
  if (!template || view.kind !== "ready")
    return {
      ...state,
      editorNotice: "That template came from an earlier list of this target; list again to get it back.",
    };
  const legacy = selectCheckedEra(state) === "legacy";
  const envelope = envelopeFrom(state.envelope);
  if (!legacy && !envelope.ok) return { ...state, editorNotice: `${envelope.error} Fix it in the envelope panel.` };
  return editorEdit(state, {
    ok: true,
    text: buildDerived(template, state.nextId, { legacy, envelope: envelope.ok ? envelope.value : undefined }),
  });
}

type TimelineAction = Extract<Action, { type: `send/${"started" | "finished" | "failed"}` | `timeline/${string}` }>;
type PeerAction = Extract<Action, { type: `probe/${string}` | `process/${string}` | `session/${string}` }>;
/** What the user sets before a send: the target, the editor, the envelope and the send options. */
type SettingsAction = Exclude<Action, TimelineAction | PeerAction>;

const TIMELINE_ACTIONS = new Set<string>([
  "send/started",
  "send/finished",
  "send/failed",
  "timeline/clear",
  "timeline/focus",
]);
const isTimelineAction = (a: Action): a is TimelineAction => TIMELINE_ACTIONS.has(a.type);
const isPeerAction = (a: Action): a is PeerAction => /^(probe|process|session)\//.test(a.type);

export function reducer(state: SessionState, action: Action): SessionState {
  if (isTimelineAction(action)) return timelineReducer(state, action);
  if (isPeerAction(action)) return peerReducer(state, action);
  return settingsReducer(state, action);
}

function settingsReducer(state: SessionState, action: SettingsAction): SessionState {
  switch (action.type) {
    case "target/choose":
      return { ...state, preset: action.preset, sendProblem: null };
    case "target/customStdio":
      return { ...state, customStdio: { ...state.customStdio, ...action.patch }, sendProblem: null };
    case "target/customHttp":
      return { ...state, customHttp: { ...state.customHttp, ...action.patch }, sendProblem: null };

    case "editor/userEdit":
      return action.text === state.editor.text
        ? state
        : { ...state, editor: { ...state.editor, text: action.text }, sendProblem: null };
    case "editor/replace":
      return editorEdit(state, { ok: true, text: action.text });
    case "editor/template": {
      if (action.templateId.startsWith(DERIVED_PREFIX)) return derivedTemplate(state, action.templateId);
      const template = templateById(action.templateId);
      if (!template) return { ...state, editorNotice: `No template named ${action.templateId}.` };
      if (template.era === "legacy") return editorEdit(state, { ok: true, text: template.build({ id: state.nextId }) });
      // A target the probe found legacy gets the request in its own era: no envelope (bug: _meta after a legacy verdict).
      if (template.legacyToo && selectCheckedEra(state) === "legacy")
        return editorEdit(state, { ok: true, text: template.build({ id: state.nextId, bare: true }) });
      const envelope = envelopeFrom(state.envelope);
      if (!envelope.ok) return { ...state, editorNotice: `${envelope.error} Fix it in the envelope panel.` };
      return editorEdit(state, { ok: true, text: template.build({ id: state.nextId, envelope: envelope.value }) });
    }
    case "editor/addEnvelope": {
      const envelope = envelopeFrom(state.envelope);
      if (!envelope.ok) return { ...state, editorNotice: `${envelope.error} Fix it in the envelope panel.` };
      return editorEdit(state, addEnvelope(state.editor.text, envelope.value));
    }
    case "editor/removeEnvelope":
      return editorEdit(state, removeEnvelope(state.editor.text));
    case "editor/dismissNotice":
      return { ...state, editorNotice: null };

    case "envelope/set":
      return { ...state, envelope: { ...state.envelope, ...action.patch } };
    case "timeout/set":
      return { ...state, timeoutMs: action.ms };
    case "sendOptions/set":
      return { ...state, sendOptions: { ...state.sendOptions, ...action.patch } };
    case "progress/set": {
      const { reset: progressReset, maxTotalMs } = action;
      const patch = Object.entries({ progressReset, maxTotalMs }).filter(([, v]) => v !== undefined);
      return settingsReducer(state, { type: "sendOptions/set", patch: Object.fromEntries(patch) });
    }
    case "stdioOneLine/set":
      return { ...state, stdioOneLine: action.on };

    case "send/blocked":
      return { ...state, sendProblem: action.problem };
    case "send/dismissProblem":
      return { ...state, sendProblem: null };
  }
}

/** The timeline: a send's card from pending to done, and what its reply teaches (a legacy HTTP session). */
function timelineReducer(state: SessionState, action: TimelineAction): SessionState {
  switch (action.type) {
    case "send/started": {
      const { type: _type, startedAt, sentFrame: _frame, ...rest } = action;
      void _type;
      void _frame;
      const entry: TimelineEntry = { ...rest, phase: { status: "pending", startedAt } };
      // Only the user's own sends use the editor's counter (probes, checks and panels have their own ids); after
      // one, the editor moves on to the next id, so re-sending the same id is a deliberate edit.
      const own = action.label === null;
      const frame = own ? ("sentFrame" in action ? action.sentFrame : tryParseJson(action.sent)) : undefined;
      const nextId = own ? bumpNextId(state.nextId, frame) : state.nextId;
      const sentId = own ? requestIdOfFrame(frame) : undefined;
      const moved = sentId !== undefined && sentId !== nextId ? withRequestId(state.editor.text, sentId, nextId) : null;
      return {
        ...state,
        seq: Math.max(state.seq, action.seq),
        entries: [...state.entries, entry],
        nextId,
        sendProblem: null,
        ...(moved ? { editor: { text: moved, version: state.editor.version + 1 } } : {}),
      };
    }
    case "send/finished": {
      const next = updateEntry(state, action.seq, { status: "done", exchange: action.exchange });
      if (!next) return state;
      const session = sessionFrom(action.exchange);
      if (!session) return next;
      const key = next.entries.find((e) => e.seq === action.seq)!.targetKey;
      return { ...next, sessions: { ...next.sessions, [key]: session } };
    }
    case "send/failed":
      return (
        updateEntry(state, action.seq, { status: "bridge-error", kind: action.kind, message: action.message }) ?? state
      );
    case "timeline/clear":
      return { ...state, entries: [], focus: null };
    case "timeline/focus":
      return { ...state, focus: { sendId: action.sendId, nonce: (state.focus?.nonce ?? 0) + 1 } };
  }
}

/** What the page learns about the target and its process: the era probe, sessions, the process status. */
function peerReducer(state: SessionState, action: PeerAction): SessionState {
  switch (action.type) {
    case "probe/started": {
      const { [action.targetKey]: _forgotten, ...sessions } = state.sessions;
      void _forgotten;
      return { ...state, sessions, verdicts: { ...state.verdicts, [action.targetKey]: { status: "running" } } };
    }
    case "probe/finished":
      return {
        ...state,
        verdicts: { ...state.verdicts, [action.targetKey]: action.verdict },
        sessions: action.session ? { ...state.sessions, [action.targetKey]: action.session } : state.sessions,
      };
    case "probe/failed":
      return {
        ...state,
        verdicts: { ...state.verdicts, [action.targetKey]: { status: "error", message: action.message } },
      };
    case "session/forget": {
      const { [action.targetKey]: _gone, ...sessions } = state.sessions;
      void _gone;
      return { ...state, sessions };
    }

    case "process/requested": {
      const current = state.processes[action.targetKey];
      const last =
        current?.status === "known" ? current.value : current?.status === "loading" ? current.last : undefined;
      return {
        ...state,
        processSeq: Math.max(state.processSeq, action.reqSeq),
        processes: {
          ...state.processes,
          [action.targetKey]: { status: "loading", reqSeq: action.reqSeq, ...(last ? { last } : {}) },
        },
      };
    }
    case "session/load":
      return action.state;

    case "process/result":
    case "process/error": {
      const current = state.processes[action.targetKey];
      if (current && current.reqSeq > action.reqSeq) return state; // a newer query is on its way: drop the stale reply
      const view =
        action.type === "process/result"
          ? ({ status: "known", reqSeq: action.reqSeq, value: action.value } as const)
          : ({ status: "error", reqSeq: action.reqSeq, message: action.message } as const);
      return { ...state, processes: { ...state.processes, [action.targetKey]: view } };
    }
  }
}
