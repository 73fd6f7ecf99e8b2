/**
 * The vocabulary of the Tasks extension (`io.modelcontextprotocol/tasks`, ext-tasks tasks.mdx) and of the
 * 2025-11-25 task wire it replaced, and a reader that judges a task object from either wire. Pure.
 */
import { asObject, type JsonObject } from "@/lib/protocol/json";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export const TASK_STATUSES = ["working", "input_required", "completed", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TERMINAL_STATUSES: readonly TaskStatus[] = ["completed", "failed", "cancelled"];

/** The methods the extension adds; `tasks/list` and `tasks/result` exist only on the 2025-11-25 wire. */
export const EXTENSION_METHODS = ["tasks/get", "tasks/update", "tasks/cancel"] as const;
export const LEGACY_TASK_METHODS = ["tasks/get", "tasks/result", "tasks/list", "tasks/cancel"] as const;

export const TASK_RESULT_TYPE = "task";
/** The 2026-07-28 code for "this request needs a client capability it did not declare". */
export const MISSING_CAPABILITY = -32021;
export const INVALID_PARAMS = -32602;

export type Json = JsonObject;
export { asObject };

/** One task as either wire describes it, normalised to the extension's field names. */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt?: string;
  /** null = unlimited. On the 2025 wire this is `ttl`. */
  ttlMs: number | null;
  /** On the 2025 wire this is `pollInterval`. */
  pollIntervalMs?: number;
  result?: Json;
  error?: Json;
  inputRequests?: Json;
}

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export type Wire = "extension" | "legacy";

export type TaskRead = { ok: true; task: TaskView; problems: string[] } | { ok: false; problems: string[] };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a task object: a CreateTaskResult / GetTaskResult / notifications/tasks params on the extension wire
 * (fields at the top level, `ttlMs`, `pollIntervalMs`), or a 2025-11-25 Task (`ttl`, `pollInterval`). `problems`
 * lists every rule the object breaks; a task with problems is still returned when its id and status are usable.
 */
export function readTask(value: unknown, wire: Wire = "extension"): TaskRead {
  const obj = asObject(value);
  if (!obj) return { ok: false, problems: ["the task is not an object"] };
  const problems: string[] = [];
  if (typeof obj.taskId !== "string" || obj.taskId === "") problems.push("taskId must be a non-empty string");
  if (!isTaskStatus(obj.status))
    problems.push(`status ${JSON.stringify(obj.status)} is not one of ${TASK_STATUSES.join(", ")}`);
  if (typeof obj.createdAt !== "string" || !ISO.test(obj.createdAt))
    problems.push("createdAt must be an ISO 8601 timestamp");
  const ttlKey = wire === "extension" ? "ttlMs" : "ttl";
  const pollKey = wire === "extension" ? "pollIntervalMs" : "pollInterval";
  const ttl = obj[ttlKey];
  if (wire === "extension" && !(ttlKey in obj)) problems.push("ttlMs is required (a number, or null for unlimited)");
  if (ttl !== undefined && ttl !== null && !(typeof ttl === "number" && Number.isInteger(ttl) && ttl >= 0))
    problems.push(`${ttlKey} must be a whole number of ms or null`);
  const poll = obj[pollKey];
  if (poll !== undefined && !(typeof poll === "number" && Number.isInteger(poll) && poll > 0))
    problems.push(`${pollKey} must be a positive whole number of ms`);
  if (wire === "extension" && (typeof obj.lastUpdatedAt !== "string" || !ISO.test(obj.lastUpdatedAt)))
    problems.push("lastUpdatedAt must be an ISO 8601 timestamp");
  if (obj.status === "completed" && wire === "extension" && !asObject(obj.result))
    problems.push("a completed task carries its result inline (result)");
  if (obj.status === "failed" && wire === "extension" && !asObject(obj.error))
    problems.push("a failed task carries the JSON-RPC error (error)");
  if (obj.status === "input_required" && wire === "extension" && !asObject(obj.inputRequests))
    problems.push("an input_required task carries inputRequests");
  if (typeof obj.taskId !== "string" || !isTaskStatus(obj.status)) return { ok: false, problems };
  const task: TaskView = {
    taskId: obj.taskId,
    status: obj.status,
    createdAt: String(obj.createdAt ?? ""),
    ttlMs: typeof ttl === "number" ? ttl : null,
  };
  if (typeof obj.statusMessage === "string") task.statusMessage = obj.statusMessage;
  if (typeof obj.lastUpdatedAt === "string") task.lastUpdatedAt = obj.lastUpdatedAt;
  if (typeof poll === "number") task.pollIntervalMs = poll;
  const result = asObject(obj.result);
  if (result) task.result = result;
  const error = asObject(obj.error);
  if (error) task.error = error;
  const inputs = asObject(obj.inputRequests);
  if (inputs) task.inputRequests = inputs;
  return { ok: true, task, problems };
}
