/**
 * Shared vocabulary of multi round-trip requests (MRTR, digest §6): which methods may carry them, the three
 * input request kinds, and small JSON helpers. Pure.
 */

/** The only methods whose result may be `input_required` (digest §6.3). */
export const MRTR_METHODS = ["tools/call", "prompts/get", "resources/read"] as const;
export type MrtrMethod = (typeof MRTR_METHODS)[number];

/** The only input request kinds in the core (digest §6.2). */
export const INPUT_REQUEST_METHODS = ["elicitation/create", "sampling/createMessage", "roots/list"] as const;

export const INPUT_REQUIRED = "input_required";

/** Params keys that belong to the MRTR retry machinery rather than to the request itself. */
export const RETRY_PARAM_KEYS = ["_meta", "inputResponses", "requestState"] as const;

export const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

// The JSON helpers are the protocol layer's (../json); MRTR modules import them from here with the MRTR shapes.
import { asObject, canonicalJson, type JsonObject } from "../json";
export { asObject, canonicalJson, type JsonObject };

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export function isMrtrMethod(method: unknown): method is MrtrMethod {
  return typeof method === "string" && (MRTR_METHODS as readonly string[]).includes(method);
}

/** JSON-RPC ids compare by value and type: 1 and "1" differ. */
export function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && canonicalJson(a) === canonicalJson(b);
}

export function paramsOf(frame: unknown): JsonObject | undefined {
  return asObject(asObject(frame)?.params);
}

export function methodOf(frame: unknown): string | undefined {
  const m = asObject(frame)?.method;
  return typeof m === "string" ? m : undefined;
}

export function idOf(frame: unknown): unknown {
  const obj = asObject(frame);
  return obj && has(obj, "id") ? obj.id : undefined;
}

/** The request's params without `_meta`, `inputResponses` and `requestState`: what a retry must repeat. */
export function salientParams(frame: unknown): JsonObject {
  const params = paramsOf(frame) ?? {};
  return Object.fromEntries(
    Object.entries(params).filter(([k]) => !(RETRY_PARAM_KEYS as readonly string[]).includes(k)),
  );
}

/** What the request is about: the tool or prompt name, or the resource uri. */
export function requestTarget(frame: unknown): string | undefined {
  const params = paramsOf(frame);
  const name = params?.name ?? params?.uri;
  return typeof name === "string" ? name : undefined;
}

/** The capabilities a request declared in its `_meta` envelope (undefined when it has no envelope key). */
export function declaredCapabilities(frame: unknown): JsonObject | undefined {
  return asObject(asObject(paramsOf(frame)?._meta)?.[CLIENT_CAPABILITIES_KEY]);
}

export function requestStateOf(frame: unknown): { present: boolean; value: unknown } {
  const params = paramsOf(frame);
  return params && has(params, "requestState")
    ? { present: true, value: params.requestState }
    : { present: false, value: undefined };
}
