/**
 * What the Lab panel shows, as plain data: the chosen experiment, the script text (and a version bumped when the
 * text is replaced rather than typed, so the editor rewrites its model), the conditions, the run (idle, running,
 * done or error), an experiment link opened or made, a result restored after a reload, and a command-line target
 * waiting for the user's confirmation. Pure; components/lab/useLab.ts feeds it and LabPanel renders it.
 */
import type { BridgeReply, Target } from "../bridge/contract";
import { CONDITION_IDS, type ConditionId } from "./conditions";
import type { SavedLab } from "./persist";
import type { LabReport } from "./report";
import type { LabScript, ParseScriptResult } from "./script";
import { BUILT_IN_SCRIPTS } from "./scripts";

export type LabRun =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; report: LabReport }
  | { status: "error"; message: string };

type StdioTarget = Extract<Target, { kind: "stdio" }>;

export interface LabState {
  /** A built-in experiment's id, or "" for a script from a link, a reload or the user's edits. */
  scriptId: string;
  text: string;
  textVersion: number;
  conditions: ConditionId[];
  run: LabRun;
  fromLink: { kind: "ok" } | { kind: "error"; reason: string } | null;
  shareLink: string | null;
  /** When the result on screen was saved, if it came back after a reload. */
  restoredAt: number | null;
  /** A command-line target shown to the user before it may run. */
  confirming: StdioTarget | null;
  /** The command the user confirmed (as written in the script) and what it runs as; kept until it changes. */
  approved: { key: string; target: Target } | null;
}

export type LabAction =
  | { type: "text/edited"; text: string }
  | { type: "script/chosen"; id: string }
  | { type: "condition/toggled"; id: ConditionId }
  | { type: "saved/restored"; saved: SavedLab }
  | { type: "link/opened"; script: LabScript; conditions: ConditionId[] }
  | { type: "link/failed"; reason: string }
  | { type: "link/made"; url: string }
  | { type: "run/started" }
  | { type: "run/finished"; reply: BridgeReply<LabReport> }
  | { type: "confirm/asked"; target: StdioTarget }
  | { type: "confirm/cancelled" }
  | { type: "confirm/approved"; target: Target };

export const prettyScript = (v: unknown) => JSON.stringify(v, null, 2);

export function initialLab(): LabState {
  const first = BUILT_IN_SCRIPTS[0];
  return {
    scriptId: first.id,
    text: prettyScript(first.script),
    textVersion: 0,
    conditions: [...first.conditions],
    run: { status: "idle" },
    fromLink: null,
    shareLink: null,
    restoredAt: null,
    confirming: null,
    approved: null,
  };
}

const replaced = (state: LabState, text: string): LabState => ({ ...state, text, textVersion: state.textVersion + 1 });
const knownConditions = (ids: string[]): ConditionId[] =>
  ids.filter((c): c is ConditionId => (CONDITION_IDS as readonly string[]).includes(c));

/** The sentence a failed run shows (and says). */
export const labFailure = (reply: Extract<BridgeReply<unknown>, { ok: false }>) => `${reply.kind}: ${reply.message}`;

function scriptChosen(state: LabState, id: string): LabState {
  const builtIn = BUILT_IN_SCRIPTS.find((s) => s.id === id);
  if (!builtIn) return state;
  const next = replaced(state, prettyScript(builtIn.script));
  return { ...next, scriptId: id, conditions: [...builtIn.conditions], run: { status: "idle" } };
}

function restored(state: LabState, saved: SavedLab): LabState {
  return {
    ...replaced(state, saved.scriptText),
    scriptId: BUILT_IN_SCRIPTS.find((s) => prettyScript(s.script) === saved.scriptText)?.id ?? "",
    conditions: knownConditions(saved.conditions),
    run: { status: "done", report: saved.report },
    restoredAt: saved.savedAt,
  };
}

function linkOpened(state: LabState, script: LabScript, conditions: ConditionId[]): LabState {
  // As when the link is opened fresh: no earlier result beside the link's script.
  return {
    ...replaced(state, prettyScript(script)),
    conditions,
    scriptId: "",
    run: { status: "idle" },
    restoredAt: null,
    fromLink: { kind: "ok" },
  };
}

function runFinished(state: LabState, reply: BridgeReply<LabReport>): LabState {
  const run: LabRun = reply.ok
    ? { status: "done", report: reply.value }
    : { status: "error", message: labFailure(reply) };
  return { ...state, run, restoredAt: null };
}

function confirmApproved(state: LabState, target: Target): LabState {
  if (!state.confirming) return state;
  return { ...state, confirming: null, approved: { key: JSON.stringify(state.confirming), target } };
}

export function labReducer(state: LabState, action: LabAction): LabState {
  switch (action.type) {
    case "text/edited":
      return { ...state, text: action.text };
    case "script/chosen":
      return scriptChosen(state, action.id);
    case "condition/toggled": {
      const { conditions: cs } = state;
      return { ...state, conditions: cs.includes(action.id) ? cs.filter((c) => c !== action.id) : [...cs, action.id] };
    }
    case "saved/restored":
      return restored(state, action.saved);
    case "link/opened":
      return linkOpened(state, action.script, action.conditions);
    case "link/failed":
      return { ...state, fromLink: { kind: "error", reason: action.reason } };
    case "link/made":
      return { ...state, shareLink: action.url };
    case "run/started":
      return { ...state, run: { status: "running" } };
    case "run/finished":
      return runFinished(state, action.reply);
    case "confirm/asked":
      return { ...state, confirming: action.target };
    case "confirm/cancelled":
      return { ...state, confirming: null };
    case "confirm/approved":
      return confirmApproved(state, action.target);
  }
}

/**
 * What Run does with the script on screen: nothing (it does not parse, or a run is under way), run it (an embedded
 * server, or the command the user already confirmed), or show a command-line target for confirmation first.
 */
export function startDecision(
  state: LabState,
  parsed: ParseScriptResult,
): { kind: "none" } | { kind: "run"; script: LabScript } | { kind: "confirm"; target: StdioTarget } {
  if (!parsed.ok || state.run.status === "running") return { kind: "none" };
  const { target } = parsed.script;
  if (target.kind !== "stdio") return { kind: "run", script: parsed.script };
  if (state.approved?.key === JSON.stringify(target))
    return { kind: "run", script: { ...parsed.script, target: state.approved.target } };
  return { kind: "confirm", target };
}

/** Run is offered when the script parses, at least one condition is chosen and no run is under way. */
export const canRun = (state: LabState, parsed: ParseScriptResult): boolean =>
  parsed.ok && state.conditions.length > 0 && state.run.status !== "running";
