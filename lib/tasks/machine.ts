/**
 * The task state machine (ext-tasks "Task Status"): working ↔ input_required → completed | failed | cancelled.
 * Observing a task appends a move when its status changes, with the reason a student should read. Pure.
 */
import { msg, say, type Msg } from "../i18n/translate";
import { isTerminal, type TaskStatus, type TaskView } from "./shapes";

/** How an observation reached the client. */
export type Via = "created" | "poll" | "push" | "update" | "cancel";

export interface Move {
  from: TaskStatus | null;
  to: TaskStatus;
  atMs: number;
  via: Via;
  /** In English (the CLI and its --json); the page says `whyMsg` in the reader's language. */
  why: string;
  whyMsg: Msg;
  /** False when the spec's diagram has no such edge (e.g. out of a terminal state). */
  legal: boolean;
}

/** The edges of the diagram, for drawing. */
export const EDGES: readonly [TaskStatus, TaskStatus][] = [
  ["working", "input_required"],
  ["input_required", "working"],
  ["working", "completed"],
  ["working", "failed"],
  ["working", "cancelled"],
  ["input_required", "completed"],
  ["input_required", "failed"],
  ["input_required", "cancelled"],
];

export function isLegalMove(from: TaskStatus | null, to: TaskStatus): boolean {
  if (from === null || from === to) return true;
  if (isTerminal(from)) return false;
  return EDGES.some(([a, b]) => a === from && b === to);
}

function errorText(error: Record<string, unknown> | undefined): Msg {
  if (!error) return msg("tasks.why.noError");
  return msg("tasks.why.rpcError", { code: String(error.code), message: String(error.message) });
}

/** Why a task moved from `from` to `task.status`, in a sentence (English; whyMovedMsg for the reader's language). */
export function whyMoved(from: TaskStatus | null, task: TaskView, via: Via): string {
  return say(whyMovedMsg(from, task, via));
}

export function whyMovedMsg(from: TaskStatus | null, task: TaskView, via: Via): Msg {
  const said = task.statusMessage ? msg("tasks.why.said", { message: task.statusMessage }) : "";
  const status = task.status;
  if (from === null && via === "created") return msg("tasks.why.created", { status, said });
  if (from === null) return msg("tasks.why.resumed", { status, said });
  if (!isLegalMove(from, task.status)) return msg("tasks.why.illegal", { from, status, said });
  switch (task.status) {
    case "input_required":
      return msg("tasks.why.input", { n: Object.keys(task.inputRequests ?? {}).length, said });
    case "working":
      return msg(from === "input_required" ? "tasks.why.backToWork" : "tasks.why.working", { said });
    case "completed":
      return msg(task.result?.isError === true ? "tasks.why.completedToolError" : "tasks.why.completed", {
        where: via === "push" ? "notifications/tasks" : "tasks/get",
        said,
      });
    case "failed":
      return msg("tasks.why.failed", { error: errorText(task.error), said });
    case "cancelled":
      return msg("tasks.why.cancelled", { said });
  }
}
