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
  resultType: required(said("explain.f.result_base.resultType"), { specRef: REF.resultType }),
  _meta: optional(said("explain.f.result_base._meta"), { specRef: REF.metaReserved }),
};

export const INPUT_REQUIRED_FIELDS: Fields = cite(REF.mrtr, {
  inputRequests: optional(said("explain.f.input_required_fields.inputRequests")),
  requestState: optional(said("explain.f.input_required_fields.requestState")),
});

/** params._meta of a request (RequestMetaObject). */
export const REQUEST_META: Fields = cite(REF.metaReserved, {
  "io.modelcontextprotocol/protocolVersion": required(said("explain.f.request_meta.protocolVersion")),
  "io.modelcontextprotocol/clientCapabilities": required(said("explain.f.request_meta.clientCapabilities")),
  "io.modelcontextprotocol/clientInfo": optional(said("explain.f.request_meta.clientInfo")),
  "io.modelcontextprotocol/logLevel": optional(said("explain.f.request_meta.logLevel"), {
    specRef: REF.logging,
    lifecycle: "logging",
  }),
  progressToken: optional(said("explain.f.request_meta.progressToken"), { specRef: REF.progress }),
  traceparent: optional(said("explain.f.request_meta.traceparent")),
  tracestate: optional(said("explain.f.request_meta.tracestate")),
  baggage: optional(said("explain.f.request_meta.baggage")),
});

/** The W3C trace context keys, which a request, a result and a notification may all carry. */
const TRACE_META: Fields = {
  traceparent: REQUEST_META.traceparent,
  tracestate: REQUEST_META.tracestate,
  baggage: REQUEST_META.baggage,
};

export const RESULT_META: Fields = {
  "io.modelcontextprotocol/serverInfo": optional(said("explain.f.result_meta.serverInfo"), {
    specRef: REF.metaReserved,
  }),
  "io.modelcontextprotocol/subscriptionId": optional(said("explain.f.result_meta.subscriptionId"), {
    specRef: REF.listen,
  }),
  ...TRACE_META,
};

export const NOTIFICATION_META: Fields = {
  "io.modelcontextprotocol/subscriptionId": optional(said("explain.f.notification_meta.subscriptionId"), {
    specRef: REF.listen,
  }),
  ...TRACE_META,
};

const CORE_TASKS = optional(said("explain.f.coreTasks"), { specRef: REF.tasks, lifecycle: "coreTasks" });

/** Reserved keys of earlier revisions that 2026-07-28 no longer defines. */
export const LEGACY_META: Fields = {
  "io.modelcontextprotocol/related-task": optional(said("explain.f.legacy_meta.relatedTask"), {
    specRef: REF.tasks,
    lifecycle: "coreTasks",
  }),
};

export const CLIENT_CAPABILITIES: Fields = {
  experimental: optional(said("explain.f.experimental"), { specRef: REF.capabilities }),
  elicitation: optional(said("explain.f.client_capabilities.elicitation"), { specRef: REF.elicitation }),
  sampling: optional(said("explain.f.client_capabilities.sampling"), { specRef: REF.sampling, lifecycle: "sampling" }),
  roots: optional(said("explain.f.client_capabilities.roots"), { specRef: REF.roots, lifecycle: "roots" }),
  extensions: optional(said("explain.f.client_capabilities.extensions"), { specRef: REF.capabilities }),
  tasks: CORE_TASKS,
};

export const SERVER_CAPABILITIES: Fields = {
  experimental: CLIENT_CAPABILITIES.experimental,
  tools: optional(said("explain.f.server_capabilities.tools"), { specRef: REF.tools }),
  resources: optional(said("explain.f.server_capabilities.resources"), { specRef: REF.resources }),
  prompts: optional(said("explain.f.server_capabilities.prompts"), { specRef: REF.prompts }),
  completions: optional(said("explain.f.server_capabilities.completions"), { specRef: REF.completion }),
  logging: optional(said("explain.f.server_capabilities.logging"), { specRef: REF.logging, lifecycle: "logging" }),
  extensions: optional(said("explain.f.server_capabilities.extensions"), { specRef: REF.capabilities }),
  tasks: CORE_TASKS,
};

export const FRAME_KEYS = ["jsonrpc", "id", "method", "params", "result", "error"] as const;
export const ERROR_KEYS = ["code", "message", "data"] as const;
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
