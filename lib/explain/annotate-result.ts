/** Results: resultType, MRTR (input_required), cache hints, per-method fields (digest §1.2, §3, §6, §7, §10). */
import { annotateCapabilities, annotateMeta, checkVersion } from "./annotate-meta";
import { REF } from "./refs";
import { asObject, join, Sink, typeName, type JsonObject } from "./sink";
import { METHODS } from "./methods";
import type { Translate } from "../i18n/translate";
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
    sink.add(path, sink.t("explain.r.notObject", { type: typeName(value) }), REF.jsonrpc, "error");
    return;
  }
  const method = sink.ctx.requestMethod ?? inferResultMethod(result);
  const info = method ? METHODS[method] : undefined;
  const legacyShape = method === "initialize" || sink.ctx.serverEra === "legacy";
  const resultType = result.resultType;

  if (resultType === undefined) {
    if (legacyShape) {
      sink.add(join(path, "resultType"), sink.t("explain.r.noResultTypeLegacy"), REF.resultType);
    } else {
      sink.add(path, sink.t("explain.r.noResultType"), REF.resultType, "error");
    }
  }
  if (result._meta !== undefined) annotateMeta(sink, result._meta, join(path, "_meta"), "result");

  if (resultType === "input_required") return annotateInputRequired(sink, result, path, method);
  if (resultType === "task") return annotateTask(sink, result, path, method);
  if (resultType !== undefined && resultType !== "complete") {
    sink.add(
      join(path, "resultType"),
      sink.t("explain.r.resultTypeUnknown", { value: JSON.stringify(resultType) }),
      REF.resultType,
      "error",
    );
    return;
  }
  if (resultType === "complete") {
    sink.add(join(path, "resultType"), sink.t("explain.r.complete"), REF.resultType);
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
      sink.add(path, sink.t("explain.r.unknownRequest", { keys: others.join(", ") }), REF.resultType);
    } else {
      sink.add(path, sink.t("explain.r.empty"), REF.resultType);
    }
    return;
  }
  sink.add(path, sink.t("explain.r.resultOf", { method: String(method) }), info?.specRef ?? REF.resultType);
  const all: Fields = { ...RESULT_BASE, ...fields };
  const skip = ["resultType", "_meta"];
  if (method === "initialize") skip.push(...Object.keys(RESULT_BASE));
  // A result without resultType comes from an earlier revision: it cannot owe 2026-07-28's cache hints.
  const legacy = result.resultType === undefined;
  if (legacy && info?.cacheable) {
    skip.push("ttlMs", "cacheScope");
    if (!("ttlMs" in result)) sink.add(path, sink.t("explain.r.noCacheHintsLegacy"), REF.caching);
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
  if (method === "initialize") sink.lifecycle(path, "initialize", sink.t("explain.r.initializeAnswer"));
  if (method === "tools/list" && Array.isArray(result.tools)) {
    sink.add(join(path, "tools"), sink.t("explain.r.tools", { count: result.tools.length }), REF.tools);
  }
  if (method === "tools/call" && result.isError === true) {
    sink.add(join(path, "isError"), sink.t("explain.r.toolFailed"), REF.tools);
  }
}

function checkCacheHints(sink: Sink, result: JsonObject, path: string): void {
  const ttl = result.ttlMs;
  if (ttl !== undefined) {
    if (typeof ttl !== "number" || ttl < 0)
      sink.add(join(path, "ttlMs"), sink.t("explain.r.ttlBad", { value: JSON.stringify(ttl) }), REF.caching, "error");
    else if (!Number.isInteger(ttl))
      sink.add(join(path, "ttlMs"), sink.t("explain.r.ttlFraction"), REF.caching, "error");
    else
      sink.add(
        join(path, "ttlMs"),
        ttl === 0
          ? sink.t("explain.r.ttlZero")
          : sink.t("explain.r.ttlFresh", { ms: ttl, human: humanMs(ttl, sink.t) }),
        REF.caching,
      );
  }
  const scope = result.cacheScope;
  if (scope !== undefined && scope !== "public" && scope !== "private") {
    sink.add(
      join(path, "cacheScope"),
      sink.t("explain.r.scopeBad", { value: JSON.stringify(scope) }),
      REF.caching,
      "error",
    );
  }
}

function humanMs(ms: number, t: Translate): string {
  if (ms >= 3_600_000) return t("explain.r.hours", { n: +(ms / 3_600_000).toFixed(2) });
  if (ms >= 60_000) return t("explain.r.minutes", { n: +(ms / 60_000).toFixed(2) });
  return t("explain.r.seconds", { n: +(ms / 1000).toFixed(2) });
}

