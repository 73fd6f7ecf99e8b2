/** Results: resultType, MRTR (input_required), cache hints, per-method fields (digest §1.2, §3, §6, §7, §10). */
import { annotateCapabilities, annotateMeta, checkVersion } from "./annotate-meta";
import { REF } from "./refs";
import { asObject, join, Sink, typeName, type JsonObject } from "./sink";
import { METHODS } from "./methods";
import { INPUT_REQUIRED_FIELDS, RESULT_BASE, TASK_RESULT_FIELDS, type Fields } from "./vocabulary";

/** Guess which request a result answers from its shape (used when the caller does not say). */
export function inferResultMethod(result: JsonObject): string | undefined {
  if ("supportedVersions" in result) return "server/discover";
  if ("protocolVersion" in result && "serverInfo" in result) return "initialize";
  if ("tools" in result) return "tools/list";
  if ("prompts" in result) return "prompts/list";
  if ("resourceTemplates" in result) return "resources/templates/list";
  if ("resources" in result) return "resources/list";
  if ("contents" in result) return "resources/read";
  if ("messages" in result) return "prompts/get";
  if ("content" in result || "structuredContent" in result || "isError" in result) return "tools/call";
  if ("completion" in result) return "completion/complete";
  return undefined;
}

export function annotateResult(sink: Sink, value: unknown, path: string): void {
  const result = asObject(value);
  if (!result) {
    sink.add(path, `result must be an object, not ${typeName(value)}.`, REF.jsonrpc, "error");
    return;
  }
  const method = sink.ctx.requestMethod ?? inferResultMethod(result);
  const info = method ? METHODS[method] : undefined;
  const legacyShape = method === "initialize" || sink.ctx.serverEra === "legacy";
  const resultType = result.resultType;

  if (resultType === undefined) {
    if (legacyShape) {
      sink.add(
        join(path, "resultType"),
        'No resultType: this server speaks a revision before 2026-07-28, and a client must treat the result as "complete".',
        REF.resultType,
      );
    } else {
      sink.add(
        path,
        'The result lacks resultType, which every 2026-07-28 result must carry; a client treats its absence as "complete" from an older server.',
        REF.resultType,
        "error",
      );
    }
  }
  if (result._meta !== undefined) annotateMeta(sink, result._meta, join(path, "_meta"), "result");

  if (resultType === "input_required") return annotateInputRequired(sink, result, path, method);
  if (resultType === "task") return annotateTask(sink, result, path, method);
  if (resultType !== undefined && resultType !== "complete") {
    sink.add(
      join(path, "resultType"),
      `resultType ${JSON.stringify(resultType)} is neither "complete" nor "input_required" nor an extension value the client declared ("task"): the client must consider the result invalid.`,
      REF.resultType,
      "error",
    );
    return;
  }
  if (resultType === "complete") {
    sink.add(
      join(path, "resultType"),
      '"complete": the final answer to the request; no further rounds.',
      REF.resultType,
    );
  }
  annotateComplete(sink, result, path, method, info?.result);
}

