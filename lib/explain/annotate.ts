/**
 * explainFrame: one annotation per meaningful place of a JSON-RPC frame — jsonrpc, id, method, each _meta key,
 * params, resultType, MRTR fields, cache hints, error code/message/data — each with a spec reference and a level
 * (info | deprecated | removed | error). Pure; the UI, the CLI and the tests share it.
 */
import { annotateError } from "./annotate-error";
import { annotateCapabilities, annotateMeta, checkVersion } from "./annotate-meta";
import { annotateInputParams, annotateResult } from "./annotate-result";
import { closest } from "./edit-distance";
import { LIFECYCLE } from "./lifecycle";
import { REF } from "./refs";
import { asObject, join, Sink, typeName, type JsonObject } from "./sink";
import type { Annotation, ExplainContext } from "./types";
import { METHOD_NAMES, METHODS, type MethodInfo } from "./methods";
import { FRAME_KEYS, LOG_LEVELS } from "./vocabulary";

export function explainFrame(frame: unknown, context: ExplainContext = {}): Annotation[] {
  const sink = new Sink(context);
  let value = frame;
  if (typeof frame === "string") {
    try {
      value = JSON.parse(frame);
    } catch (e) {
      sink.add(
        "",
        `Not JSON (${(e as Error).message}): a server answers -32700 Parse error, or drops the line.`,
        REF.jsonrpc,
        "error",
      );
      return sink.out;
    }
  }
  if (Array.isArray(value)) {
    sink.lifecycle("", "batching", `A JSON array of ${value.length} message(s) is a batch.`);
    value.forEach((item, i) => annotateMessage(sink, item, String(i)));
  } else {
    annotateMessage(sink, value, "");
  }
  return inDocumentOrder(value, sink.out);
}

/** Sort annotations in the order their places appear in the frame (stable; a missing key sorts with its parent). */
function inDocumentOrder(value: unknown, annotations: Annotation[]): Annotation[] {
  const rank = new Map<string, number>();
  const walk = (v: unknown, path: string) => {
    rank.set(path, rank.size);
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, join(path, i)));
    else if (v !== null && typeof v === "object")
      for (const [k, child] of Object.entries(v)) walk(child, join(path, k));
  };
  walk(value, "");
  const rankOf = (path: string): number => {
    const exact = rank.get(path);
    if (exact !== undefined) return exact;
    let best = 0;
    let bestLength = -1;
    for (const [known, r] of rank) {
      if (known.length > bestLength && (known === "" || path.startsWith(`${known}.`))) {
        best = r;
        bestLength = known.length;
      }
    }
    return best + 0.5;
  };
  return annotations
    .map((a, i) => ({ a, i, r: rankOf(a.path) }))
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
}

type Kind = "request" | "notification" | "result" | "error" | "invalid";

function kindOf(msg: JsonObject): Kind {
  if ("method" in msg) return "id" in msg ? "request" : "notification";
  if ("result" in msg) return "result";
  if ("error" in msg) return "error";
  return "invalid";
}

function annotateMessage(sink: Sink, value: unknown, root: string): void {
  const msg = asObject(value);
  if (!msg) {
    sink.add(root, `A JSON-RPC message is an object, not ${typeName(value)}.`, REF.jsonrpc, "error");
    return;
  }
  const kind = kindOf(msg);
  summarize(sink, msg, kind, root);
  annotateJsonrpc(sink, msg.jsonrpc, join(root, "jsonrpc"), "jsonrpc" in msg);
  annotateId(sink, msg, kind, root);
  for (const key of Object.keys(msg)) {
    if (!(FRAME_KEYS as readonly string[]).includes(key))
      sink.unknownKey(join(root, key), key, sink.t("explain.where.message"), FRAME_KEYS, REF.jsonrpc);
  }
  if (kind === "request" || kind === "notification") annotateMethodFrame(sink, msg, kind, root);
  if (kind === "result" || kind === "error") {
    if ("result" in msg && "error" in msg)
      sink.add(root, "A response carries result or error, never both.", REF.jsonrpc, "error");
    if (sink.ctx.direction === "sent")
      sink.lifecycle(
        root,
        "serverRequests",
        "The client is sending a response, which only makes sense as an answer to a server-sent request.",
      );
    if ("result" in msg) annotateResult(sink, msg.result, join(root, "result"));
    if ("error" in msg) annotateError(sink, msg.error, join(root, "error"));
  }
}

