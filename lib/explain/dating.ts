/**
 * dateTranscript: which protocol revisions a transcript (or an article's snippets) fits, and why.
 *
 * Every piece of evidence has a window of revisions it can occur in (introduced … removed). The transcript's
 * revisions are the intersection of the windows. When newer evidence rules out older evidence (a 2026-07-28
 * client falling back to initialize with a legacy server), the older evidence is kept as a reason but reported
 * as "legacy fallback shown next to newer features" instead of emptying the answer. Protocol versions the
 * transcript names itself (initialize, _meta, MCP-Protocol-Version) then narrow the window when they fall in it.
 */
import { extractEvidence, type Extracted, type ExtractedJson } from "./extract";
import { LIFECYCLE, lifecycleBadge, lifecycleSentence, type LifecycleId } from "./lifecycle";
import { REVISIONS, type Revision } from "./types";
import { METHODS } from "./methods";
import { isJsonObject, type JsonObject } from "../protocol/json";

export interface DatingReason {
  feature: string;
  /** A short snippet of where it was seen, with its line. */
  evidence: string;
  /** The revisions this feature can occur in. */
  revisions: string[];
  /** Set when newer features outvote it (e.g. a modern client's legacy fallback). */
  note?: string;
}

export interface DatedFeature {
  feature: string;
  evidence: string;
  level: "deprecated" | "removed";
  badge: string;
  text: string;
}

export interface TranscriptDating {
  /** Revisions the transcript fits, oldest first; empty when it holds no MCP evidence. */
  revisions: string[];
  /** One line for people: "uses initialize and Mcp-Session-Id: 2025-11-25 or earlier". */
  summary: string;
  reasons: DatingReason[];
  /** Features it uses that are deprecated or removed as of 2026-07-28. */
  deprecatedOrRemoved: DatedFeature[];
  /** Protocol versions the transcript names itself. */
  namedVersions: string[];
  /** How much was found: JSON values, headers, HTTP and SSE lines. */
  found: { json: number; headers: number; http: number; sse: number };
  /** Which task wire the transcript speaks, when it shows tasks: the 2026 extension, 2025-11-25's core tasks, or both. */
  tasks?: { wire: TaskWire; text: string };
}

/** "extension": io.modelcontextprotocol/tasks (2026-07-28); "core": the tasks of the 2025-11-25 core protocol. */
export type TaskWire = "extension" | "core" | "both";

interface Finding {
  feature: string;
  evidence: string;
  line: number;
  from: Revision;
  /** First revision that no longer has it (exclusive upper bound). */
  until?: Revision;
  lifecycle?: LifecycleId;
  /** Set for evidence only one task wire has. */
  taskWire?: "extension" | "core";
}

const idx = (r: Revision) => REVISIONS.indexOf(r);
const MODERN: Revision = "2026-07-28";

function snippet(text: string, line: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `line ${line}: ${flat.length > 100 ? `${flat.slice(0, 97)}…` : flat}`;
}

/** Collects findings from one extracted JSON value. */
function jsonFindings(item: ExtractedJson, named: Set<string>): Finding[] {
  const found: Finding[] = [];
  const ev = snippet(item.text, item.line);
  const add: Add = (feature, from, until, lifecycle, taskWire) =>
    found.push({ feature, evidence: ev, line: item.line, from, until, lifecycle, ...(taskWire ? { taskWire } : {}) });

  const root = item.value;
  if (Array.isArray(root) && root.length > 0 && root.every((m) => isJsonObject(m) && m.jsonrpc === "2.0")) {
    add("a JSON-RPC batch (array of messages)", "2025-03-26", "2025-06-18", "batching");
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
  feature: string,
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
      add(`${method} as an MRTR input request`, MODERN, undefined, info.lifecycle);
      return;
    }
    if (hasId || item.direction === "received")
      add(`${method} sent by the server as a JSON-RPC request`, info.introduced, MODERN, "serverRequests");
    add(method, info.introduced, undefined, info.lifecycle);
    return;
  }
  if (parentKey !== undefined && !item.synthetic && o.jsonrpc === undefined) return; // a nested {method} that is not a frame
  const removed =
    info.lifecycle && LIFECYCLE[info.lifecycle].status === "removed" ? LIFECYCLE[info.lifecycle].since : undefined;
  const from = method === "tasks/get" || method === "tasks/cancel" ? "2025-11-25" : info.introduced;
  if (method === "ping" && item.direction === "received" && hasId)
    add("ping sent by the server", "2024-11-05", MODERN, "serverRequests");
  add(method, from, removed, info.lifecycle, TASK_METHOD_WIRE[method]);
  const params = isJsonObject(o.params) ? o.params : undefined;
  if (method === "initialize" && typeof params?.protocolVersion === "string") named.add(params.protocolVersion);
  if (method === "notifications/progress" && params && "message" in params)
    add("a progress notification with message", "2025-03-26");
  if (method === "completion/complete" && params && "context" in params)
    add("completion/complete with context", "2025-06-18");
}

