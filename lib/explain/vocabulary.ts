/**
 * The words of the wire: every 2026-07-28 method and notification, the legacy ones, and the fields each carries
 * (digest §1, §3, §6, §8, §10, §11; schema/2026-07-28/schema.ts). Sentences are ours; names are the spec's.
 */
import type { LifecycleId } from "./lifecycle";
import { REF } from "./refs";

export interface FieldInfo {
  text: string;
  required?: boolean;
  specRef?: string;
  lifecycle?: LifecycleId;
}

export type Fields = Record<string, FieldInfo>;

type FieldExtra = Pick<FieldInfo, "specRef" | "lifecycle">;
/** A key the sender must include. */
export const required = (text: string, extra?: FieldExtra): FieldInfo => ({ text, required: true, ...extra });
/** A key the sender may leave out. */
export const optional = (text: string, extra?: FieldExtra): FieldInfo => ({ text, ...extra });

/** Fields that cite one spec page, unless a field names its own. */
export function cite(specRef: string, fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, { specRef, ...field }]));
}

export const TASK_RESULT_FIELDS: Fields = cite(REF.tasks, {
  taskId: required("The task's id: poll it with tasks/get."),
  status: required("working, input_required, completed, cancelled or failed."),
  statusMessage: optional("A human-readable status line."),
  createdAt: required("When the task was created (ISO 8601)."),
  lastUpdatedAt: required("When the task last changed (ISO 8601)."),
  ttlMs: required("How long the server keeps the task after creation, in ms (null = unlimited)."),
  pollIntervalMs: optional("How often the server suggests polling tasks/get."),
  result: optional("A completed task's result, in the original call's result shape."),
  error: optional("A failed task's JSON-RPC error object."),
  inputRequests: optional("Input the task needs: answer with tasks/update, not by retrying."),
});

/** Keys of a result every 2026-07-28 result may carry. */
export const RESULT_BASE: Fields = {
  resultType: {
    text: 'What kind of result this is: "complete", "input_required", or an extension value such as "task".',
    required: true,
    specRef: REF.resultType,
  },
  _meta: {
    text: "Result metadata: io.modelcontextprotocol/serverInfo (should), subscriptionId on a listen result.",
    specRef: REF.metaReserved,
  },
};

export const INPUT_REQUIRED_FIELDS: Fields = {
  inputRequests: {
    text: "What the server still needs, keyed by server-chosen names: each an elicitation/create, sampling/createMessage or roots/list request (no id).",
    specRef: REF.mrtr,
  },
  requestState: {
    text: "Opaque continuation state: echo it exactly on the retry; the client must not parse or change it.",
    specRef: REF.mrtr,
  },
};

/** params._meta of a request (RequestMetaObject). */
export const REQUEST_META: Fields = {
  "io.modelcontextprotocol/protocolVersion": {
    text: "The protocol version of this one request; a server that does not speak it answers -32022 with data.supported (on HTTP it must equal the MCP-Protocol-Version header).",
    required: true,
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/clientCapabilities": {
    text: "What this client can do for this request ({} = nothing optional); the server must not remember it from earlier requests.",
    required: true,
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/clientInfo": {
    text: "The client's self-reported name and version: recommended (should), for display and logs, never for security decisions.",
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/logLevel": {
    text: "Opts this request into log notifications at or above this level; without it the server must send none.",
    specRef: REF.logging,
    lifecycle: "logging",
  },
  progressToken: {
    text: "Opts this request into notifications/progress carrying this token (unique among active requests).",
    specRef: REF.progress,
  },
  traceparent: {
    text: "W3C Trace Context: links this request to a distributed trace (OpenTelemetry).",
    specRef: REF.metaReserved,
  },
  tracestate: { text: "W3C Trace Context vendor state that accompanies traceparent.", specRef: REF.metaReserved },
  baggage: { text: "W3C Baggage: key-value context propagated with the trace.", specRef: REF.metaReserved },
};

export const RESULT_META: Fields = {
  "io.modelcontextprotocol/serverInfo": {
    text: "The server's self-reported name and version: recommended (should) on every result, for display only.",
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/subscriptionId": {
    text: "On the closing result of subscriptions/listen: the id of the listen request.",
    specRef: REF.listen,
  },
  traceparent: REQUEST_META.traceparent,
  tracestate: REQUEST_META.tracestate,
  baggage: REQUEST_META.baggage,
};

export const NOTIFICATION_META: Fields = {
  "io.modelcontextprotocol/subscriptionId": {
    text: "The JSON-RPC id of the subscriptions/listen request this notification belongs to (same JSON type); required on every listen-stream notification.",
    specRef: REF.listen,
  },
  traceparent: REQUEST_META.traceparent,
  tracestate: REQUEST_META.tracestate,
  baggage: REQUEST_META.baggage,
};

/** Reserved keys of earlier revisions that 2026-07-28 no longer defines. */
export const LEGACY_META: Fields = {
  "io.modelcontextprotocol/related-task": {
    text: "A 2025-11-25 core-tasks key relating a message to a task; the tasks extension of 2026-07-28 does not use it.",
    specRef: REF.tasks,
    lifecycle: "coreTasks",
  },
};

export const CLIENT_CAPABILITIES: Fields = {
  experimental: { text: "Non-standard capabilities, keyed by name.", specRef: REF.capabilities },
  elicitation: {
    text: "The client can ask its human: {} or {form:{}} for forms, add url:{} for URL mode.",
    specRef: REF.elicitation,
  },
  sampling: {
    text: "The client lets servers use its model (context and tools are sub-capabilities).",
    specRef: REF.sampling,
    lifecycle: "sampling",
  },
  roots: {
    text: "The client can list filesystem roots ({} in 2026-07-28; listChanged is gone).",
    specRef: REF.roots,
    lifecycle: "roots",
  },
  extensions: {
    text: "Extensions this client supports for this request, keyed by extension id (e.g. io.modelcontextprotocol/tasks).",
    specRef: REF.capabilities,
  },
  tasks: { text: "The 2025-11-25 core tasks capability.", specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const SERVER_CAPABILITIES: Fields = {
  experimental: { text: "Non-standard capabilities, keyed by name.", specRef: REF.capabilities },
  tools: { text: "The server offers tools; listChanged means it can notify on a listen stream.", specRef: REF.tools },
  resources: {
    text: "The server offers resources; subscribe and listChanged say which listen filters mean something.",
    specRef: REF.resources,
  },
  prompts: {
    text: "The server offers prompts; listChanged means it can notify on a listen stream.",
    specRef: REF.prompts,
  },
  completions: { text: "The server answers completion/complete.", specRef: REF.completion },
  logging: {
    text: "The server may send log notifications to requests that ask for them.",
    specRef: REF.logging,
    lifecycle: "logging",
  },
  extensions: { text: "Extensions the server supports, keyed by extension id.", specRef: REF.capabilities },
  tasks: { text: "The 2025-11-25 core tasks capability.", specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const FRAME_KEYS = ["jsonrpc", "id", "method", "params", "result", "error"] as const;
export const ERROR_KEYS = ["code", "message", "data"] as const;
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
