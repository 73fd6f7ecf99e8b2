/**
 * The words of the wire: every 2026-07-28 method and notification, the legacy ones, and the fields each carries
 * (digest §1, §3, §6, §8, §10, §11; schema/2026-07-28/schema.ts). Sentences are ours; names are the spec's.
 */
import type { LifecycleId } from "./lifecycle";
import { REF } from "./refs";
import type { Revision } from "./types";

export interface FieldInfo {
  text: string;
  required?: boolean;
  specRef?: string;
  lifecycle?: LifecycleId;
}

export type Fields = Record<string, FieldInfo>;

export interface MethodInfo {
  method: string;
  /** request = JSON-RPC request with an id; notification = no id; input = only inside inputRequests (MRTR). */
  kind: "request" | "notification" | "input";
  /** Who sends it in 2026-07-28 (for removed methods: who sent it before). */
  from: "client" | "server" | "either";
  text: string;
  specRef: string;
  /** params keys other than _meta. */
  params: Fields;
  /** result keys other than resultType and _meta. */
  result?: Fields;
  /** The result may be input_required (MRTR): only tools/call, prompts/get, resources/read. */
  mrtr?: boolean;
  /** Complete results carry ttlMs and cacheScope (CacheableResult). */
  cacheable?: boolean;
  /** Part of the tasks extension, not the core. */
  extension?: "io.modelcontextprotocol/tasks";
  lifecycle?: LifecycleId;
  introduced: Revision;
}

const cursor: FieldInfo = { text: "Opaque page cursor from a previous nextCursor; an empty string is still a cursor.", specRef: REF.pagination };
const nextCursor: FieldInfo = { text: "Present when there is another page: send it back as params.cursor; absent means the list is complete.", specRef: REF.pagination };
const ttlMs: FieldInfo = { text: "Freshness hint in milliseconds: the client may reuse this result for that long (0 = stale at once).", required: true, specRef: REF.caching };
const cacheScope: FieldInfo = { text: "\"public\": any cache may share it across users; \"private\": only within the same authorization context.", required: true, specRef: REF.caching };
const inputResponses: FieldInfo = { text: "Answers to the previous round's inputRequests, under the same keys; only on a retry of an input_required call.", specRef: REF.mrtrClient };
const requestState: FieldInfo = { text: "The opaque requestState of the previous round, echoed byte for byte; the client must not read or change it.", specRef: REF.mrtrClient };
const listed = (what: string, ref: string): Fields => ({
  [what]: { text: `The ${what} this server offers to this requester (must not vary per connection).`, required: true, specRef: ref },
  nextCursor,
  ttlMs,
  cacheScope,
});

export const TASK_RESULT_FIELDS: Fields = {
  taskId: { text: "The task's id: poll it with tasks/get.", required: true, specRef: REF.tasks },
  status: { text: "working, input_required, completed, cancelled or failed.", required: true, specRef: REF.tasks },
  statusMessage: { text: "A human-readable status line.", specRef: REF.tasks },
  createdAt: { text: "When the task was created (ISO 8601).", required: true, specRef: REF.tasks },
  lastUpdatedAt: { text: "When the task last changed (ISO 8601).", required: true, specRef: REF.tasks },
  ttlMs: { text: "How long the server keeps the task after creation, in ms (null = unlimited).", required: true, specRef: REF.tasks },
  pollIntervalMs: { text: "How often the server suggests polling tasks/get.", specRef: REF.tasks },
  result: { text: "A completed task's result, in the original call's result shape.", specRef: REF.tasks },
  error: { text: "A failed task's JSON-RPC error object.", specRef: REF.tasks },
  inputRequests: { text: "Input the task needs: answer with tasks/update, not by retrying.", specRef: REF.tasks },
};

