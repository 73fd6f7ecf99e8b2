/**
 * The frames of the task wires: a tools/call that declares the extension, tasks/get, tasks/update, tasks/cancel,
 * subscriptions/listen with taskIds, and the 2025-11-25 shapes (params.task, tasks/result, tasks/list). Every
 * 2026 request carries the `_meta` envelope (the ext-tasks examples omit it; the core requires it). Pure.
 */
import { buildEnvelope } from "@/lib/protocol/meta";
import { TASKS_EXTENSION, asObject, type Json } from "./shapes";

export type RequestId = string | number;

/** Client capabilities with the tasks extension declared (other declarations kept). */
export function withTasksExtension(caps: Json = {}): Json {
  return { ...caps, extensions: { ...(asObject(caps.extensions) ?? {}), [TASKS_EXTENSION]: {} } };
}

export function declaresTasksExtension(caps: unknown): boolean {
  return asObject(asObject(asObject(caps)?.extensions)?.[TASKS_EXTENSION]) !== undefined;
}

function request(id: RequestId, method: string, params: Json, caps: Json): Json {
  return { jsonrpc: "2.0", id, method, params: { _meta: buildEnvelope({ clientCapabilities: caps }), ...params } };
}

export function taskCallFrame(id: RequestId, tool: string, args: Json, caps: Json): Json {
  return request(id, "tools/call", { name: tool, arguments: args }, caps);
}

export function getTaskFrame(id: RequestId, taskId: string, caps: Json): Json {
  return request(id, "tasks/get", { taskId }, caps);
}

export function updateTaskFrame(id: RequestId, taskId: string, inputResponses: Json, caps: Json): Json {
  return request(id, "tasks/update", { taskId, inputResponses }, caps);
}

export function cancelTaskFrame(id: RequestId, taskId: string, caps: Json): Json {
  return request(id, "tasks/cancel", { taskId }, caps);
}

export function listenTasksFrame(id: RequestId, taskIds: string[], caps: Json): Json {
  return request(id, "subscriptions/listen", { notifications: { taskIds } }, caps);
}

/** 2025-11-25: the client asks for a task with params.task (no envelope; the era was fixed by initialize). */
export function legacyTaskCallFrame(id: RequestId, tool: string, args: Json, ttl?: number): Json {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: tool, arguments: args, task: ttl === undefined ? {} : { ttl } },
  };
}

export function legacyTaskFrame(
  id: RequestId,
  method: "tasks/get" | "tasks/result" | "tasks/cancel",
  taskId: string,
): Json {
  return { jsonrpc: "2.0", id, method, params: { taskId } };
}

export function legacyListFrame(id: RequestId): Json {
  return { jsonrpc: "2.0", id, method: "tasks/list", params: {} };
}
