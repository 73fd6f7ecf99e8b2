/**
 * The evidence a transcript holds, each piece with the window of revisions it can occur in (introduced … removed):
 * from its JSON values (methods, envelope keys, capabilities, task fields, error codes) and from its header, HTTP and
 * SSE lines. Protocol versions the transcript names itself are collected into `named`. Pure.
 */
import type { Extracted, ExtractedJson } from "./extract";
import { LIFECYCLE, type LifecycleId } from "./lifecycle";
import type { Revision } from "./types";
import { METHODS } from "./methods";
import { isJsonObject, type JsonObject } from "../protocol/json";
import { msg, type Msg } from "../i18n/translate";

/** A feature's name in the catalogues (explain.d.f.*), said in the reader's language when the dating is written. */
const feat = (key: string, values?: Msg["values"]): Msg => msg(`explain.d.f.${key}`, values);

const MODERN: Revision = "2026-07-28";

export interface Finding {
  feature: Msg;
  evidence: string;
  line: number;
  from: Revision;
  /** First revision that no longer has it (exclusive upper bound). */
  until?: Revision;
  lifecycle?: LifecycleId;
  /** Set for evidence only one task wire has. */
  taskWire?: "extension" | "core";
}

function snippet(text: string, line: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `line ${line}: ${flat.length > 100 ? `${flat.slice(0, 97)}…` : flat}`;
}

/** Collects findings from one extracted JSON value. */
export function jsonFindings(item: ExtractedJson, named: Set<string>): Finding[] {
  const found: Finding[] = [];
  const ev = snippet(item.text, item.line);
  const add: Add = (feature, from, until, lifecycle, taskWire) =>
    found.push({ feature, evidence: ev, line: item.line, from, until, lifecycle, ...(taskWire ? { taskWire } : {}) });

  const root = item.value;
  if (Array.isArray(root) && root.length > 0 && root.every((m) => isJsonObject(m) && m.jsonrpc === "2.0")) {
    add(feat("jsonRPCBatchArray"), "2025-03-26", "2025-06-18", "batching");
  }

  const visit = (v: unknown, parentKey: string | undefined, grandKey: string | undefined) => {
    if (Array.isArray(v)) {
      v.forEach((x) => visit(x, parentKey, grandKey));
      return;
    }
    if (!isJsonObject(v)) return;
    messageFindings(v, parentKey, grandKey === "inputRequests" || parentKey === "inputRequests", item, add, named);
    keyFindings(v, parentKey, add, named);
    for (const [k, child] of Object.entries(v)) visit(child, k, parentKey);
  };
  visit(root, undefined, undefined);
  return found;
}

type Add = (
  feature: Msg,
  from: Revision,
  until?: Revision,
  lifecycle?: LifecycleId,
  taskWire?: "extension" | "core",
) => void;

/** Methods only one task wire has (tasks/get and tasks/cancel are on both). */
const TASK_METHOD_WIRE: Record<string, "extension" | "core"> = {
  "tasks/update": "extension",
  "notifications/tasks": "extension",
  "tasks/list": "core",
  "tasks/result": "core",
  "notifications/tasks/status": "core",
};

function messageFindings(
  o: JsonObject,
  parentKey: string | undefined,
  inInputRequests: boolean,
  item: ExtractedJson,
  add: Add,
  named: Set<string>,
): void {
  const method = o.method;
  if (typeof method !== "string") return;
  const info = METHODS[method];
  if (!info) return;
  const hasId = "id" in o;
  if (info.kind === "input") {
    if (inInputRequests) {
      add(feat("mrtrInput", { method }), MODERN, undefined, info.lifecycle);
      return;
    }
    if (hasId || item.direction === "received")
      add(feat("serverRequest", { method }), info.introduced, MODERN, "serverRequests");
    add(feat("method", { method }), info.introduced, undefined, info.lifecycle);
    return;
  }
  if (parentKey !== undefined && !item.synthetic && o.jsonrpc === undefined) return; // a nested {method} that is not a frame
  const removed =
    info.lifecycle && LIFECYCLE[info.lifecycle].status === "removed" ? LIFECYCLE[info.lifecycle].since : undefined;
  const from = method === "tasks/get" || method === "tasks/cancel" ? "2025-11-25" : info.introduced;
  if (method === "ping" && item.direction === "received" && hasId)
    add(feat("pingSentServer"), "2024-11-05", MODERN, "serverRequests");
  add(feat("method", { method }), from, removed, info.lifecycle, TASK_METHOD_WIRE[method]);
  const params = isJsonObject(o.params) ? o.params : undefined;
  if (method === "initialize" && typeof params?.protocolVersion === "string") named.add(params.protocolVersion);
  if (method === "notifications/progress" && params && "message" in params)
    add(feat("progressNotificationMessage"), "2025-03-26");
  if (method === "completion/complete" && params && "context" in params)
    add(feat("completionCompleteContext"), "2025-06-18");
}