/** What each kind of message is, in one sentence. */
const KIND_SUMMARY = new Set<Kind>(["request", "notification", "result", "error"]);

function summarize(sink: Sink, msg: JsonObject, kind: Kind, root: string): void {
  if (KIND_SUMMARY.has(kind)) {
    sink.add(root, sink.t(`explain.kind.${kind}`), REF.jsonrpc);
    return;
  }
  const guess = Object.keys(msg)
    .map((k) => closest(k, ["method", "result", "error"]))
    .find(Boolean);
  sink.add(
    root,
    `Neither a request (method), a result nor an error${guess ? `; did you mean "${guess}"?` : "."} A server answers -32600 Invalid request.`,
    REF.jsonrpc,
    "error",
  );
}

function annotateJsonrpc(sink: Sink, value: unknown, path: string, present: boolean): void {
  if (!present)
    sink.add(
      path,
      'jsonrpc is missing: every message must say "jsonrpc": "2.0" (expect -32600).',
      REF.jsonrpc,
      "error",
    );
  else if (value !== "2.0")
    sink.add(path, `jsonrpc must be exactly the string "2.0", not ${JSON.stringify(value)}.`, REF.jsonrpc, "error");
  else sink.add(path, sink.t("explain.jsonrpcOk"), REF.jsonrpc);
}

function annotateId(sink: Sink, msg: JsonObject, kind: Kind, root: string): void {
  const path = join(root, "id");
  const id = msg.id;
  if (kind === "notification" || kind === "invalid") return;
  if (kind === "request") {
    if (id === null)
      return sink.add(path, "id must not be null in MCP: use a string or an integer.", REF.jsonrpc, "error");
    if (typeof id === "number" && !Number.isInteger(id))
      return sink.add(path, "id should be a string or an integer, not a fraction.", REF.jsonrpc, "error");
    if (typeof id !== "string" && typeof id !== "number")
      return sink.add(path, `id must be a string or an integer, not ${typeName(id)}.`, REF.jsonrpc, "error");
    const params = asObject(msg.params);
    const retry = params && ("inputResponses" in params || "requestState" in params);
    const tail = sink.t(retry ? "explain.idRetry" : "explain.idEchoed");
    return sink.add(path, `${sink.t("explain.idRequest", { id: JSON.stringify(id) })}${tail}`, REF.jsonrpc);
  }
  if (!("id" in msg) || id === null) {
    if (kind === "error")
      return sink.add(
        path,
        "No usable id: allowed only when the request's own id could not be read (e.g. a parse error).",
        REF.jsonrpc,
      );
    return sink.add(path, "A result must echo the request's id.", REF.jsonrpc, "error");
  }
  sink.add(path, sink.t("explain.idEchoes", { id: JSON.stringify(id) }), REF.jsonrpc);
}

function annotateMethodFrame(sink: Sink, msg: JsonObject, kind: "request" | "notification", root: string): void {
  const path = join(root, "method");
  const method = msg.method;
  if (typeof method !== "string") {
    sink.add(path, `method must be a string, not ${typeName(method)}.`, REF.jsonrpc, "error");
    return;
  }
  const info = METHODS[method];
  if (!info) {
    const guess = closest(method, METHOD_NAMES);
    if (guess)
      sink.add(
        path,
        `"${method}" is not an MCP method; did you mean "${guess}"? As written the server answers -32601 (HTTP 404).`,
        REF.errors,
        "error",
      );
    else
      sink.add(
        path,
        `"${method}" is not a method of 2026-07-28 (core or tasks extension); a server that does not know it answers -32601 (HTTP 404 on Streamable HTTP).`,
        REF.errors,
        "info",
      );
    if (msg.params !== undefined) annotateParams(sink, msg.params, join(root, "params"), undefined, kind);
    return;
  }
  annotateMethod(sink, info, kind, path);
  annotateParams(sink, msg.params, join(root, "params"), info, kind, "params" in msg);
}