const TOOL_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

function keyFindings(o: JsonObject, parentKey: string | undefined, add: Add, named: Set<string>): void {
  const version = o["io.modelcontextprotocol/protocolVersion"];
  if (typeof version === "string") {
    named.add(version);
    add("the per-request _meta envelope (io.modelcontextprotocol/protocolVersion)", MODERN);
  }
  if ("io.modelcontextprotocol/clientCapabilities" in o && typeof version !== "string")
    add("the per-request _meta envelope (io.modelcontextprotocol/clientCapabilities)", MODERN);
  if ("io.modelcontextprotocol/logLevel" in o)
    add("io.modelcontextprotocol/logLevel in _meta", MODERN, undefined, "logging");
  if ("io.modelcontextprotocol/serverInfo" in o) add("serverInfo in result _meta", MODERN);
  if ("io.modelcontextprotocol/subscriptionId" in o) add("io.modelcontextprotocol/subscriptionId", MODERN);
  if ("io.modelcontextprotocol/related-task" in o)
    add("io.modelcontextprotocol/related-task (core tasks)", "2025-11-25", MODERN, "coreTasks", "core");
  if (o.resultType === "task")
    add(`resultType "task" (a CreateTaskResult of the tasks extension)`, MODERN, undefined, undefined, "extension");
  else if (typeof o.resultType === "string") add(`resultType "${o.resultType}"`, MODERN);
  taskFindings(o, parentKey, add);
  if ("inputRequests" in o || "inputResponses" in o)
    add("Multi Round-Trip Requests (inputRequests / inputResponses)", MODERN);
  else if ("requestState" in o) add("requestState (MRTR)", MODERN);
  if ("ttlMs" in o && "cacheScope" in o) add("cache hints ttlMs + cacheScope", MODERN);
  if ("supportedVersions" in o) add("a server/discover result (supportedVersions)", MODERN);
  if ("structuredContent" in o || "outputSchema" in o)
    add("structured tool output (structuredContent / outputSchema)", "2025-06-18");
  if (TOOL_HINTS.some((k) => k in o)) add("tool annotations (readOnlyHint, destructiveHint, …)", "2025-03-26");
  if (Array.isArray(o.icons)) add("icons", "2025-11-25");
  if ("elicitationId" in o) add("elicitationId (URL elicitation, 2025-11-25)", "2025-11-25", MODERN, "elicitationId");
  if (o.type === "audio" && "data" in o) add("audio content", "2025-03-26");
  if (o.type === "resource_link") add("resource_link content", "2025-06-18");
  if (o.mode === "url" && typeof o.url === "string") add("URL-mode elicitation", "2025-11-25");
  if (("tools" in o || "toolChoice" in o) && "maxTokens" in o)
    add("tool use in sampling (tools / toolChoice)", "2025-11-25", undefined, "sampling");
  if (o.includeContext === "thisServer" || o.includeContext === "allServers")
    add(`includeContext "${o.includeContext}"`, "2024-11-05", undefined, "includeContext");
  if ("registration_endpoint" in o || ("redirect_uris" in o && "client_name" in o))
    add("OAuth Dynamic Client Registration", "2025-03-26", undefined, "dcr");
  if (parentKey === "serverInfo" && "title" in o) add("a title in serverInfo", "2025-06-18");
  if (parentKey === "result" && typeof o.protocolVersion === "string" && "serverInfo" in o)
    named.add(o.protocolVersion);
  if ((parentKey === "capabilities" || parentKey === "io.modelcontextprotocol/clientCapabilities") && isJsonObject(o))
    capabilityFindings(o, add);
  if (parentKey === "error" && typeof o.code === "number") errorFindings(o.code, add);
}