function annotateInputRequired(sink: Sink, result: JsonObject, path: string, method: string | undefined): void {
  sink.add(join(path, "resultType"), sink.t("explain.r.inputRequired"), REF.mrtr);
  if (method && !METHODS[method]?.mrtr) {
    sink.add(path, sink.t("explain.r.inputRequiredWhere", { method }), REF.mrtrWhere, "error");
  }
  if (!("inputRequests" in result) && !("requestState" in result)) {
    sink.add(path, sink.t("explain.r.inputRequiredEmpty"), REF.mrtr, "error");
  }
  for (const key of Object.keys(result)) {
    if (key === "resultType" || key === "_meta") continue;
    const p = join(path, key);
    if (key === "ttlMs" || key === "cacheScope") {
      sink.add(p, sink.t("explain.r.inputRequiredCache", { key }), REF.caching, "error");
    } else if (INPUT_REQUIRED_FIELDS[key]) {
      sink.field(p, key, INPUT_REQUIRED_FIELDS[key], REF.mrtr);
    } else {
      sink.unknownKey(p, key, sink.t("explain.where.inputRequired"), Object.keys(INPUT_REQUIRED_FIELDS), REF.mrtr);
    }
  }
  if (result.requestState !== undefined && typeof result.requestState !== "string") {
    sink.add(join(path, "requestState"), sink.t("explain.r.requestStateType"), REF.mrtr, "error");
  }
  const requests = result.inputRequests;
  if (requests === undefined) {
    if (typeof result.requestState === "string")
      sink.add(join(path, "requestState"), sink.t("explain.r.stateOnly"), REF.mrtrClient);
    return;
  }
  const obj = asObject(requests);
  if (!obj) {
    sink.add(join(path, "inputRequests"), sink.t("explain.r.inputRequestsType"), REF.mrtr, "error");
    return;
  }
  for (const [key, entry] of Object.entries(obj))
    annotateInputRequest(sink, entry, join(join(path, "inputRequests"), key), key);
}

/** One entry of inputRequests: {method, params} with no jsonrpc and no id. */
export function annotateInputRequest(sink: Sink, value: unknown, path: string, key: string): void {
  const entry = asObject(value);
  if (!entry) {
    sink.add(path, sink.t("explain.r.inputRequestType", { key }), REF.mrtrKinds, "error");
    return;
  }
  const method = entry.method;
  const kinds = ["elicitation/create", "sampling/createMessage", "roots/list"];
  if (typeof method !== "string" || !kinds.includes(method)) {
    sink.add(
      join(path, "method"),
      sink.t("explain.r.inputRequestMethod", { kinds: kinds.join(", "), value: JSON.stringify(method) }),
      REF.mrtrKinds,
      "error",
    );
    return;
  }
  const info = METHODS[method];
  const lead = sink.t("explain.r.asks", {
    key,
    what: sink.t(
      method === "elicitation/create"
        ? "explain.r.asksHuman"
        : method === "sampling/createMessage"
          ? "explain.r.asksModel"
          : "explain.r.asksRoots",
    ),
  });
  if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
  else sink.add(path, lead, info.specRef);
  sink.add(
    join(path, "method"),
    `${method}: ${info.key ? sink.t(info.key) : info.text}`,
    info.specRef,
    info.lifecycle ? sink.levelOf(info.lifecycle) : "info",
  );
  for (const k of ["id", "jsonrpc"]) {
    if (k in entry) sink.add(join(path, k), sink.t("explain.r.inputRequestNoKey", { key: k }), REF.mrtrKinds, "error");
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
    { ...info.params, _meta: { text: sink.t("explain.r.inputMeta"), specRef: REF.metaReserved } },
    sink.t("explain.where.params", { method }),
    info.specRef,
  );
  if (method === "elicitation/create") {
    const mode = params.mode ?? "form";
    if (mode === "url" && typeof params.url !== "string")
      sink.add(path, sink.t("explain.r.urlNeedsUrl"), REF.elicitation, "error");
    if (mode === "form" && !asObject(params.requestedSchema))
      sink.add(path, sink.t("explain.r.formNeedsSchema"), REF.elicitation, "error");
    if (mode !== "form" && mode !== "url")
      sink.add(
        join(path, "mode"),
        sink.t("explain.r.modeBad", { value: JSON.stringify(mode) }),
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
  sink.add(join(path, "resultType"), sink.t("explain.r.task"), REF.tasks);
  if (method && method !== "tools/call") sink.add(path, sink.t("explain.r.taskWhere", { method }), REF.tasks, "error");
  sink.fields(result, path, TASK_RESULT_FIELDS, sink.t("explain.where.createTask"), REF.tasks, ["resultType", "_meta"]);
}
