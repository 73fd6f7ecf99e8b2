/**
 * Which client capability each input request needs (digest §6.2), whether a request declared it, and the
 * -32021 MissingRequiredClientCapability explainer with its "declare and resend" fix.
 */
import { asObject, CLIENT_CAPABILITIES_KEY, paramsOf, type JsonObject } from "./shapes";

export const MISSING_CAPABILITY_CODE = -32021;

/** The capability an input request needs, as a ClientCapabilities fragment; undefined for unknown kinds. */
export function requiredCapabilityOf(request: { method?: unknown; params?: unknown }): JsonObject | undefined {
  const params = asObject(request.params) ?? {};
  switch (request.method) {
    case "elicitation/create":
      return params.mode === "url" ? { elicitation: { url: {} } } : { elicitation: { form: {} } };
    case "sampling/createMessage":
      return params.tools !== undefined || params.toolChoice !== undefined
        ? { sampling: { tools: {} } }
        : { sampling: {} };
    case "roots/list":
      return { roots: {} };
    default:
      return undefined;
  }
}

/** Whether `declared` covers `required`. `elicitation: {}` alone means form only (backward compatibility). */
export function isDeclared(declared: JsonObject | undefined, required: JsonObject): boolean {
  const caps = declared ?? {};
  for (const [name, need] of Object.entries(required)) {
    const have = asObject(caps[name]);
    if (!have) return false;
    for (const sub of Object.keys(asObject(need) ?? {})) {
      if (have[sub] !== undefined) continue;
      const formByDefault = name === "elicitation" && sub === "form" && Object.keys(have).length === 0;
      if (!formByDefault) return false;
    }
  }
  return true;
}

/** Human wording of a capability fragment: `elicitation.url`, `sampling`, … */
export function capabilityLabel(required: JsonObject): string {
  return Object.entries(required)
    .map(([name, sub]) => {
      const subs = Object.keys(asObject(sub) ?? {});
      return subs.length ? subs.map((s) => `${name}.${s}`).join(", ") : name;
    })
    .join(", ");
}

function mergeDeep(base: JsonObject, extra: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const a = asObject(out[k]);
    const b = asObject(v);
    out[k] = a && b ? mergeDeep(a, b) : v;
  }
  return out;
}

export interface MissingCapabilityExplanation {
  required: JsonObject;
  /** e.g. "elicitation.form" */
  label: string;
  text: string;
}

/** Reads a -32021 error object; undefined for any other error. */
export function explainMissingCapability(error: unknown): MissingCapabilityExplanation | undefined {
  const err = asObject(error);
  if (!err || err.code !== MISSING_CAPABILITY_CODE) return undefined;
  const required = asObject(asObject(err.data)?.requiredCapabilities) ?? {};
  const label = capabilityLabel(required) || "(the server named none)";
  return {
    required,
    label,
    text:
      `The server needs the client capability ${label} to process this request, and the request's ` +
      `_meta["${CLIENT_CAPABILITIES_KEY}"] did not declare it. In 2026-07-28 capabilities are declared per request, ` +
      `so the fix is to declare ${label} in this request's envelope and resend it (with a new id).`,
  };
}

/** The same request with `required` merged into its declared capabilities and a new id: "declare and resend". */
export function declareAndResend(frame: unknown, required: JsonObject, newId: unknown): JsonObject {
  const obj = asObject(frame) ?? {};
  const params = paramsOf(frame) ?? {};
  const meta = asObject(params._meta) ?? {};
  const caps = asObject(meta[CLIENT_CAPABILITIES_KEY]) ?? {};
  const nextMeta = { ...meta, [CLIENT_CAPABILITIES_KEY]: mergeDeep(caps, required) };
  return { ...obj, id: newId, params: { ...params, _meta: nextMeta } };
}
