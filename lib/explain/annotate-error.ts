/** Error replies: code, message, data (digest §2.3, §4). */
import { explainErrorCode } from "./errors-explained";
import { REF } from "./refs";
import { asObject, join, Sink, typeName } from "./sink";

export function annotateError(sink: Sink, value: unknown, path: string): void {
  const error = asObject(value);
  if (!error) {
    sink.add(path, `error must be an object {code, message, data?}, not ${typeName(value)}.`, REF.jsonrpc, "error");
    return;
  }
  const code = error.code;
  if (typeof code !== "number" || !Number.isInteger(code)) {
    sink.add(join(path, "code"), `error.code must be an integer, not ${JSON.stringify(code)}.`, REF.jsonrpc, "error");
  } else {
    const card = explainErrorCode(code, { requestMethod: sink.ctx.requestMethod });
    sink.add(
      join(path, "code"),
      `${card.title}: ${card.meaning} Next: ${card.next}`,
      card.specRef,
      card.level,
      card.badge,
    );
    annotateData(sink, code, error.data, join(path, "data"));
  }
  if (typeof error.message !== "string") {
    sink.add(
      join(path, "message"),
      "error.message is required: a string, ideally one concise sentence.",
      REF.jsonrpc,
      "error",
    );
  } else {
    sink.add(
      join(path, "message"),
      "Free text for humans; the code, not the message, is what programs should act on.",
      REF.errors,
    );
  }
  for (const key of Object.keys(error)) {
    if (key !== "code" && key !== "message" && key !== "data")
      sink.unknownKey(join(path, key), key, "an error object", ["code", "message", "data"], REF.jsonrpc);
  }
}

function annotateData(sink: Sink, code: number, data: unknown, path: string): void {
  const obj = asObject(data);
  if (code === -32022) {
    const supported = obj?.supported;
    if (!Array.isArray(supported) || typeof obj?.requested !== "string") {
      sink.add(path, "-32022 must carry data {supported: string[], requested: string}.", REF.versioning, "error");
    } else {
      sink.add(
        join(path, "supported"),
        `The versions this server speaks: ${supported.join(", ")}. Pick one you also speak and send the request again.`,
        REF.versioning,
      );
      sink.add(join(path, "requested"), `The version the request asked for (${obj!.requested}).`, REF.versioning);
    }
    return;
  }
  if (code === -32021) {
    if (!asObject(obj?.requiredCapabilities))
      sink.add(path, "-32021 must carry data.requiredCapabilities (a ClientCapabilities object).", REF.errors, "error");
    else
      sink.add(
        join(path, "requiredCapabilities"),
        `Declare these in the request's clientCapabilities: ${JSON.stringify(obj!.requiredCapabilities)}.`,
        REF.errors,
      );
    return;
  }
  if (data === undefined) return;
  if (code === -32602 && typeof obj?.uri === "string") {
    sink.add(
      join(path, "uri"),
      "The resource that was not found (2026-07-28 reports a missing resource as -32602 with data.uri).",
      REF.resources,
    );
    return;
  }
  sink.add(path, "Extra detail chosen by the server; its shape is not fixed by the spec for this code.", REF.errors);
}