const M: MethodInfo[] = [
  // ── client requests of the core ──
  {
    method: "server/discover", kind: "request", from: "client", introduced: "2026-07-28", specRef: REF.discover, cacheable: true,
    text: "Asks the server which protocol versions it supports, its capabilities and its instructions; every 2026-07-28 server must implement it, and it doubles as the era probe.",
    params: {},
    result: {
      supportedVersions: { text: "The protocol versions this server speaks; pick one for later requests.", required: true, specRef: REF.discover },
      capabilities: { text: "What the server offers (tools, resources, prompts, completions, extensions…), server-wide.", required: true, specRef: REF.capabilities },
      instructions: { text: "Natural-language guidance written by the server author for the model: untrusted text that lands in the prompt.", specRef: REF.discover },
      ttlMs, cacheScope,
    },
  },
  {
    method: "tools/list", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.tools, cacheable: true,
    text: "Lists the tools: the functions the model may decide to call.", params: { cursor }, result: listed("tools", REF.tools),
  },
  {
    method: "tools/call", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.tools, mrtr: true,
    text: "Calls one tool with arguments; the answer is a CallToolResult or, mid-way, an input_required result.",
    params: {
      name: { text: "The tool's name, exactly as tools/list gave it (on HTTP it is mirrored in the Mcp-Name header).", required: true, specRef: REF.tools },
      arguments: { text: "The tool's input, an object that should match the tool's inputSchema.", specRef: REF.tools },
      inputResponses, requestState,
    },
    result: {
      content: { text: "What the tool returned, as content blocks (text, image, audio, resource_link, resource).", required: true, specRef: REF.tools },
      structuredContent: { text: "The machine-readable result; must match the tool's outputSchema when it has one.", specRef: REF.tools },
      isError: { text: "true means the tool ran and failed (a tool execution error the model should see), not a protocol error.", specRef: REF.tools },
    },
  },
  {
    method: "prompts/list", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.prompts, cacheable: true,
    text: "Lists the prompts: templates the user picks (for example as slash commands).", params: { cursor }, result: listed("prompts", REF.prompts),
  },
  {
    method: "prompts/get", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.prompts, mrtr: true,
    text: "Renders one prompt with the user's arguments into messages for the conversation.",
    params: {
      name: { text: "The prompt's name from prompts/list (mirrored in Mcp-Name on HTTP).", required: true, specRef: REF.prompts },
      arguments: { text: "String values for the prompt's declared arguments.", specRef: REF.prompts },
      inputResponses, requestState,
    },
    result: {
      description: { text: "An optional description of the rendered prompt.", specRef: REF.prompts },
      messages: { text: "The rendered messages (role user or assistant, one content block each).", required: true, specRef: REF.prompts },
    },
  },
  {
    method: "resources/list", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.resources, cacheable: true,
    text: "Lists the resources: data the application decides to attach as context.", params: { cursor }, result: listed("resources", REF.resources),
  },
  {
    method: "resources/templates/list", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.resources, cacheable: true,
    text: "Lists resource templates (RFC 6570 URI templates) the client can fill in to read resources.",
    params: { cursor }, result: listed("resourceTemplates", REF.resources),
  },
  {
    method: "resources/read", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.resources, cacheable: true, mrtr: true,
    text: "Reads one resource by URI; a missing resource is error -32602 in 2026-07-28.",
    params: { uri: { text: "The resource's URI (mirrored in Mcp-Name on HTTP).", required: true, specRef: REF.resources }, inputResponses, requestState },
    result: { contents: { text: "The resource's contents: text or base64 blob entries, each with its uri.", required: true, specRef: REF.resources }, ttlMs, cacheScope },
  },
  {
    method: "completion/complete", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.completion,
    text: "Asks for completion suggestions for one argument of a prompt or resource template.",
    params: {
      ref: { text: "What is being completed: {type: \"ref/prompt\", name} or {type: \"ref/resource\", uri}.", required: true, specRef: REF.completion },
      argument: { text: "The argument's name and the value typed so far.", required: true, specRef: REF.completion },
      context: { text: "Values of other arguments already chosen, to narrow the suggestions.", specRef: REF.completion },
    },
    result: { completion: { text: "Up to 100 suggested values, with optional total and hasMore.", required: true, specRef: REF.completion } },
  },
  {
    method: "subscriptions/listen", kind: "request", from: "client", introduced: "2026-07-28", specRef: REF.listen,
    text: "Opens a long-lived stream of the change notifications the client opts into; it replaces the HTTP GET stream and resources/subscribe.",
    params: { notifications: { text: "The filter: toolsListChanged, promptsListChanged, resourcesListChanged, resourceSubscriptions (URIs).", required: true, specRef: REF.listen } },
    result: {},
  },
  // ── tasks extension ──
  {
    method: "tasks/get", kind: "request", from: "client", introduced: "2025-11-25", specRef: REF.tasks, extension: "io.modelcontextprotocol/tasks",
    text: "Polls a task created by a tools/call that answered resultType \"task\" (tasks extension).",
    params: { taskId: { text: "The task's id from the CreateTaskResult (mirrored in Mcp-Name on HTTP).", required: true, specRef: REF.tasks } },
    // A DetailedTask: the task's fields at the top level, resultType "complete".
    result: TASK_RESULT_FIELDS,
  },
  {
    method: "tasks/update", kind: "request", from: "client", introduced: "2026-07-28", specRef: REF.tasks, extension: "io.modelcontextprotocol/tasks",
    text: "Answers a task's pending input requests (tasks extension).",
    params: { taskId: { text: "The task being answered.", required: true, specRef: REF.tasks }, inputResponses: { text: "Answers keyed like the task's inputRequests.", required: true, specRef: REF.tasks } },
    // An empty acknowledgement: the task's new state is read with tasks/get.
    result: {},
  },
  {
    method: "tasks/cancel", kind: "request", from: "client", introduced: "2025-11-25", specRef: REF.tasks, extension: "io.modelcontextprotocol/tasks",
    text: "Asks the server to stop a task; cooperative (tasks extension).",
    params: { taskId: { text: "The task to cancel.", required: true, specRef: REF.tasks } },
    // An empty acknowledgement (the 2025-11-25 wire answered the task itself).
    result: {},
  },
  // ── notifications of the core ──
  {
    method: "notifications/cancelled", kind: "notification", from: "either", introduced: "2024-11-05", specRef: REF.cancellation,
    text: "Cancels an in-flight request (client, on stdio) or ends a subscriptions/listen stream (server).",
    params: {
      requestId: { text: "The id of the request to cancel.", required: true, specRef: REF.cancellation },
      reason: { text: "Optional human-readable reason.", specRef: REF.cancellation },
    },
  },
  {
    method: "notifications/progress", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.progress,
    text: "Reports progress on a request that carried a progressToken in its _meta.",
    params: {
      progressToken: { text: "The token the request put in params._meta.progressToken.", required: true, specRef: REF.progress },
      progress: { text: "Progress so far; must increase with every notification.", required: true, specRef: REF.progress },
      total: { text: "The total, if known.", specRef: REF.progress },
      message: { text: "A human-readable status line.", specRef: REF.progress },
    },
  },
  {
    method: "notifications/message", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.logging, lifecycle: "logging",
    text: "A log message for the request that opted in with io.modelcontextprotocol/logLevel; without that key the server must not send it.",
    params: {
      level: { text: "Severity, RFC 5424 order (debug … emergency).", required: true, specRef: REF.logging },
      logger: { text: "Optional logger name.", specRef: REF.logging },
      data: { text: "The log payload, any JSON value; must not contain secrets or personal data.", required: true, specRef: REF.logging },
    },
  },
  {
    method: "notifications/resources/updated", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.listen,
    text: "A subscribed resource changed: read it again (delivered on a subscriptions/listen stream).",
    params: { uri: { text: "The resource (or sub-resource) that changed.", required: true, specRef: REF.listen } },
  },
  {
    method: "notifications/resources/list_changed", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.listen,
    text: "The resource list changed: call resources/list again (on a listen stream that asked for resourcesListChanged).", params: {},
  },
  {
    method: "notifications/tools/list_changed", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.listen,
    text: "The tool list changed: call tools/list again (on a listen stream that asked for toolsListChanged).", params: {},
  },
  {
    method: "notifications/prompts/list_changed", kind: "notification", from: "server", introduced: "2024-11-05", specRef: REF.listen,
    text: "The prompt list changed: call prompts/list again (on a listen stream that asked for promptsListChanged).", params: {},
  },
  {
    method: "notifications/subscriptions/acknowledged", kind: "notification", from: "server", introduced: "2026-07-28", specRef: REF.listen,
    text: "The first message of a listen stream: the subset of the requested notifications the server will actually send.",
    params: { notifications: { text: "The filter the server honours (unsupported types left out); compare it with what you asked for.", required: true, specRef: REF.listen } },
  },
  {
    method: "notifications/tasks", kind: "notification", from: "server", introduced: "2026-07-28", specRef: REF.tasks, extension: "io.modelcontextprotocol/tasks",
    text: "Pushes a task's new state to a listen stream that asked for its taskIds (tasks extension).", params: {},
  },
  // ── input requests (inside inputRequests only) ──
  {
    method: "elicitation/create", kind: "input", from: "server", introduced: "2025-06-18", specRef: REF.elicitation,
    text: "Asks the human for input: a flat form (mode \"form\") or a page to open (mode \"url\").",
    params: {
      mode: { text: "\"form\" (the default when absent) or \"url\"; url mode needs elicitation.url in the request's clientCapabilities.", specRef: REF.elicitation },
      message: { text: "What to ask the human; show it together with which server is asking.", required: true, specRef: REF.elicitation },
      requestedSchema: { text: "Form mode: a flat object schema of primitive fields (no nesting); never for passwords, keys or tokens.", specRef: REF.elicitation },
      url: { text: "URL mode: the page to open after the user consents, in a new top-level window the client cannot read.", specRef: REF.elicitation },
      elicitationId: { text: "A 2025-11-25 correlation id for URL elicitation.", specRef: REF.changelog, lifecycle: "elicitationId" },
    },
  },
  {
    method: "sampling/createMessage", kind: "input", from: "server", introduced: "2024-11-05", specRef: REF.sampling, lifecycle: "sampling",
    text: "Asks the client's model to generate a message on the server's behalf.",
    params: {
      messages: { text: "The conversation to complete.", required: true, specRef: REF.sampling },
      maxTokens: { text: "The most tokens the client may generate; the client must respect it.", required: true, specRef: REF.sampling },
      systemPrompt: { text: "A system prompt the client may use, change or drop.", specRef: REF.sampling },
      includeContext: { text: "Whether to include conversation context: only \"none\" (or leaving it out) is current.", specRef: REF.sampling },
      modelPreferences: { text: "Hints about which model to use (cost, speed, intelligence priorities, name hints).", specRef: REF.sampling },
      temperature: { text: "Sampling temperature the client may honour.", specRef: REF.sampling },
      stopSequences: { text: "Sequences that end generation.", specRef: REF.sampling },
      metadata: { text: "Provider-specific metadata.", specRef: REF.sampling },
      tools: { text: "Tools the model may use while sampling (needs sampling.tools).", specRef: REF.sampling },
      toolChoice: { text: "auto, required or none (needs sampling.tools).", specRef: REF.sampling },
    },
  },
  {
    method: "roots/list", kind: "input", from: "server", introduced: "2024-11-05", specRef: REF.roots, lifecycle: "roots",
    text: "Asks the client for its filesystem roots (file:// URIs).", params: {},
  },
  // ── removed in 2026-07-28 (legacy servers still speak them) ──
  {
    method: "initialize", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.legacyInit, lifecycle: "initialize",
    text: "The legacy handshake: the client offers a protocolVersion and capabilities once per connection.",
    params: {
      protocolVersion: { text: "The version the client asks for; the server answers the same or another it supports.", required: true, specRef: REF.legacyInit },
      capabilities: { text: "The client's capabilities, declared once for the whole connection (2026-07-28 declares them per request).", required: true, specRef: REF.legacyInit },
      clientInfo: { text: "The client's name and version.", required: true, specRef: REF.legacyInit },
    },
    result: {
      protocolVersion: { text: "The version the server chose; if the client cannot speak it, it should disconnect.", required: true, specRef: REF.legacyInit },
      capabilities: { text: "The server's capabilities for this connection.", required: true, specRef: REF.legacyInit },
      serverInfo: { text: "The server's name and version (2026-07-28 moves it to result._meta io.modelcontextprotocol/serverInfo).", required: true, specRef: REF.legacyInit },
      instructions: { text: "Guidance for the model written by the server author: untrusted text.", specRef: REF.legacyInit },
    },
  },
  {
    method: "notifications/initialized", kind: "notification", from: "client", introduced: "2024-11-05", specRef: REF.legacyInit, lifecycle: "initialize",
    text: "Completes the legacy handshake; before it a legacy server should only answer ping.", params: {},
  },
  {
    method: "ping", kind: "request", from: "either", introduced: "2024-11-05", specRef: REF.changelog, lifecycle: "ping",
    text: "A liveness check answered with an empty result.", params: {},
  },
  {
    method: "logging/setLevel", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.changelog, lifecycle: "loggingSetLevel",
    text: "Set the server's log level for the whole connection.", params: { level: { text: "The minimum level to send.", required: true, specRef: REF.logging } },
  },
  {
    method: "resources/subscribe", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.changelog, lifecycle: "resourcesSubscribe",
    text: "Subscribed to updates of one resource for the session.", params: { uri: { text: "The resource to watch.", required: true, specRef: REF.resources } },
  },
  {
    method: "resources/unsubscribe", kind: "request", from: "client", introduced: "2024-11-05", specRef: REF.changelog, lifecycle: "resourcesSubscribe",
    text: "Ended a resources/subscribe subscription.", params: { uri: { text: "The resource to stop watching.", required: true, specRef: REF.resources } },
  },
  {
    method: "notifications/roots/list_changed", kind: "notification", from: "client", introduced: "2024-11-05", specRef: REF.changelog, lifecycle: "rootsListChanged",
    text: "Told the server that the client's roots changed.", params: {},
  },
  {
    method: "notifications/elicitation/complete", kind: "notification", from: "server", introduced: "2025-11-25", specRef: REF.changelog, lifecycle: "elicitationComplete",
    text: "Told the client that an out-of-band URL elicitation finished.", params: { elicitationId: { text: "Which elicitation finished.", required: true, specRef: REF.changelog } },
  },
  {
    method: "tasks/list", kind: "request", from: "client", introduced: "2025-11-25", specRef: REF.tasks, lifecycle: "coreTasks",
    text: "Listed the tasks of the 2025-11-25 core tasks feature.", params: { cursor },
  },
  {
    method: "tasks/result", kind: "request", from: "client", introduced: "2025-11-25", specRef: REF.tasks, lifecycle: "coreTasks",
    text: "Blocked until a 2025-11-25 core task finished and returned its result.", params: { taskId: { text: "The task.", required: true, specRef: REF.tasks } },
  },
  {
    method: "notifications/tasks/status", kind: "notification", from: "server", introduced: "2025-11-25", specRef: REF.tasks, lifecycle: "coreTasks",
    text: "Pushed a 2025-11-25 core task's status change.", params: {},
  },
];


