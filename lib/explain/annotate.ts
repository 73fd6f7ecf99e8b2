/**
 * explainFrame: one annotation per meaningful place of a JSON-RPC frame — jsonrpc, id, method, each _meta key,
 * params, resultType, MRTR fields, cache hints, error code/message/data — each with a spec reference and a level
 * (info | deprecated | removed | error). Pure; the UI, the CLI and the tests share it.
 */
import { annotateError } from "./annotate-error";
import { annotateParams } from "./annotate-params";
import { annotateResult } from "./annotate-result";
import { closest } from "./edit-distance";
import { LIFECYCLE } from "./lifecycle";
import { REF } from "./refs";
import { asObject, join, Sink, typeName, type JsonObject } from "./sink";
import type { Annotation, ExplainContext } from "./types";
import { METHOD_NAMES, METHODS, SERVER_DECLARED_EXTENSIONS, type MethodInfo } from "./methods";
import { FRAME_KEYS } from "./vocabulary";

export function explainFrame(frame: unknown, context: ExplainContext = {}): Annotation[] {
  const sink = new Sink(context);
  let value = frame;
  if (typeof frame === "string") {
    try {
      value = JSON.parse(frame);
    } catch (e) {
      sink.add("", sink.t("explain.a.notJson", { error: (e as Error).message }), REF.jsonrpc, "error");
      return sink.out;
    }
  }
  if (Array.isArray(value)) {
    sink.lifecycle("", "batching", sink.t("explain.a.batch", { count: value.length }));
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
    sink.add(root, sink.t("explain.a.notObject", { type: typeName(value) }), REF.jsonrpc, "error");
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
    if ("result" in msg && "error" in msg) sink.add(root, sink.t("explain.a.bothResultError"), REF.jsonrpc, "error");
    if (sink.ctx.direction === "sent") sink.lifecycle(root, "serverRequests", sink.t("explain.a.clientResponse"));
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
    guess ? sink.t("explain.a.neitherGuess", { guess }) : sink.t("explain.a.neither"),
    REF.jsonrpc,
    "error",
  );
}

function annotateJsonrpc(sink: Sink, value: unknown, path: string, present: boolean): void {
  if (!present) sink.add(path, sink.t("explain.a.jsonrpcMissing"), REF.jsonrpc, "error");
  else if (value !== "2.0")
    sink.add(path, sink.t("explain.a.jsonrpcWrong", { value: JSON.stringify(value) }), REF.jsonrpc, "error");
  else sink.add(path, sink.t("explain.jsonrpcOk"), REF.jsonrpc);
}

function annotateId(sink: Sink, msg: JsonObject, kind: Kind, root: string): void {
  const path = join(root, "id");
  const id = msg.id;
  if (kind === "notification" || kind === "invalid") return;
  if (kind === "request") {
    if (id === null) return sink.add(path, sink.t("explain.a.idNull"), REF.jsonrpc, "error");
    if (typeof id === "number" && !Number.isInteger(id))
      return sink.add(path, sink.t("explain.a.idFraction"), REF.jsonrpc, "error");
    if (typeof id !== "string" && typeof id !== "number")
      return sink.add(path, sink.t("explain.a.idType", { type: typeName(id) }), REF.jsonrpc, "error");
    const params = asObject(msg.params);
    const retry = params && ("inputResponses" in params || "requestState" in params);
    const tail = sink.t(retry ? "explain.idRetry" : "explain.idEchoed");
    return sink.add(path, `${sink.t("explain.idRequest", { id: JSON.stringify(id) })}${tail}`, REF.jsonrpc);
  }
  if (!("id" in msg) || id === null) {
    if (kind === "error") return sink.add(path, sink.t("explain.a.idNoneError"), REF.jsonrpc);
    return sink.add(path, sink.t("explain.a.idResultMissing"), REF.jsonrpc, "error");
  }
  sink.add(path, sink.t("explain.idEchoes", { id: JSON.stringify(id) }), REF.jsonrpc);
}

function annotateMethodFrame(sink: Sink, msg: JsonObject, kind: "request" | "notification", root: string): void {
  const path = join(root, "method");
  const method = msg.method;
  if (typeof method !== "string") {
    sink.add(path, sink.t("explain.a.methodType", { type: typeName(method) }), REF.jsonrpc, "error");
    return;
  }
  const info = METHODS[method];
  if (!info) {
    const guess = closest(method, METHOD_NAMES);
    if (guess) sink.add(path, sink.t("explain.a.methodGuess", { method, guess }), REF.errors, "error");
    else sink.add(path, sink.t("explain.a.methodUnknown", { method }), REF.errors, "info");
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
      sink.lifecycle(path, "serverRequests", sink.t("explain.a.inputAsServerRequest", { method: info.method }));
      if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
      return;
    }
    sink.add(path, sink.t("explain.a.inputOnlyInside", { method: info.method }), REF.mrtrKinds, "error");
    if (info.lifecycle) sink.lifecycle(path, info.lifecycle, lead);
    return;
  }
  const removedRequest =
    kind === "request" && info.lifecycle && LIFECYCLE[info.lifecycle].status === "removed" && direction !== "received";
  if (info.lifecycle)
    sink.lifecycle(path, info.lifecycle, removedRequest ? sink.t("explain.a.removedRequest", { lead }) : lead);
  else if (info.extension)
    sink.add(
      path,
      sink.t(
        SERVER_DECLARED_EXTENSIONS.includes(info.extension) ? "explain.a.serverExtension" : "explain.a.needsExtension",
        {
          lead,
          extension: info.extension,
        },
      ),
      info.specRef,
    );
  else sink.add(path, lead, info.specRef);

  if (info.kind !== kind) {
    sink.add(
      path,
      info.kind === "request"
        ? sink.t("explain.a.requestWithoutId", { method: info.method })
        : sink.t("explain.a.notificationWithId", { method: info.method }),
      REF.jsonrpc,
      "error",
    );
  }
  if (direction === "sent" && info.from === "server") {
    sink.add(path, sink.t("explain.a.onlyServers", { method: info.method }), info.specRef, "error");
  }
  if (direction === "received" && info.from === "client" && kind === "request") {
    sink.lifecycle(path, "serverRequests", sink.t("explain.a.serverSentRequest", { method: info.method }));
  }
  if (info.method === "notifications/cancelled" && direction === "sent" && transport === "http") {
    sink.add(path, sink.t("explain.a.cancelHttp"), REF.cancellation);
  }
}
