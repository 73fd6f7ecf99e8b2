/**
 * The vocabulary of the Tasks extension (`io.modelcontextprotocol/tasks`, ext-tasks tasks.mdx) and of the
 * 2025-11-25 task wire it replaced, and a reader that judges a task object from either wire. Pure.
 */
import { asObject, type JsonObject } from "@/lib/protocol/json";
import { msg, say, type Msg } from "../i18n/translate";

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

/** `problems` in English (the CLI, the checks); `problemMsgs` the same rules as Msgs, said in the reader's language. */
export type TaskRead =
  | { ok: true; task: TaskView; problems: string[]; problemMsgs: Msg[] }
  | { ok: false; problems: string[]; problemMsgs: Msg[] };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a task object: a CreateTaskResult / GetTaskResult / notifications/tasks params on the extension wire
 * (fields at the top level, `ttlMs`, `pollIntervalMs`), or a 2025-11-25 Task (`ttl`, `pollInterval`). `problems`
 * lists every rule the object breaks; a task with problems is still returned when its id and status are usable.
 */
export function readTask(value: unknown, wire: Wire = "extension"): TaskRead {
  const obj = asObject(value);
  if (!obj) {
    const notObject = msg("tasks.problem.notObject");
    return { ok: false, problems: [say(notObject)], problemMsgs: [notObject] };
  }
  const problemMsgs: Msg[] = [];
  const problem = (key: string, values?: Msg["values"]) => problemMsgs.push(msg(`tasks.problem.${key}`, values));
  if (typeof obj.taskId !== "string" || obj.taskId === "") problem("taskId");
  if (!isTaskStatus(obj.status))
    problem("status", { status: String(JSON.stringify(obj.status)), statuses: TASK_STATUSES.join(", ") });
  if (typeof obj.createdAt !== "string" || !ISO.test(obj.createdAt)) problem("timestamp", { field: "createdAt" });
  const ttlKey = wire === "extension" ? "ttlMs" : "ttl";
  const pollKey = wire === "extension" ? "pollIntervalMs" : "pollInterval";
  const ttl = obj[ttlKey];
  if (wire === "extension" && !(ttlKey in obj)) problem("ttlRequired");
  if (ttl !== undefined && ttl !== null && !(typeof ttl === "number" && Number.isInteger(ttl) && ttl >= 0))
    problem("ttl", { field: ttlKey });
  const poll = obj[pollKey];
  if (poll !== undefined && !(typeof poll === "number" && Number.isInteger(poll) && poll > 0))
    problem("poll", { field: pollKey });
  if (wire === "extension" && (typeof obj.lastUpdatedAt !== "string" || !ISO.test(obj.lastUpdatedAt)))
    problem("timestamp", { field: "lastUpdatedAt" });
  if (obj.status === "completed" && wire === "extension" && !asObject(obj.result)) problem("completedResult");
  if (obj.status === "failed" && wire === "extension" && !asObject(obj.error)) problem("failedError");
  if (obj.status === "input_required" && wire === "extension" && !asObject(obj.inputRequests)) problem("inputRequests");
  const problems = problemMsgs.map((m) => say(m));
  if (typeof obj.taskId !== "string" || !isTaskStatus(obj.status)) return { ok: false, problems, problemMsgs };
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
  return { ok: true, task, problems, problemMsgs };
}
