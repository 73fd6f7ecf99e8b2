/**
 * One app's run in the Apps tab, as plain data: the five phases (idle → loading → running → closed, or failed),
 * the arguments typed, and what the mounted app reported (wire rows, CSP violations, links and messages it asked
 * for, its model context, display mode, height and refused calls), and the host context the user chose in the Apps
 * tab (lib/apps/host-context.ts: a new choice sets the display mode it names; the frame takes the device's size). Pure; components/apps/useAppRun.ts feeds it the
 * sandbox's events and AppRun renders it.
 */
import type { McpUiDisplayMode } from "./ui-types";
import { msg, type Msg } from "../i18n/translate";
import { asObject } from "../protocol/json";
import type { CspViolation } from "./csp";
import { DEVICES, deviceById, frameSize, type ContextChoice, type Device } from "./host-context";
import type { HostPersona } from "./hosts";
import type { WireRow } from "./wire";

export type AppRunPhase = "idle" | "loading" | "running" | "closed" | "failed";

/** How many of each kept list the run shows (the newest). */
export const KEEP = { violations: 100, links: 20, messages: 20 } as const;

export interface AppRunState {
  args: string;
  phase: AppRunPhase;
  /** What the app is doing now. */
  status: Msg | null;
  /** Why a run did not start or failed: a sentence of ours, or the error's own text. */
  problem: Msg | string | null;
  rows: WireRow[];
  violations: CspViolation[];
  links: string[];
  messages: string[];
  modelContext: string | null;
  mode: McpUiDisplayMode;
  height: number;
  /** The CSP the app's document runs under (kept from the last mounted run). */
  policy: string | null;
  refused: number;
  /** The host context the user chose (AppContextControls); each absent field is the persona's or the browser's. */
  choice: ContextChoice;
}

export type AppRunAction =
  | { type: "args/set"; text: string }
  | { type: "context/chosen"; choice: ContextChoice }
  | { type: "run/rejected"; problem: Msg }
  | { type: "run/started" }
  | { type: "run/mounted"; policy: string }
  | { type: "run/failed"; message: string }
  | { type: "run/closed" }
  | { type: "app/wire"; rows: WireRow[] }
  | { type: "app/violation"; violation: CspViolation }
  | { type: "app/openLink"; url: string }
  | { type: "app/message"; text: string }
  | { type: "app/modelContext"; text: string }
  | { type: "app/displayMode"; mode: McpUiDisplayMode }
  | { type: "app/size"; height?: number }
  | { type: "app/status"; status: Msg }
  | { type: "app/refused"; count: number };

export const INITIAL_APP_RUN: AppRunState = {
  args: "{}",
  phase: "idle",
  status: null,
  problem: null,
  rows: [],
  violations: [],
  links: [],
  messages: [],
  modelContext: null,
  mode: "inline",
  height: 240,
  policy: null,
  refused: 0,
  choice: {},
};

/** The mode a choice names (inline when it names none): where a run starts and where a new choice puts the frame. */
const chosenMode = (choice: ContextChoice): McpUiDisplayMode => choice.displayMode ?? "inline";

/** A run not yet started, under the host context the user chose. */
export function initialAppRun(choice: ContextChoice): AppRunState {
  return { ...INITIAL_APP_RUN, choice, mode: chosenMode(choice) };
}

/** The arguments as the tool call's object, or why they cannot be. */
export function parseRunArgs(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: Msg } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: msg("apps.run.notJson", { reason: (e as Error).message }) };
  }
  const value = asObject(parsed);
  return value ? { ok: true, value } : { ok: false, problem: msg("apps.run.notObject") };
}

const keepLast = <T>(list: T[], item: T, n: number): T[] => [...list, item].slice(-n);

/** What a new run starts from: the app's reports cleared, the chosen display mode; the args, height and last policy kept. */
function started(state: AppRunState): AppRunState {
  return {
    ...state,
    problem: null,
    rows: [],
    violations: [],
    refused: 0,
    links: [],
    messages: [],
    modelContext: null,
    mode: chosenMode(state.choice),
    phase: "loading",
    status: msg("apps.status.reading"),
  };
}

function appReport(state: AppRunState, action: AppRunAction): AppRunState {
  switch (action.type) {
    case "app/wire":
      return { ...state, rows: action.rows };
    case "app/violation":
      return { ...state, violations: keepLast(state.violations, action.violation, KEEP.violations) };
    case "app/openLink":
      return { ...state, links: keepLast(state.links, action.url, KEEP.links) };
    case "app/message":
      return { ...state, messages: keepLast(state.messages, action.text, KEEP.messages) };
    case "app/modelContext":
      return { ...state, modelContext: action.text };
    case "app/displayMode":
      return { ...state, mode: action.mode };
    case "app/size": {
      const h = action.height;
      return typeof h === "number" && h > 0 ? { ...state, height: Math.ceil(h) } : state;
    }
    case "app/status":
      return { ...state, status: action.status };
    case "app/refused":
      return { ...state, refused: action.count };
    default:
      return state;
  }
}

export function appRunReducer(state: AppRunState, action: AppRunAction): AppRunState {
  switch (action.type) {
    case "args/set":
      return { ...state, args: action.text };
    case "context/chosen":
      // A new choice sets the display mode it names (the app may change it later by asking).
      return { ...state, choice: action.choice, mode: chosenMode(action.choice) };
    case "run/rejected":
      return { ...state, problem: action.problem };
    case "run/started":
      return started(state);
    case "run/mounted":
      return { ...state, policy: action.policy, phase: "running" };
    case "run/failed":
      return { ...state, phase: "failed", problem: action.message };
    case "run/closed":
      return { ...state, phase: "closed", status: msg("apps.status.closed") };
    default:
      return appReport(state, action);
  }
}

/** The frame is shown once a run began; the call-limit line too. */
export const frameShown = (state: AppRunState): boolean => state.phase !== "idle";
/** Whether the app asked for anything the host shows under the frame (links, messages, model context). */
export const askedAnything = (state: AppRunState): boolean =>
  state.links.length > 0 || state.messages.length > 0 || Boolean(state.modelContext);

/** Fullscreen covers the page only while an app is there to see (not before Run, not after Close). */
export const fullscreenShown = (state: AppRunState): boolean =>
  state.mode === "fullscreen" && (state.phase === "loading" || state.phase === "running");

/** The device the frame emulates: the one chosen, else the persona's (a laptop when unknown). */
export function chosenDevice(state: AppRunState, persona: HostPersona): Device {
  return deviceById(state.choice.device ?? persona.context.device) ?? DEVICES[1];
}

/**
 * The frame's box: the device's width, and its height — the whole size in fullscreen and pip, the app's own up to
 * it inline, where a narrow page keeps the frame inside the panel (maxWidth 100%).
 */
export function frameBox(
  state: AppRunState,
  persona: HostPersona,
): { device: Device; width: number; maxWidth?: string; height: number } {
  const device = chosenDevice(state, persona);
  const size = frameSize(device, state.mode);
  return state.mode === "inline"
    ? { device, width: size.width, maxWidth: "100%", height: Math.min(state.height, size.height) }
    : { device, width: size.width, height: size.height };
}
