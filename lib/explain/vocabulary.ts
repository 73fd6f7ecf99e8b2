/**
 * The words of the wire: every 2026-07-28 method and notification, the legacy ones, and the fields each carries
 * (digest §1, §3, §6, §8, §10, §11; schema/2026-07-28/schema.ts). Sentences are ours; names are the spec's.
 */
import { englishT } from "../i18n/translate";
import type { LifecycleId } from "./lifecycle";
import { REF } from "./refs";

export interface FieldInfo {
  /** The sentence in English; `key` names it in the catalogues (lib/i18n/messages), for the reader's language. */
  text: string;
  key?: string;
  required?: boolean;
  specRef?: string;
  lifecycle?: LifecycleId;
}

export type Fields = Record<string, FieldInfo>;

type FieldExtra = Pick<FieldInfo, "specRef" | "lifecycle">;
/** A sentence that lives in the catalogues: its key, and its English (the one source is the catalogue). */
export interface Said {
  key: string;
}
export const said = (key: string): Said => ({ key });
/** A table entry's sentence from the catalogues: its English text and its key. */
export const said2 = (key: string): Pick<FieldInfo, "text" | "key"> => ({ text: englishT(key), key });
const sentence = (text: string | Said): Pick<FieldInfo, "text" | "key"> =>
  typeof text === "string" ? { text } : { text: englishT(text.key), key: text.key };
/** A key the sender must include. */
export const required = (text: string | Said, extra?: FieldExtra): FieldInfo => ({
  ...sentence(text),
  required: true,
  ...extra,
});
/** A key the sender may leave out. */
export const optional = (text: string | Said, extra?: FieldExtra): FieldInfo => ({ ...sentence(text), ...extra });

/** Fields that cite one spec page, unless a field names its own. */
export function cite(specRef: string, fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, { specRef, ...field }]));
}

export const TASK_RESULT_FIELDS: Fields = cite(REF.tasks, {
  taskId: required(said("explain.f.task_result_fields.taskId")),
  status: required(said("explain.f.task_result_fields.status")),
  statusMessage: optional(said("explain.f.statusLine")),
  createdAt: required(said("explain.f.task_result_fields.createdAt")),
  lastUpdatedAt: required(said("explain.f.task_result_fields.lastUpdatedAt")),
  ttlMs: required(said("explain.f.task_result_fields.ttlMs")),
  pollIntervalMs: optional(said("explain.f.task_result_fields.pollIntervalMs")),
  result: optional(said("explain.f.task_result_fields.result")),
  error: optional(said("explain.f.task_result_fields.error")),
  inputRequests: optional(said("explain.f.task_result_fields.inputRequests")),
});

/** Keys of a result every 2026-07-28 result may carry. */
export const RESULT_BASE: Fields = {
  resultType: {
    ...said2("explain.f.result_base.resultType"),
    required: true,
    specRef: REF.resultType,
  },
  _meta: {
    ...said2("explain.f.result_base._meta"),
    specRef: REF.metaReserved,
  },
};

export const INPUT_REQUIRED_FIELDS: Fields = {
  inputRequests: {
    ...said2("explain.f.input_required_fields.inputRequests"),
    specRef: REF.mrtr,
  },
  requestState: {
    ...said2("explain.f.input_required_fields.requestState"),
    specRef: REF.mrtr,
  },
};

/** params._meta of a request (RequestMetaObject). */
export const REQUEST_META: Fields = {
  "io.modelcontextprotocol/protocolVersion": {
    ...said2("explain.f.request_meta.protocolVersion"),
    required: true,
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/clientCapabilities": {
    ...said2("explain.f.request_meta.clientCapabilities"),
    required: true,
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/clientInfo": {
    ...said2("explain.f.request_meta.clientInfo"),
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/logLevel": {
    ...said2("explain.f.request_meta.logLevel"),
    specRef: REF.logging,
    lifecycle: "logging",
  },
  progressToken: {
    ...said2("explain.f.request_meta.progressToken"),
    specRef: REF.progress,
  },
  traceparent: {
    ...said2("explain.f.request_meta.traceparent"),
    specRef: REF.metaReserved,
  },
  tracestate: {
    ...said2("explain.f.request_meta.tracestate"),
    specRef: REF.metaReserved,
  },
  baggage: {
    ...said2("explain.f.request_meta.baggage"),
    specRef: REF.metaReserved,
  },
};

export const RESULT_META: Fields = {
  "io.modelcontextprotocol/serverInfo": {
    ...said2("explain.f.result_meta.serverInfo"),
    specRef: REF.metaReserved,
  },
  "io.modelcontextprotocol/subscriptionId": {
    ...said2("explain.f.result_meta.subscriptionId"),
    specRef: REF.listen,
  },
  traceparent: REQUEST_META.traceparent,
  tracestate: REQUEST_META.tracestate,
  baggage: REQUEST_META.baggage,
};

export const NOTIFICATION_META: Fields = {
  "io.modelcontextprotocol/subscriptionId": {
    ...said2("explain.f.notification_meta.subscriptionId"),
    specRef: REF.listen,
  },
  traceparent: REQUEST_META.traceparent,
  tracestate: REQUEST_META.tracestate,
  baggage: REQUEST_META.baggage,
};

/** Reserved keys of earlier revisions that 2026-07-28 no longer defines. */
export const LEGACY_META: Fields = {
  "io.modelcontextprotocol/related-task": {
    ...said2("explain.f.legacy_meta.relatedTask"),
    specRef: REF.tasks,
    lifecycle: "coreTasks",
  },
};

export const CLIENT_CAPABILITIES: Fields = {
  experimental: { ...said2("explain.f.experimental"), specRef: REF.capabilities },
  elicitation: {
    ...said2("explain.f.client_capabilities.elicitation"),
    specRef: REF.elicitation,
  },
  sampling: {
    ...said2("explain.f.client_capabilities.sampling"),
    specRef: REF.sampling,
    lifecycle: "sampling",
  },
  roots: {
    ...said2("explain.f.client_capabilities.roots"),
    specRef: REF.roots,
    lifecycle: "roots",
  },
  extensions: {
    ...said2("explain.f.client_capabilities.extensions"),
    specRef: REF.capabilities,
  },
  tasks: { ...said2("explain.f.coreTasks"), specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const SERVER_CAPABILITIES: Fields = {
  experimental: { ...said2("explain.f.experimental"), specRef: REF.capabilities },
  tools: { ...said2("explain.f.server_capabilities.tools"), specRef: REF.tools },
  resources: {
    ...said2("explain.f.server_capabilities.resources"),
    specRef: REF.resources,
  },
  prompts: {
    ...said2("explain.f.server_capabilities.prompts"),
    specRef: REF.prompts,
  },
  completions: { ...said2("explain.f.server_capabilities.completions"), specRef: REF.completion },
  logging: {
    ...said2("explain.f.server_capabilities.logging"),
    specRef: REF.logging,
    lifecycle: "logging",
  },
  extensions: { ...said2("explain.f.server_capabilities.extensions"), specRef: REF.capabilities },
  tasks: { ...said2("explain.f.coreTasks"), specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const FRAME_KEYS = ["jsonrpc", "id", "method", "params", "result", "error"] as const;
export const ERROR_KEYS = ["code", "message", "data"] as const;
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
