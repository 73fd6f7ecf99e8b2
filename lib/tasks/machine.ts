/**
 * The task state machine (ext-tasks "Task Status"): working ↔ input_required → completed | failed | cancelled.
 * Observing a task appends a move when its status changes, with the reason a student should read. Pure.
 */
import { isTerminal, type TaskStatus, type TaskView } from "./shapes";

/** How an observation reached the client. */
export type Via = "created" | "poll" | "push" | "update" | "cancel";

export interface Move {
  from: TaskStatus | null;
  to: TaskStatus;
  atMs: number;
  via: Via;
  why: string;
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

function errorText(error: Record<string, unknown> | undefined): string {
  if (!error) return "no error object (a failed task must carry one)";
  return `JSON-RPC error ${String(error.code)}: ${String(error.message)}`;
}

/** Why a task moved from `from` to `task.status`, in a sentence. */
export function whyMoved(from: TaskStatus | null, task: TaskView, via: Via): string {
  const said = task.statusMessage ? ` Server says: “${task.statusMessage}”.` : "";
  if (from === null && via === "created")
    return `Created: tools/call answered resultType "task" with status ${task.status}.${said}`;
  if (from === null)
    return `Resumed by id: tasks/get says ${task.status} (the state lives behind the task id, not in this page).${said}`;
  if (!isLegalMove(from, task.status))
    return `Moved ${from} → ${task.status}, which the state machine does not allow (${from} is terminal).${said}`;
  switch (task.status) {
    case "input_required": {
      const n = Object.keys(task.inputRequests ?? {}).length;
      return `The server needs input: ${n} request${n === 1 ? "" : "s"} in inputRequests, to be answered with tasks/update (not a retry).${said}`;
    }
    case "working":
      return from === "input_required"
        ? `Back to work: the server took the answer sent with tasks/update.${said}`
        : `Working.${said}`;
    case "completed":
      return `Completed: the result is inline in ${via === "push" ? "notifications/tasks" : "tasks/get"}${task.result?.isError === true ? " (a tool error, isError: true, is still completed)" : ""}.${said}`;
    case "failed":
      return `Failed with a ${errorText(task.error)}.${said}`;
    case "cancelled":
      return `Cancelled: the server honoured tasks/cancel (cooperative; it chose when).${said}`;
  }
}
