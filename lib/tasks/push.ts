/**
 * Push for tasks as the client sees it (ext-tasks "Task Status Notifications"): the frames of a subscriptions/listen
 * stream that named taskIds, read into what the Tasks view needs, and how polling relaxes while push is on. Pure.
 *
 * Relaxed polling (our choice; ext-tasks lets a client keep polling or not): while the stream's acknowledgement
 * names a task, its tasks/get polls wait RELAXED_POLL_MS or five times the usual delay, whichever is longer. Polls
 * go on as a safety net (a stream can drop without a word); every move between them arrives by push.
 */
import { META_KEYS } from "@/lib/protocol/meta";
import type { PollDelay } from "./schedule";
import { asObject, type Json } from "./shapes";

export const RELAXED_POLL_MS = 5000;

export function relaxedPollDelay(usual: PollDelay): PollDelay {
  return { delayMs: Math.max(RELAXED_POLL_MS, usual.delayMs * 5), source: "push" };
}

export type PushFrame =
  | { kind: "ack"; taskIds: string[] }
  | { kind: "task"; taskId: string; task: Json }
  | { kind: "closed" }
  | { kind: "error"; message: string };

/** One frame of the stream with subscription id `listenId`, or undefined for anything else. */
export function readPushFrame(frame: unknown, listenId: string | number): PushFrame | undefined {
  const f = asObject(frame);
  if (!f) return undefined;
  if (typeof f.method !== "string") {
    if (f.id !== listenId) return undefined;
    const error = asObject(f.error);
    return error ? { kind: "error", message: `${String(error.code)} ${String(error.message)}` } : { kind: "closed" };
  }
  const params = asObject(f.params);
  if (asObject(params?._meta)?.[META_KEYS.subscriptionId] !== listenId) return undefined;
  if (f.method === "notifications/subscriptions/acknowledged") {
    const ids = asObject(params?.notifications)?.taskIds;
    return { kind: "ack", taskIds: Array.isArray(ids) ? ids.filter((t): t is string => typeof t === "string") : [] };
  }
  if (f.method === "notifications/tasks" && typeof params?.taskId === "string")
    return { kind: "task", taskId: params.taskId, task: params };
  return undefined;
}