function annotateComplete(
  sink: Sink,
  result: JsonObject,
  path: string,
  method: string | undefined,
  fields: Fields | undefined,
): void {
  const info = method ? METHODS[method] : undefined;
  if (!fields) {
    const others = Object.keys(result).filter((k) => k !== "resultType" && k !== "_meta");
    if (others.length > 0) {
      sink.add(
        path,
        `A result whose request is not known here; its fields (${others.join(", ")}) are explained once the request is.`,
        REF.resultType,
      );
    } else {
      sink.add(
        path,
        "An empty result (only resultType/_meta): the acknowledgement some requests get, e.g. a closed subscriptions/listen.",
        REF.resultType,
      );
    }
    return;
  }
  sink.add(path, `The result of ${method}.`, info?.specRef ?? REF.resultType);
  const all: Fields = { ...RESULT_BASE, ...fields };
  const skip = ["resultType", "_meta"];
  if (method === "initialize") skip.push(...Object.keys(RESULT_BASE));
  // A result without resultType comes from an earlier revision: it cannot owe 2026-07-28's cache hints.
  const legacy = result.resultType === undefined;
  if (legacy && info?.cacheable) {
    skip.push("ttlMs", "cacheScope");
    if (!("ttlMs" in result))
      sink.add(
        path,
        "No ttlMs/cacheScope: servers before 2026-07-28 send no cache hints, so a client treats the result as stale at once (ttlMs 0).",
        REF.caching,
      );
  }
  sink.fields(
    result,
    path,
    all,
    sink.t("explain.where.result", { method: String(method) }),
    info?.specRef ?? REF.resultType,
    skip,
  );
  if (info?.cacheable) checkCacheHints(sink, result, path);
  if ((method === "server/discover" || method === "initialize") && result.capabilities !== undefined) {
    annotateCapabilities(sink, result.capabilities, join(path, "capabilities"), "server");
  }
  if (method === "initialize" && result.protocolVersion !== undefined) {
    checkVersion(sink, join(path, "protocolVersion"), result.protocolVersion);
  }
  if (method === "initialize")
    sink.lifecycle(path, "initialize", "The answer to initialize: the server speaks a legacy revision.");
  if (method === "tools/list" && Array.isArray(result.tools)) {
    sink.add(
      join(path, "tools"),
      `${result.tools.length} tool(s): the model decides when to call them; their descriptions and annotations are server-written and untrusted unless the server is trusted.`,
      REF.tools,
    );
  }
  if (method === "tools/call" && result.isError === true) {
    sink.add(
      join(path, "isError"),
      "The tool failed while running (e.g. bad input values): give this result to the model so it can correct itself; it is not a JSON-RPC error.",
      REF.tools,
    );
  }
}

function checkCacheHints(sink: Sink, result: JsonObject, path: string): void {
  const ttl = result.ttlMs;
  if (ttl !== undefined) {
    if (typeof ttl !== "number" || ttl < 0)
      sink.add(
        join(path, "ttlMs"),
        `ttlMs must be a number ≥ 0; ${JSON.stringify(ttl)} should be treated as 0.`,
        REF.caching,
        "error",
      );
    else if (!Number.isInteger(ttl))
      sink.add(
        join(path, "ttlMs"),
        "ttlMs should be an integer number of milliseconds (schema.json says integer).",
        REF.caching,
        "error",
      );
    else
      sink.add(
        join(path, "ttlMs"),
        ttl === 0
          ? "0: stale at once; refetch on every access."
          : `Fresh for ${ttl} ms (${humanMs(ttl)}) after receipt; a hint, not a polling interval.`,
        REF.caching,
      );
  }
  const scope = result.cacheScope;
  if (scope !== undefined && scope !== "public" && scope !== "private") {
    sink.add(
      join(path, "cacheScope"),
      `cacheScope must be "public" or "private", not ${JSON.stringify(scope)}.`,
      REF.caching,
      "error",
    );
  }
}

function humanMs(ms: number): string {
  if (ms >= 3_600_000) return `${+(ms / 3_600_000).toFixed(2)} h`;
  if (ms >= 60_000) return `${+(ms / 60_000).toFixed(2)} min`;
  return `${+(ms / 1000).toFixed(2)} s`;
}

function annotateInputRequired(sink: Sink, result: JsonObject, path: string, method: string | undefined): void {
  sink.add(
    join(path, "resultType"),
    '"input_required": not an answer yet. The server needs input first; retry the same request with a new id, inputResponses and the echoed requestState.',
    REF.mrtr,
  );
  if (method && !METHODS[method]?.mrtr) {
    sink.add(
      path,
      `input_required is only allowed on tools/call, prompts/get and resources/read, not on ${method}.`,
      REF.mrtrWhere,
      "error",
    );
  }
  if (!("inputRequests" in result) && !("requestState" in result)) {
    sink.add(path, "An input_required result must carry inputRequests, requestState or both.", REF.mrtr, "error");
  }
  for (const key of Object.keys(result)) {
    if (key === "resultType" || key === "_meta") continue;
    const p = join(path, key);
    if (key === "ttlMs" || key === "cacheScope") {
      sink.add(
        p,
        `${key} on an input_required result: these results are not cacheable and carry no cache hints.`,
        REF.caching,
        "error",
      );
    } else if (INPUT_REQUIRED_FIELDS[key]) {
      sink.field(p, key, INPUT_REQUIRED_FIELDS[key], REF.mrtr);
    } else {
      sink.unknownKey(p, key, sink.t("explain.where.inputRequired"), Object.keys(INPUT_REQUIRED_FIELDS), REF.mrtr);
    }
  }
  if (result.requestState !== undefined && typeof result.requestState !== "string") {
    sink.add(join(path, "requestState"), "requestState must be a string.", REF.mrtr, "error");
  }
  const requests = result.inputRequests;
  if (requests === undefined) {
    if (typeof result.requestState === "string")
      sink.add(
        join(path, "requestState"),
        "State only, no questions (e.g. load shedding): the client may retry at once with just this requestState.",
        REF.mrtrClient,
      );
    return;
  }
  const obj = asObject(requests);
  if (!obj) {
    sink.add(
      join(path, "inputRequests"),
      "inputRequests must be an object keyed by server-chosen names.",
      REF.mrtr,
      "error",
    );
    return;
  }
  for (const [key, entry] of Object.entries(obj))
    annotateInputRequest(sink, entry, join(join(path, "inputRequests"), key), key);
}