function annotateMethod(sink: Sink, info: MethodInfo, kind: "request" | "notification", path: string): void {
  const { direction, transport } = sink.ctx;
  const lead = `${info.method}: ${info.key ? sink.t(info.key) : info.text}`;
  if (info.kind === "input") {
    if (kind === "request" && direction !== "sent") {
      sink.lifecycle(
        path,
        "serverRequests",
        `${info.method} arrives here as a JSON-RPC request from the server, the pre-2026 way.`,
      );
      if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
      return;
    }
    sink.add(
      path,
      `${info.method} is something a server asks for; in 2026-07-28 it only appears inside a result's inputRequests, never as a frame of its own.`,
      REF.mrtrKinds,
      "error",
    );
    if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
    return;
  }
  const removedRequest =
    kind === "request" && info.lifecycle && LIFECYCLE[info.lifecycle].status === "removed" && direction !== "received";
  if (info.lifecycle)
    sink.lifecycle(
      path,
      info.lifecycle,
      removedRequest ? `${lead} A 2026-07-28-only server answers it with -32601 (HTTP 404).` : lead,
    );
  else if (info.extension)
    sink.add(path, `${lead} It needs "${info.extension}" declared in clientCapabilities.extensions.`, info.specRef);
  else sink.add(path, lead, info.specRef);

  if (info.kind !== kind) {
    sink.add(
      path,
      info.kind === "request"
        ? `${info.method} is a request: without an id the server treats it as a notification and never answers.`
        : `${info.method} is a notification: it must not carry an id.`,
      REF.jsonrpc,
      "error",
    );
  }
  if (direction === "sent" && info.from === "server") {
    sink.add(
      path,
      `Only servers send ${info.method}; a client sending it is talking the wrong way round.`,
      info.specRef,
      "error",
    );
  }
  if (direction === "received" && info.from === "client" && kind === "request") {
    sink.lifecycle(path, "serverRequests", `The server sent ${info.method} as a request.`);
  }
  if (info.method === "notifications/cancelled" && direction === "sent" && transport === "http") {
    sink.add(
      path,
      "On Streamable HTTP, closing the request's response stream is the cancellation; this notification is the stdio way.",
      REF.cancellation,
    );
  }
}

function annotateParams(
  sink: Sink,
  value: unknown,
  path: string,
  info: MethodInfo | undefined,
  kind: "request" | "notification",
  present = true,
): void {
  // A request of the current core must carry the envelope; removed and server-side methods are judged elsewhere.
  const modernRequest =
    kind === "request" &&
    !!info &&
    info.kind !== "input" &&
    !(info.lifecycle && LIFECYCLE[info.lifecycle].status === "removed");
  if (!present || value === undefined) {
    if (modernRequest)
      sink.add(
        path,
        "No params: a 2026-07-28 request needs params._meta with protocolVersion and clientCapabilities; a modern server answers -32602 (HTTP 400).",
        REF.metaReserved,
        "error",
      );
    else if (info && Object.values(info.params).some((f) => f.required))
      sink.add(path, `${info.method} needs params (${requiredOf(info).join(", ")}).`, info.specRef, "error");
    return;
  }
  const params = asObject(value);
  if (!params) {
    sink.add(path, `params must be an object, not ${typeName(value)}.`, REF.jsonrpc, "error");
    return;
  }
  if ("_meta" in params)
    annotateMeta(sink, params._meta, join(path, "_meta"), kind === "request" ? "request" : "notification");
  else if (modernRequest)
    sink.add(
      path,
      "params lacks _meta: every 2026-07-28 request carries protocolVersion and clientCapabilities there; a modern server answers -32602 (HTTP 400).",
      REF.metaReserved,
      "error",
    );
  if (!info) return;

  if (info.kind === "input") {
    annotateInputParams(sink, info.method, params, path);
    return;
  }
  sink.fields(params, path, info.params, `${info.method} params`, info.specRef, ["_meta"]);
  switch (info.method) {
    case "initialize":
      if (params.capabilities !== undefined)
        annotateCapabilities(sink, params.capabilities, join(path, "capabilities"), "client");
      if (params.protocolVersion !== undefined)
        checkVersion(sink, join(path, "protocolVersion"), params.protocolVersion);
      break;
    case "subscriptions/listen":
      annotateFilter(sink, params.notifications, join(path, "notifications"));
      break;
    case "notifications/message":
    case "logging/setLevel":
      if (params.level !== undefined && !(LOG_LEVELS as readonly string[]).includes(String(params.level))) {
        sink.add(
          join(path, "level"),
          `${JSON.stringify(params.level)} is not a log level (${LOG_LEVELS.join(", ")}).`,
          REF.logging,
          "error",
        );
      }
      break;
  }
  if (params.inputResponses !== undefined)
    annotateInputResponses(sink, params.inputResponses, join(path, "inputResponses"));
}

