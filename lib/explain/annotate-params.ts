/**
 * The params of a request or notification: the envelope (_meta), each declared field, the method-specific ones
 * (initialize's capabilities and version, a subscription filter, a log level) and MRTR inputResponses. Pure.
 */
import { annotateCapabilities, annotateMeta, checkVersion } from "./annotate-meta";
import { annotateInputParams } from "./annotate-result";
import { LIFECYCLE } from "./lifecycle";
import { REF } from "./refs";
import { asObject, join, Sink, typeName } from "./sink";
import type { MethodInfo } from "./methods";
import { LOG_LEVELS } from "./vocabulary";

export function annotateParams(
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
    if (modernRequest) sink.add(path, sink.t("explain.a.noParams"), REF.metaReserved, "error");
    else if (info && Object.values(info.params).some((f) => f.required))
      sink.add(
        path,
        sink.t("explain.a.needsParams", { method: info.method, keys: requiredOf(info).join(", ") }),
        info.specRef,
        "error",
      );
    return;
  }
  const params = asObject(value);
  if (!params) {
    sink.add(path, sink.t("explain.a.paramsType", { type: typeName(value) }), REF.jsonrpc, "error");
    return;
  }
  if ("_meta" in params)
    annotateMeta(sink, params._meta, join(path, "_meta"), kind === "request" ? "request" : "notification");
  else if (modernRequest) sink.add(path, sink.t("explain.a.paramsNoMeta"), REF.metaReserved, "error");
  if (!info) return;

  if (info.kind === "input") {
    annotateInputParams(sink, info.method, params, path);
    return;
  }
  sink.fields(params, path, info.params, sink.t("explain.where.params", { method: info.method }), info.specRef, [
    "_meta",
  ]);
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
          sink.t("explain.a.logLevel", { value: JSON.stringify(params.level), levels: LOG_LEVELS.join(", ") }),
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

/** The subscription filter's keys; each one's sentence is explain.filter.<key>. */
const FILTER_KEYS = [
  "toolsListChanged",
  "promptsListChanged",
  "resourcesListChanged",
  "resourceSubscriptions",
  "taskIds",
];

function annotateFilter(sink: Sink, value: unknown, path: string): void {
  const filter = asObject(value);
  if (!filter) return;
  for (const [key, v] of Object.entries(filter)) {
    const p = join(path, key);
    if (FILTER_KEYS.includes(key))
      sink.add(
        p,
        sink.t(v === false ? "explain.a.filterNotAsked" : "explain.a.filterAsks", {
          key,
          what: sink.t(`explain.filter.${key}`),
        }),
        key === "taskIds" ? REF.tasks : REF.listen,
      );
    else sink.unknownKey(p, key, sink.t("explain.where.filter"), FILTER_KEYS, REF.listen);
  }
}

function annotateInputResponses(sink: Sink, value: unknown, path: string): void {
  const responses = asObject(value);
  if (!responses) {
    sink.add(path, sink.t("explain.a.inputResponsesType"), REF.mrtrClient, "error");
    return;
  }
  for (const [key, v] of Object.entries(responses)) {
    const p = join(path, key);
    const r = asObject(v);
    if (!r) {
      sink.add(p, sink.t("explain.a.answerType", { key }), REF.mrtrKinds, "error");
      continue;
    }
    if ("resultType" in r)
      sink.add(join(p, "resultType"), sink.t("explain.a.answerResultType"), REF.mrtrKinds, "error");
    if ("action" in r) {
      const action = r.action;
      const ok = action === "accept" || action === "decline" || action === "cancel";
      sink.add(
        p,
        ok
          ? action !== "accept"
            ? sink.t("explain.a.answerAction", { key, action })
            : sink.t("content" in r ? "explain.a.answerAcceptForm" : "explain.a.answerAcceptUrl", { key })
          : sink.t("explain.a.actionWrong", { value: JSON.stringify(action) }),
        REF.elicitation,
        ok ? "info" : "error",
      );
    } else if ("roots" in r) {
      sink.lifecycle(p, "roots", sink.t("explain.a.answerRoots", { key }));
    } else if ("role" in r && "content" in r) {
      sink.lifecycle(p, "sampling", sink.t("explain.a.answerSampling", { key }));
    } else {
      sink.add(p, sink.t("explain.a.answerNone", { key }), REF.mrtrKinds, "error");
    }
  }
}
