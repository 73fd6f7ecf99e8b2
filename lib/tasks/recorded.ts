/**
 * The tasks a session's exchanges mention (its timeline, a share link, a session file): each task id with the tool
 * that created it and the last state seen. Every task exchange is a timeline card, so links and saved sessions
 * carry task ids and their last state without a field of their own, and polling can resume after a reload
 * (ext-tasks: clients SHOULD persist task ids). Pure.
 */
import { asObject, isTaskStatus, type TaskStatus } from "./shapes";
import { replyFrame, sentFrame, type WireEvent } from "../protocol/exchange";

export interface ExchangeRecord {
  /** Kept only when no event carries the sent frame (read through sentFrame()). */
  sent?: string;
  startedAt?: number;
  targetLabel: string;
  outcome: { kind: string; frame?: unknown; at?: number };
  events?: readonly WireEvent[];
}

export interface RecordedTask {
  taskId: string;
  tool?: string;
  targetLabel: string;
  lastStatus?: TaskStatus;
  statusMessage?: string;
  /** When the last exchange about it was sent (ms epoch), when known. */
  lastSeenAt?: number;
  createdAt?: string;
  ttlMs?: number | null;
  cancelSent: boolean;
  /** "extension" (2026) or "legacy" (a 2025 CreateTaskResult {task}). */
  wire: "extension" | "legacy";
}

function frameOf(x: ExchangeRecord): Record<string, unknown> | undefined {
  return asObject(sentFrame(x));
}

/** Oldest first in, newest last: the result lists tasks in the order they were created. */
export function recordedTasks(exchanges: readonly ExchangeRecord[]): RecordedTask[] {
  const byId = new Map<string, RecordedTask>();
  for (const x of exchanges) {
    const sent = frameOf(x);
    const method = typeof sent?.method === "string" ? sent.method : "";
    const params = asObject(sent?.params) ?? {};
    const result = asObject(asObject(replyFrame(x))?.result);
    let task: Record<string, unknown> | undefined;
    let wire: RecordedTask["wire"] = "extension";
    if (method === "tools/call" && result?.resultType === "task") task = result;
    else if (method === "tools/call" && asObject(result?.task)) {
      task = asObject(result?.task);
      wire = "legacy";
    } else if (method === "tasks/get" && result && typeof result.taskId === "string") task = result;
    const id =
      typeof task?.taskId === "string" ? task.taskId : typeof params.taskId === "string" ? params.taskId : undefined;
    if (!id || !(method === "tools/call" || method.startsWith("tasks/"))) continue;
    let entry = byId.get(id);
    if (!entry) {
      if (method !== "tools/call" && !task) continue; // an id we never saw created or described
      entry = { taskId: id, targetLabel: x.targetLabel, cancelSent: false, wire };
      byId.set(id, entry);
    }
    if (method === "tools/call" && typeof params.name === "string") entry.tool = params.name;
    if (method === "tasks/cancel") entry.cancelSent = true;
    if (x.startedAt !== undefined) entry.lastSeenAt = x.startedAt;
    if (task) {
      if (isTaskStatus(task.status)) entry.lastStatus = task.status;
      if (typeof task.statusMessage === "string") entry.statusMessage = task.statusMessage;
      if (typeof task.createdAt === "string") entry.createdAt = task.createdAt;
      const ttl = task.ttlMs ?? task.ttl;
      if (typeof ttl === "number" || ttl === null) entry.ttlMs = ttl as number | null;
    }
  }
  return [...byId.values()];
}