function capabilityFindings(caps: JsonObject, add: Add): void {
  if ("completions" in caps) add("the completions capability", "2025-03-26");
  if ("elicitation" in caps) add("the elicitation capability", "2025-06-18");
  if ("tasks" in caps) add("the core tasks capability (2025-11-25)", "2025-11-25", MODERN, "coreTasks", "core");
  if ("extensions" in caps) add("capabilities.extensions", MODERN);
  if (isJsonObject(caps.extensions) && "io.modelcontextprotocol/tasks" in caps.extensions)
    add("the io.modelcontextprotocol/tasks extension declared", MODERN, undefined, undefined, "extension");
  if ("sampling" in caps) add("the sampling capability", "2024-11-05", undefined, "sampling");
  if ("roots" in caps) add("the roots capability", "2024-11-05", undefined, "roots");
  if ("logging" in caps) add("the logging capability", "2024-11-05", undefined, "logging");
  if (isJsonObject(caps.roots) && "listChanged" in caps.roots)
    add("roots.listChanged", "2024-11-05", MODERN, "rootsListChanged");
}

/**
 * A task object (taskId + status: a CreateTaskResult, a tasks/get result, notifications/tasks params, or the 2025
 * `task`) names its times differently on each wire: ttlMs/pollIntervalMs in the extension, ttl/pollInterval in the
 * 2025-11-25 core. statusMessage is on both. A tools/call asking for a task with params.task is 2025's way.
 */
function taskFindings(o: JsonObject, parentKey: string | undefined, add: Add): void {
  if (typeof o.taskId === "string" && typeof o.status === "string") {
    if ("ttlMs" in o || "pollIntervalMs" in o)
      add("task fields ttlMs / pollIntervalMs (tasks extension)", MODERN, undefined, undefined, "extension");
    if ("ttl" in o || "pollInterval" in o)
      add("task fields ttl / pollInterval (2025-11-25 core tasks)", "2025-11-25", MODERN, "coreTasks", "core");
    if ("statusMessage" in o) add("a task statusMessage", "2025-11-25");
    if (o.status === "completed" && isJsonObject(o.result))
      add(
        "a task's result inline (tasks extension; 2025-11-25 needed tasks/result)",
        MODERN,
        undefined,
        undefined,
        "extension",
      );
  }
  if (parentKey === "params" && typeof o.name === "string" && isJsonObject(o.task))
    add("a task-augmented tools/call (params.task, 2025-11-25 core tasks)", "2025-11-25", MODERN, "coreTasks", "core");
  if (parentKey === "notifications" && "taskIds" in o)
    add("subscriptions/listen with taskIds (tasks extension push)", MODERN, undefined, undefined, "extension");
}

function errorFindings(code: number, add: Add): void {
  if (code === -32002) add("error -32002 for a missing resource", "2024-11-05", MODERN, "resourceNotFound32002");
  if (code === -32042) add("error -32042 (URL elicitation required)", "2025-11-25", MODERN, "urlElicitationRequired");
  if (code === -32020 || code === -32021 || code === -32022)
    add(`error ${code} (an MCP-reserved code of 2026-07-28)`, MODERN);
}

