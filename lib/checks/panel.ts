/**
 * What the Checks panel shows, as plain data: the rows of a run in progress, the last report (a re-run of one
 * check is merged into it), and where each check's evidence sits in the timeline. Pure; the panel's hook
 * feeds it the runner's progress events.
 */
import { msg } from "../i18n/translate";
import type { Exchange } from "../bridge/contract";
import type { CheckReport, CheckResult, CheckSend, CheckSendOptions, Level, Status } from "./types";
import { ALL_CHECKS } from "./registry";
import { summarize } from "./report";

export type RowView =
  | { id: string; title: string; level: Level; state: "waiting" | "running" }
  | { id: string; title: string; level: Level; state: "done"; result: CheckResult };

export interface ChecksState {
  phase: "idle" | "running" | "done" | "error";
  /** The target the rows belong to (a target key), so a change of target is visible. */
  targetKey?: string;
  targetLabel?: string;
  /** Ids being run now (all of them, or the one re-run). */
  running: string[];
  current?: string;
  /** Results shown now: filled as each check finishes, replaced by the report's at the end. */
  results: Record<string, CheckResult>;
  report?: CheckReport;
  error?: string;
}

export type ChecksAction =
  | { type: "run/started"; targetKey: string; targetLabel: string; ids: string[] }
  | { type: "check/started"; id: string }
  | { type: "check/done"; result: CheckResult }
  | { type: "run/finished"; report: CheckReport; only?: string[] }
  | { type: "run/failed"; message: string };

export const INITIAL_CHECKS: ChecksState = { phase: "idle", running: [], results: {} };

function byId(checks: CheckResult[]): Record<string, CheckResult> {
  return Object.fromEntries(checks.map((c) => [c.id, c]));
}

/** A re-run of some checks replaces their results in the previous report of the same target. */
export function mergeReport(
  previous: CheckReport | undefined,
  next: CheckReport,
  only: string[] | undefined,
): CheckReport {
  if (!only || !previous || previous.era !== next.era || next.era === "legacy" || next.era === "unreachable")
    return next;
  const replaced = new Map(next.checks.map((c) => [c.id, c]));
  const checks = previous.checks.map((c) => replaced.get(c.id) ?? c);
  for (const c of next.checks) if (!checks.some((x) => x.id === c.id)) checks.push(c);
  checks.sort((a, b) => a.id.localeCompare(b.id));
  return { ...previous, probe: next.probe, checks, ...summarize(checks) };
}

export function checksReducer(state: ChecksState, action: ChecksAction): ChecksState {
  switch (action.type) {
    case "run/started": {
      const keep = state.targetKey === action.targetKey;
      // A re-run keeps the other rows; a full run starts from empty rows.
      const results = keep
        ? Object.fromEntries(Object.entries(state.results).filter(([id]) => !action.ids.includes(id)))
        : {};
      return {
        phase: "running",
        targetKey: action.targetKey,
        targetLabel: action.targetLabel,
        running: action.ids,
        results,
        report: keep ? state.report : undefined,
      };
    }
    case "check/started":
      return { ...state, current: action.id };
    case "check/done":
      return { ...state, results: { ...state.results, [action.result.id]: action.result } };
    case "run/finished": {
      const report = mergeReport(state.report, action.report, action.only);
      return { ...state, phase: "done", running: [], current: undefined, report, results: byId(report.checks) };
    }
    case "run/failed":
      return { ...state, phase: "error", running: [], current: undefined, error: action.message };
  }
}

/** One row per check of the transport: its result if known, else waiting/running. */
/** The rows for this transport and for the era of the last run (a legacy server is judged on its era's rules). */
export function rowsOf(state: ChecksState, transport: "stdio" | "http"): RowView[] {
  const era = state.report?.era === "legacy" ? "legacy" : "modern";
  return ALL_CHECKS.filter((c) => (c.transports === "both" || c.transports === transport) && c.eras.includes(era)).map(
    (c) => {
      const result = state.results[c.id];
      if (result) return { id: c.id, title: c.title, level: result.level, state: "done", result };
      return { id: c.id, title: c.title, level: c.level, state: state.current === c.id ? "running" : "waiting" };
    },
  );
}

export function countsOf(rows: RowView[]): Record<Status, number> & { mustFailed: number } {
  const done = rows.filter((r): r is Extract<RowView, { state: "done" }> => r.state === "done");
  const count = (s: Status) => done.filter((r) => r.result.status === s).length;
  return {
    pass: count("pass"),
    fail: count("fail"),
    warn: count("warn"),
    skip: count("skip"),
    "not-testable": count("not-testable"),
    mustFailed: done.filter((r) => r.result.status === "fail" && r.level === "MUST").length,
  };
}

/** The timeline number (#seq) of each evidence exchange still in the timeline. */
export function evidenceLinks(
  sendIds: string[],
  entries: readonly { sendId: string; seq: number }[],
): { sendId: string; seq: number }[] {
  const bySendId = new Map(entries.map((e) => [e.sendId, e.seq]));
  return sendIds.flatMap((sendId) => {
    const seq = bySendId.get(sendId);
    return seq === undefined ? [] : [{ sendId, seq }];
  });
}

/** The shape of commands.sendFrame in lib/session (kept structural so lib/checks does not depend on it). */
export type SendFrame = (
  text: string,
  opts: { label: string; noCache?: boolean; rememberedSession?: boolean } & Omit<CheckSendOptions, "label">,
) => Promise<Exchange | null>;

/** The suite's send through the session: every frame lands in the timeline, labelled "check …" (or `prefix …`). */
export function sessionSend(sendFrame: SendFrame, prefix = "check"): CheckSend {
  return async (text, opts) => {
    const { label, labelMsg, ...options } = opts;
    const exchange = await sendFrame(text, {
      ...options,
      label: `${prefix} ${label ?? ""}`.trim(),
      ...(labelMsg ? { labelMsg: prefix === "check" ? msg("checkLabels.check", { what: labelMsg }) : labelMsg } : {}),
      // The checks compose every header themselves; a remembered legacy session would skew them.
      rememberedSession: false,
      // Their deliberately odd requests must not feed the client cache (nor be answered from it).
      noCache: true,
    });
    if (!exchange)
      throw new Error(
        `the bridge did not deliver a frame of the ${prefix || "diagnosis"} (its timeline card says why)`,
      );
    return exchange;
  };
}