export const METHODS: Record<string, MethodInfo> = Object.fromEntries(M.map((m) => [m.method, m]));
export const METHOD_NAMES = M.map((m) => m.method);

/** Keys of a result every 2026-07-28 result may carry. */
export const RESULT_BASE: Fields = {
  resultType: { text: "What kind of result this is: \"complete\", \"input_required\", or an extension value such as \"task\".", required: true, specRef: REF.resultType },
  _meta: { text: "Result metadata: io.modelcontextprotocol/serverInfo (should), subscriptionId on a listen result.", specRef: REF.metaReserved },
};

export const INPUT_REQUIRED_FIELDS: Fields = {
  inputRequests: { text: "What the server still needs, keyed by server-chosen names: each an elicitation/create, sampling/createMessage or roots/list request (no id).", specRef: REF.mrtr },
  requestState: { text: "Opaque continuation state: echo it exactly on the retry; the client must not parse or change it.", specRef: REF.mrtr },
};


/** params._meta of a request (RequestMetaObject). */
export const REQUEST_META: Fields = {
  "io.modelcontextprotocol/protocolVersion": { text: "The protocol version of this one request; a server that does not speak it answers -32022 with data.supported (on HTTP it must equal the MCP-Protocol-Version header).", required: true, specRef: REF.metaReserved },
  "io.modelcontextprotocol/clientCapabilities": { text: "What this client can do for this request ({} = nothing optional); the server must not remember it from earlier requests.", required: true, specRef: REF.metaReserved },
  "io.modelcontextprotocol/clientInfo": { text: "The client's self-reported name and version: recommended (should), for display and logs, never for security decisions.", specRef: REF.metaReserved },
  "io.modelcontextprotocol/logLevel": { text: "Opts this request into log notifications at or above this level; without it the server must send none.", specRef: REF.logging, lifecycle: "logging" },
  progressToken: { text: "Opts this request into notifications/progress carrying this token (unique among active requests).", specRef: REF.progress },
  traceparent: { text: "W3C Trace Context: links this request to a distributed trace (OpenTelemetry).", specRef: REF.metaReserved },
  tracestate: { text: "W3C Trace Context vendor state that accompanies traceparent.", specRef: REF.metaReserved },
  baggage: { text: "W3C Baggage: key-value context propagated with the trace.", specRef: REF.metaReserved },
};