const TOOL_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

function keyFindings(o: JsonObject, parentKey: string | undefined, add: Add, named: Set<string>): void {
  const version = o["io.modelcontextprotocol/protocolVersion"];
  if (typeof version === "string") {
    named.add(version);
    add(feat("perRequestMetaEnvelope"), MODERN);
  }
  if ("io.modelcontextprotocol/clientCapabilities" in o && typeof version !== "string")
    add(feat("perRequestMetaEnvelope2"), MODERN);
  if ("io.modelcontextprotocol/logLevel" in o)
    add(feat("ioModelcontextprotocolLogLevelMeta"), MODERN, undefined, "logging");
  if ("io.modelcontextprotocol/serverInfo" in o) add(feat("serverinfoResultMeta"), MODERN);
  if ("io.modelcontextprotocol/subscriptionId" in o) add(feat("ioModelcontextprotocolSubscriptionId"), MODERN);
  if ("io.modelcontextprotocol/related-task" in o)
    add(feat("ioModelcontextprotocolRelatedTask"), "2025-11-25", MODERN, "coreTasks", "core");
  if (o.resultType === "task") add(feat("resultTypeTask"), MODERN, undefined, undefined, "extension");
  else if (typeof o.resultType === "string") add(feat("resultType", { value: o.resultType }), MODERN);
  taskFindings(o, parentKey, add);
  if ("inputRequests" in o || "inputResponses" in o) add(feat("multiRoundTripRequests"), MODERN);
  else if ("requestState" in o) add(feat("requeststateMRTR"), MODERN);
  if ("ttlMs" in o && "cacheScope" in o) add(feat("cacheHintsTtlMsCacheScope"), MODERN);
  if ("supportedVersions" in o) add(feat("serverDiscoverResultSupportedVersions"), MODERN);
  if ("structuredContent" in o || "outputSchema" in o) add(feat("structuredToolOutputStructuredContent"), "2025-06-18");
  if (TOOL_HINTS.some((k) => k in o)) add(feat("toolAnnotationsReadOnlyHintDestructiveHint"), "2025-03-26");
  if (Array.isArray(o.icons)) add(feat("icons"), "2025-11-25");
  if ("elicitationId" in o) add(feat("elicitationidURLElicitation2025"), "2025-11-25", MODERN, "elicitationId");
  if (o.type === "audio" && "data" in o) add(feat("audioContent"), "2025-03-26");
  if (o.type === "resource_link") add(feat("resourceLinkContent"), "2025-06-18");
  if (o.mode === "url" && typeof o.url === "string") add(feat("urlModeElicitation"), "2025-11-25");
  if (("tools" in o || "toolChoice" in o) && "maxTokens" in o)
    add(feat("toolUseSamplingTools"), "2025-11-25", undefined, "sampling");
  if (o.includeContext === "thisServer" || o.includeContext === "allServers")
    add(feat("includeContext", { value: o.includeContext }), "2024-11-05", undefined, "includeContext");
  if ("registration_endpoint" in o || ("redirect_uris" in o && "client_name" in o))
    add(feat("oauthDynamicClientRegistration"), "2025-03-26", undefined, "dcr");
  if (parentKey === "serverInfo" && "title" in o) add(feat("titleServerInfo"), "2025-06-18");
  if (parentKey === "result" && typeof o.protocolVersion === "string" && "serverInfo" in o)
    named.add(o.protocolVersion);
  if ((parentKey === "capabilities" || parentKey === "io.modelcontextprotocol/clientCapabilities") && isJsonObject(o))
    capabilityFindings(o, add);
  if (parentKey === "error" && typeof o.code === "number") errorFindings(o.code, add);
}

function capabilityFindings(caps: JsonObject, add: Add): void {
  if ("completions" in caps) add(feat("completionsCapability"), "2025-03-26");
  if ("elicitation" in caps) add(feat("elicitationCapability"), "2025-06-18");
  if ("tasks" in caps) add(feat("coreTasksCapability2025"), "2025-11-25", MODERN, "coreTasks", "core");
  if ("extensions" in caps) add(feat("capabilitiesExtensions"), MODERN);
  if (isJsonObject(caps.extensions) && "io.modelcontextprotocol/tasks" in caps.extensions)
    add(feat("ioModelcontextprotocolTasksExtension"), MODERN, undefined, undefined, "extension");
  // The Skills extension (SEP-2640) is specified against base revision 2026-07-28 or later.
  if (isJsonObject(caps.extensions) && "io.modelcontextprotocol/skills" in caps.extensions)
    add(feat("ioModelcontextprotocolSkillsExtension"), MODERN);
  if ("sampling" in caps) add(feat("samplingCapability"), "2024-11-05", undefined, "sampling");
  if ("roots" in caps) add(feat("rootsCapability"), "2024-11-05", undefined, "roots");
  if ("logging" in caps) add(feat("loggingCapability"), "2024-11-05", undefined, "logging");
  if (isJsonObject(caps.roots) && "listChanged" in caps.roots)
    add(feat("rootsListChanged"), "2024-11-05", MODERN, "rootsListChanged");
}