function lineFindings(items: Extracted[], named: Set<string>): Finding[] {
  const found: Finding[] = [];
  const httpSse = items.some(
    (x) =>
      (x.kind === "sse" && x.field === "event" && x.value === "endpoint") ||
      (x.kind === "http-request" && /\/sse\b|\/messages\?session/i.test(x.target ?? "")),
  );
  for (const x of items) {
    if (x.kind === "header") {
      const n = x.name.toLowerCase();
      const ev = `line ${x.line}: ${x.name}: ${x.value}`;
      const add = (feature: string, from: Revision, until?: Revision, lifecycle?: LifecycleId) =>
        found.push({ feature, evidence: ev, line: x.line, from, until, lifecycle });
      if (n === "mcp-session-id") add("the Mcp-Session-Id header", "2025-03-26", MODERN, "sessions");
      else if (n === "last-event-id") add("the Last-Event-ID header", "2025-03-26", MODERN, "lastEventId");
      else if (n === "mcp-protocol-version") {
        add("the MCP-Protocol-Version header", "2025-06-18");
        if (/^\d{4}-\d{2}-\d{2}$/.test(x.value)) named.add(x.value);
      } else if (n === "mcp-method" || n === "mcp-name" || n.startsWith("mcp-param-"))
        add(`the ${x.name} header`, MODERN);
    } else if (x.kind === "http-request") {
      const ev = `line ${x.line}: ${x.text}`;
      const add = (feature: string, from: Revision, until?: Revision, lifecycle?: LifecycleId) =>
        found.push({ feature, evidence: ev, line: x.line, from, until, lifecycle });
      if (httpSse && (x.method === "GET" || /\/messages\?session/i.test(x.target ?? "")))
        add("the HTTP+SSE transport (GET stream + endpoint event)", "2024-11-05", undefined, "httpSse");
      else if (x.method === "GET") add("an HTTP GET stream", "2025-03-26", MODERN, "getStream");
      else if (x.method === "DELETE") add("DELETE to end a session", "2025-03-26", MODERN, "sessions");
    } else if (x.kind === "sse") {
      const ev = `line ${x.line}: ${x.field}: ${x.value}`;
      if (x.field === "event" && x.value === "endpoint")
        found.push({
          feature: "the HTTP+SSE transport (endpoint event)",
          evidence: ev,
          line: x.line,
          from: "2024-11-05",
          lifecycle: "httpSse",
        });
      if (x.field === "id" && !httpSse)
        found.push({
          feature: "SSE event ids (resumability)",
          evidence: ev,
          line: x.line,
          from: "2025-03-26",
          until: MODERN,
          lifecycle: "lastEventId",
        });
    }
  }
  return found;
}

function windowOf(f: Finding): Revision[] {
  return REVISIONS.filter((r) => idx(r) >= idx(f.from) && (f.until === undefined || idx(r) < idx(f.until)));
}

/** Beyond this the tolerant extraction gets slow (seconds); a transcript is rarely a tenth of it. */
export const MAX_TRANSCRIPT_CHARS = 1_000_000;

export function dateTranscript(text: string): TranscriptDating {
  if (text.length > MAX_TRANSCRIPT_CHARS) {
    const summary = `The text is ${text.length.toLocaleString("en-US")} characters; the dating reads at most ${MAX_TRANSCRIPT_CHARS.toLocaleString("en-US")}. Paste the part with the frames.`;
    return {
      revisions: [],
      summary,
      reasons: [],
      deprecatedOrRemoved: [],
      namedVersions: [],
      found: { json: 0, headers: 0, http: 0, sse: 0 },
    };
  }
  const items = extractEvidence(text);
  const named = new Set<string>();
  const findings: Finding[] = [];
  for (const item of items) if (item.kind === "json") findings.push(...jsonFindings(item, named));
  findings.push(...lineFindings(items, named));
  const found = {
    json: items.filter((x) => x.kind === "json").length,
    headers: items.filter((x) => x.kind === "header").length,
    http: items.filter((x) => x.kind === "http-request" || x.kind === "http-status").length,
    sse: items.filter((x) => x.kind === "sse").length,
  };
  const namedVersions = [...named].sort();
  if (findings.length === 0) {
    return {
      revisions: [],
      summary: "No MCP frames, headers or transport lines found: nothing to date.",
      reasons: [],
      deprecatedOrRemoved: [],
      namedVersions,
      found,
    };
  }

  // Lower bound: the newest feature's introduction. Older evidence that cannot coexist with it is outvoted.
  const lower = findings.reduce((max, f) => (idx(f.from) > idx(max) ? f.from : max), REVISIONS[0] as Revision);
  const fits = (f: Finding) => f.until === undefined || idx(f.until) > idx(lower);
  const binding = findings.filter(fits);
  const upperExclusive = binding.reduce<Revision | undefined>(
    (min, f) => (f.until && (!min || idx(f.until) < idx(min)) ? f.until : min),
    undefined,
  );
  let revisions = REVISIONS.filter(
    (r) => idx(r) >= idx(lower) && (!upperExclusive || idx(r) < idx(upperExclusive)),
  ) as string[];
  const namedInWindow = revisions.filter((r) => named.has(r));
  const narrowed = namedInWindow.length > 0 && namedInWindow.length < revisions.length;
  if (narrowed) revisions = namedInWindow;

  const reasons = dedupe(findings).map((f): DatingReason => {
    const reason: DatingReason = { feature: f.feature, evidence: f.evidence, revisions: windowOf(f) };
    if (!fits(f))
      reason.note = `older than the newest evidence (${lower}): read as a legacy fallback or a quotation, not as the transcript's own revision`;
    return reason;
  });
  if (namedVersions.length > 0) {
    reasons.push({
      feature: `names protocol version${namedVersions.length > 1 ? "s" : ""} ${namedVersions.join(", ")}`,
      evidence: "initialize params/result, _meta protocolVersion or MCP-Protocol-Version",
      revisions: namedInWindow.length > 0 ? namedInWindow : namedVersions,
      ...(narrowed
        ? {}
        : namedInWindow.length === 0
          ? { note: "the named versions fall outside what the features allow" }
          : {}),
    });
  }
  const tasks = taskWireOf(findings);
  const summary =
    summarize(
      binding,
      findings.filter((f) => !fits(f)),
      lower,
      upperExclusive,
      revisions,
      narrowed ? namedInWindow : [],
    ) + (tasks ? ` ${tasks.text}` : "");
  return {
    revisions,
    summary,
    reasons,
    deprecatedOrRemoved: lifecycleOf(findings),
    namedVersions,
    found,
    ...(tasks ? { tasks } : {}),
  };
}