export const RESULT_META: Fields = {
  "io.modelcontextprotocol/serverInfo": { text: "The server's self-reported name and version: recommended (should) on every result, for display only.", specRef: REF.metaReserved },
  "io.modelcontextprotocol/subscriptionId": { text: "On the closing result of subscriptions/listen: the id of the listen request.", specRef: REF.listen },
  traceparent: REQUEST_META.traceparent, tracestate: REQUEST_META.tracestate, baggage: REQUEST_META.baggage,
};

export const NOTIFICATION_META: Fields = {
  "io.modelcontextprotocol/subscriptionId": { text: "The JSON-RPC id of the subscriptions/listen request this notification belongs to (same JSON type); required on every listen-stream notification.", specRef: REF.listen },
  traceparent: REQUEST_META.traceparent, tracestate: REQUEST_META.tracestate, baggage: REQUEST_META.baggage,
};

/** Reserved keys of earlier revisions that 2026-07-28 no longer defines. */
export const LEGACY_META: Fields = {
  "io.modelcontextprotocol/related-task": { text: "A 2025-11-25 core-tasks key relating a message to a task; the tasks extension of 2026-07-28 does not use it.", specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const CLIENT_CAPABILITIES: Fields = {
  experimental: { text: "Non-standard capabilities, keyed by name.", specRef: REF.capabilities },
  elicitation: { text: "The client can ask its human: {} or {form:{}} for forms, add url:{} for URL mode.", specRef: REF.elicitation },
  sampling: { text: "The client lets servers use its model (context and tools are sub-capabilities).", specRef: REF.sampling, lifecycle: "sampling" },
  roots: { text: "The client can list filesystem roots ({} in 2026-07-28; listChanged is gone).", specRef: REF.roots, lifecycle: "roots" },
  extensions: { text: "Extensions this client supports for this request, keyed by extension id (e.g. io.modelcontextprotocol/tasks).", specRef: REF.capabilities },
  tasks: { text: "The 2025-11-25 core tasks capability.", specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const SERVER_CAPABILITIES: Fields = {
  experimental: { text: "Non-standard capabilities, keyed by name.", specRef: REF.capabilities },
  tools: { text: "The server offers tools; listChanged means it can notify on a listen stream.", specRef: REF.tools },
  resources: { text: "The server offers resources; subscribe and listChanged say which listen filters mean something.", specRef: REF.resources },
  prompts: { text: "The server offers prompts; listChanged means it can notify on a listen stream.", specRef: REF.prompts },
  completions: { text: "The server answers completion/complete.", specRef: REF.completion },
  logging: { text: "The server may send log notifications to requests that ask for them.", specRef: REF.logging, lifecycle: "logging" },
  extensions: { text: "Extensions the server supports, keyed by extension id.", specRef: REF.capabilities },
  tasks: { text: "The 2025-11-25 core tasks capability.", specRef: REF.tasks, lifecycle: "coreTasks" },
};

export const FRAME_KEYS = ["jsonrpc", "id", "method", "params", "result", "error"] as const;
export const ERROR_KEYS = ["code", "message", "data"] as const;
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
