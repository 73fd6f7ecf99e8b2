/** Error replies: code, message, data (digest §2.3, §4). */
import { explainErrorCode } from "./errors-explained";
import { REF } from "./refs";
import { asObject, join, Sink, typeName } from "./sink";

export function annotateError(sink: Sink, value: unknown, path: string): void {
  const error = asObject(value);
  if (!error) {
    sink.add(path, sink.t("explain.e.notObject", { type: typeName(value) }), REF.jsonrpc, "error");
    return;
  }
  const code = error.code;
  if (typeof code !== "number" || !Number.isInteger(code)) {
    sink.add(join(path, "code"), sink.t("explain.e.code", { value: JSON.stringify(code) }), REF.jsonrpc, "error");
  } else {
    const card = explainErrorCode(code, { requestMethod: sink.ctx.requestMethod }, sink.t);
    sink.add(
      join(path, "code"),
      sink.t("explain.e.card", { title: card.title, meaning: card.meaning, next: card.next }),
      card.specRef,
      card.level,
      card.badge,
    );
    annotateData(sink, code, error.data, join(path, "data"));
  }
  if (typeof error.message !== "string") {
    sink.add(join(path, "message"), sink.t("explain.e.messageMissing"), REF.jsonrpc, "error");
  } else {
    sink.add(join(path, "message"), sink.t("explain.e.message"), REF.errors);
  }
  for (const key of Object.keys(error)) {
    if (key !== "code" && key !== "message" && key !== "data")
      sink.unknownKey(join(path, key), key, sink.t("explain.where.error"), ["code", "message", "data"], REF.jsonrpc);
  }
}

function annotateData(sink: Sink, code: number, data: unknown, path: string): void {
  const obj = asObject(data);
  if (code === -32022) {
    const supported = obj?.supported;
    if (!Array.isArray(supported) || typeof obj?.requested !== "string") {
      sink.add(path, sink.t("explain.e.data32022"), REF.versioning, "error");
    } else {
      sink.add(
        join(path, "supported"),
        sink.t("explain.e.supported", { versions: supported.join(", ") }),
        REF.versioning,
      );
      sink.add(
        join(path, "requested"),
        sink.t("explain.e.requested", { version: String(obj!.requested) }),
        REF.versioning,
      );
    }
    return;
  }
  if (code === -32021) {
    if (!asObject(obj?.requiredCapabilities)) sink.add(path, sink.t("explain.e.data32021"), REF.errors, "error");
    else
      sink.add(
        join(path, "requiredCapabilities"),
        sink.t("explain.e.declare", { capabilities: JSON.stringify(obj!.requiredCapabilities) }),
        REF.errors,
      );
    return;
  }
  if (data === undefined) return;
  if (code === -32602 && typeof obj?.uri === "string") {
    sink.add(join(path, "uri"), sink.t("explain.e.uri"), REF.resources);
    return;
  }
  sink.add(path, sink.t("explain.e.data"), REF.errors);
}