/**
 * A task object (taskId + status: a CreateTaskResult, a tasks/get result, notifications/tasks params, or the 2025
 * `task`) names its times differently on each wire: ttlMs/pollIntervalMs in the extension, ttl/pollInterval in the
 * 2025-11-25 core. statusMessage is on both. A tools/call asking for a task with params.task is 2025's way.
 */
function taskFindings(o: JsonObject, parentKey: string | undefined, add: Add): void {
  if (typeof o.taskId === "string" && typeof o.status === "string") {
    if ("ttlMs" in o || "pollIntervalMs" in o)
      add(feat("taskFieldsTtlMsPollIntervalMs"), MODERN, undefined, undefined, "extension");
    if ("ttl" in o || "pollInterval" in o)
      add(feat("taskFieldsTtlPollInterval"), "2025-11-25", MODERN, "coreTasks", "core");
    if ("statusMessage" in o) add(feat("taskStatusMessage"), "2025-11-25");
    if (o.status === "completed" && isJsonObject(o.result))
      add(feat("taskSResultInline"), MODERN, undefined, undefined, "extension");
  }
  if (parentKey === "params" && typeof o.name === "string" && isJsonObject(o.task))
    add(feat("taskAugmentedToolsCall"), "2025-11-25", MODERN, "coreTasks", "core");
  if (parentKey === "notifications" && "taskIds" in o)
    add(feat("subscriptionsListenTaskIdsTasks"), MODERN, undefined, undefined, "extension");
}

function errorFindings(code: number, add: Add): void {
  if (code === -32002) add(feat("error32002MissingResource"), "2024-11-05", MODERN, "resourceNotFound32002");
  if (code === -32042) add(feat("error32042URLElicitation"), "2025-11-25", MODERN, "urlElicitationRequired");
  if (code === -32020 || code === -32021 || code === -32022) add(feat("reservedCode", { code }), MODERN);
}

/** An Add that records each finding with this evidence and line (no task wire: the wire shows only in JSON). */
function adderAt(found: Finding[], evidence: string, line: number): Add {
  return (feature, from, until, lifecycle) => found.push({ feature, evidence, line, from, until, lifecycle });
}

/** Collects findings from the transcript's header, HTTP request and SSE lines. */
export function lineFindings(items: Extracted[], named: Set<string>): Finding[] {
  const found: Finding[] = [];
  const httpSse = items.some(
    (x) =>
      (x.kind === "sse" && x.field === "event" && x.value === "endpoint") ||
      (x.kind === "http-request" && /\/sse\b|\/messages\?session/i.test(x.target ?? "")),
  );
  for (const x of items) {
    if (x.kind === "header") {
      const n = x.name.toLowerCase();
      const add = adderAt(found, `line ${x.line}: ${x.name}: ${x.value}`, x.line);
      if (n === "mcp-session-id") add(feat("mcpSessionIdHeader"), "2025-03-26", MODERN, "sessions");
      else if (n === "last-event-id") add(feat("lastEventIDHeader"), "2025-03-26", MODERN, "lastEventId");
      else if (n === "mcp-protocol-version") {
        add(feat("mcpProtocolVersionHeader"), "2025-06-18");
        if (/^\d{4}-\d{2}-\d{2}$/.test(x.value)) named.add(x.value);
      } else if (n === "mcp-method" || n === "mcp-name" || n.startsWith("mcp-param-"))
        add(feat("header", { name: x.name }), MODERN);
    } else if (x.kind === "http-request") {
      const add = adderAt(found, `line ${x.line}: ${x.text}`, x.line);
      if (httpSse && (x.method === "GET" || /\/messages\?session/i.test(x.target ?? "")))
        add(feat("httpSSETransportGET"), "2024-11-05", undefined, "httpSse");
      else if (x.method === "GET") add(feat("httpGETStream"), "2025-03-26", MODERN, "getStream");
      else if (x.method === "DELETE") add(feat("deleteEndSession"), "2025-03-26", MODERN, "sessions");
    } else if (x.kind === "sse") {
      const add = adderAt(found, `line ${x.line}: ${x.field}: ${x.value}`, x.line);
      if (x.field === "event" && x.value === "endpoint")
        add(feat("httpSSETransportEndpoint"), "2024-11-05", undefined, "httpSse");
      if (x.field === "id" && !httpSse) add(feat("sseEventIdsResumability"), "2025-03-26", MODERN, "lastEventId");
    }
  }
  return found;
}