function taskWireOf(findings: Finding[]): TranscriptDating["tasks"] {
  const ext = findings.filter((f) => f.taskWire === "extension");
  const core = findings.filter((f) => f.taskWire === "core");
  if (ext.length && core.length) {
    return {
      wire: "both",
      text: `Tasks on both wires: the 2025-11-25 core tasks (${names(core)}) and the 2026-07-28 io.modelcontextprotocol/tasks extension (${names(ext)}).`,
    };
  }
  if (ext.length)
    return {
      wire: "extension",
      text: `Tasks: the io.modelcontextprotocol/tasks extension of 2026-07-28 (${names(ext)}).`,
    };
  if (core.length)
    return { wire: "core", text: `Tasks: the core tasks of 2025-11-25, removed in 2026-07-28 (${names(core)}).` };
  return undefined;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const f of findings) if (!seen.has(f.feature)) seen.set(f.feature, f);
  return [...seen.values()];
}

function lifecycleOf(findings: Finding[]): DatedFeature[] {
  const seen = new Map<LifecycleId, DatedFeature>();
  for (const f of findings) {
    if (!f.lifecycle || seen.has(f.lifecycle)) continue;
    const entry = LIFECYCLE[f.lifecycle];
    seen.set(f.lifecycle, {
      feature: f.feature,
      evidence: f.evidence,
      level: entry.status,
      badge: lifecycleBadge(entry),
      text: lifecycleSentence(entry),
    });
  }
  return [...seen.values()];
}

function names(fs: Finding[]): string {
  const labels = [...new Set(fs.map((f) => f.feature))].slice(0, 3);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}

function summarize(
  binding: Finding[],
  outvoted: Finding[],
  lower: Revision,
  upper: Revision | undefined,
  revisions: string[],
  narrowedTo: string[],
): string {
  const range = revisions.length === 1 ? revisions[0] : `${revisions[0]} to ${revisions[revisions.length - 1]}`;
  const parts: string[] = [];
  const newest = binding.filter((f) => f.from === lower && lower !== REVISIONS[0]);
  if (newest.length > 0) parts.push(`uses ${names(newest)}: ${lower} or later`);
  if (upper) {
    const last = REVISIONS[idx(upper) - 1];
    parts.push(`uses ${names(binding.filter((f) => f.until === upper))}: ${last} or earlier`);
  }
  if (parts.length === 0) parts.push(`uses only features every revision has`);
  if (narrowedTo.length > 0) parts.push(`names ${narrowedTo.join(", ")} itself`);
  const tail = outvoted.length > 0 ? `; also shows ${names(outvoted)} (a legacy fallback or quotation)` : "";
  return `${parts.join("; ")} → fits ${range}${tail}.`;
}