function requiredOf(info: MethodInfo): string[] {
  return Object.entries(info.params)
    .filter(([, f]) => f.required)
    .map(([k]) => k);
}

const FILTER_KEYS: Record<string, string> = {
  toolsListChanged: "notifications/tools/list_changed when the tool list changes",
  promptsListChanged: "notifications/prompts/list_changed when the prompt list changes",
  resourcesListChanged: "notifications/resources/list_changed when the resource list changes",
  resourceSubscriptions: "notifications/resources/updated for these URIs",
  taskIds: "notifications/tasks for these tasks (tasks extension only)",
};

function annotateFilter(sink: Sink, value: unknown, path: string): void {
  const filter = asObject(value);
  if (!filter) return;
  for (const [key, v] of Object.entries(filter)) {
    const p = join(path, key);
    if (FILTER_KEYS[key])
      sink.add(
        p,
        `${key}: asks for ${FILTER_KEYS[key]}${v === false ? " (false: not asked)" : ""}.`,
        key === "taskIds" ? REF.tasks : REF.listen,
      );
    else sink.unknownKey(p, key, "the subscription filter", Object.keys(FILTER_KEYS), REF.listen);
  }
}

function annotateInputResponses(sink: Sink, value: unknown, path: string): void {
  const responses = asObject(value);
  if (!responses) {
    sink.add(
      path,
      "inputResponses must be an object keyed like the inputRequests it answers.",
      REF.mrtrClient,
      "error",
    );
    return;
  }
  for (const [key, v] of Object.entries(responses)) {
    const p = join(path, key);
    const r = asObject(v);
    if (!r) {
      sink.add(
        p,
        `The answer to "${key}" must be an object (an ElicitResult, CreateMessageResult or ListRootsResult).`,
        REF.mrtrKinds,
        "error",
      );
      continue;
    }
    if ("resultType" in r)
      sink.add(
        join(p, "resultType"),
        "Input responses carry no resultType: they are plain ElicitResult / CreateMessageResult / ListRootsResult objects.",
        REF.mrtrKinds,
        "error",
      );
    if ("action" in r) {
      const action = r.action;
      const ok = action === "accept" || action === "decline" || action === "cancel";
      sink.add(
        p,
        ok
          ? `The human's answer to "${key}": ${action}${action === "accept" ? ("content" in r ? ", with the form's values in content" : " (URL mode: consent to open the page, not completion)") : ""}.`
          : `action must be "accept", "decline" or "cancel", not ${JSON.stringify(action)}.`,
        REF.elicitation,
        ok ? "info" : "error",
      );
    } else if ("roots" in r) {
      sink.lifecycle(p, "roots", `The client's roots, answering "${key}".`);
    } else if ("role" in r && "content" in r) {
      sink.lifecycle(p, "sampling", `A model completion answering "${key}".`);
    } else {
      sink.add(
        p,
        `The answer to "${key}" has none of action (elicitation), roots, or role+content (sampling).`,
        REF.mrtrKinds,
        "error",
      );
    }
  }
}