/** One entry of inputRequests: {method, params} with no jsonrpc and no id. */
export function annotateInputRequest(sink: Sink, value: unknown, path: string, key: string): void {
  const entry = asObject(value);
  if (!entry) {
    sink.add(path, `inputRequests["${key}"] must be an object {method, params}.`, REF.mrtrKinds, "error");
    return;
  }
  const method = entry.method;
  const kinds = ["elicitation/create", "sampling/createMessage", "roots/list"];
  if (typeof method !== "string" || !kinds.includes(method)) {
    sink.add(
      join(path, "method"),
      `An input request must be one of ${kinds.join(", ")}; got ${JSON.stringify(method)}.`,
      REF.mrtrKinds,
      "error",
    );
    return;
  }
  const info = METHODS[method];
  const lead = `"${key}": the server asks for ${method === "elicitation/create" ? "input from the human" : method === "sampling/createMessage" ? "a model completion" : "the client's roots"}; answer it under inputResponses["${key}"] on the retry.`;
  if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
  else sink.add(path, lead, info.specRef);
  sink.add(
    join(path, "method"),
    `${method}: ${info.key ? sink.t(info.key) : info.text}`,
    info.specRef,
    info.lifecycle ? sink.levelOf(info.lifecycle) : "info",
  );
  for (const k of ["id", "jsonrpc"]) {
    if (k in entry)
      sink.add(
        join(path, k),
        `An input request has no ${k}: it is not a JSON-RPC request, only {method, params}.`,
        REF.mrtrKinds,
        "error",
      );
  }
  const params = asObject(entry.params);
  if (params) annotateInputParams(sink, method, params, join(path, "params"));
}

/** params of elicitation/create and sampling/createMessage, wherever they appear. */
export function annotateInputParams(sink: Sink, method: string, params: JsonObject, path: string): void {
  const info = METHODS[method];
  if (!info) return;
  sink.fields(
    params,
    path,
    { ...info.params, _meta: { text: "Optional metadata of the input request.", specRef: REF.metaReserved } },
    `${method} params`,
    info.specRef,
  );
  if (method === "elicitation/create") {
    const mode = params.mode ?? "form";
    if (mode === "url" && typeof params.url !== "string")
      sink.add(path, "URL mode needs a url.", REF.elicitation, "error");
    if (mode === "form" && !asObject(params.requestedSchema))
      sink.add(path, "Form mode needs a requestedSchema (a flat object schema).", REF.elicitation, "error");
    if (mode !== "form" && mode !== "url")
      sink.add(
        join(path, "mode"),
        `mode must be "form" or "url", not ${JSON.stringify(mode)}.`,
        REF.elicitation,
        "error",
      );
  }
  if (method === "sampling/createMessage") {
    const ic = params.includeContext;
    if (ic === "thisServer" || ic === "allServers")
      sink.lifecycle(join(path, "includeContext"), "includeContext", `includeContext "${ic}":`);
  }
}

function annotateTask(sink: Sink, result: JsonObject, path: string, method: string | undefined): void {
  sink.add(
    join(path, "resultType"),
    '"task": the tasks extension\'s CreateTaskResult; the work continues in the background, poll it with tasks/get.',
    REF.tasks,
  );
  if (method && method !== "tools/call")
    sink.add(path, `Only tools/call may answer with a task, not ${method}.`, REF.tasks, "error");
  sink.fields(result, path, TASK_RESULT_FIELDS, "a CreateTaskResult", REF.tasks, ["resultType", "_meta"]);
}
