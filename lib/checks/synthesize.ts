/**
 * Plausible values for a JSON Schema (tool arguments, prompt arguments, elicitation forms) and the answers
 * the suite gives to MRTR input requests. Pure. Only what a schema requires is filled in, preferring the
 * schema's own default / const / enum / examples so the server sees values it declared itself.
 */
import { asObject, type JsonObject } from "./wire";

const MAX_DEPTH = 6;

function first<T>(values: unknown): T | undefined {
  return Array.isArray(values) && values.length > 0 ? (values[0] as T) : undefined;
}

function stringFor(schema: JsonObject): string {
  switch (schema.format) {
    case "date-time":
      return "2026-09-10T08:30:00Z";
    case "date":
      return "2026-09-10";
    case "time":
      return "08:30:00Z";
    case "email":
      return "playground@example.com";
    case "uri":
    case "url":
      return "https://example.com/";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
  }
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const base = "playground";
  return base.length >= min ? base : base.padEnd(min, "x");
}

function numberFor(schema: JsonObject, integer: boolean): number {
  const min =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  let n = min ?? (max !== undefined ? Math.min(1, max) : 1);
  if (integer) n = Math.ceil(n);
  return n;
}

/** A value that satisfies `schema` as far as the common keywords go. */
export function synthesize(schema: unknown, depth = 0, all = false): unknown {
  const s = asObject(schema);
  if (!s || depth > MAX_DEPTH) return null;
  if ("const" in s) return s.const;
  if ("default" in s) return s.default;
  const e = first<unknown>(s.enum);
  if (e !== undefined) return e;
  const example = first<unknown>(s.examples);
  if (example !== undefined) return example;
  const alt = first<unknown>(s.oneOf) ?? first<unknown>(s.anyOf);
  if (alt !== undefined) return synthesize(alt, depth + 1, all);
  if (Array.isArray(s.allOf)) {
    return s.allOf.reduce<unknown>((acc, part) => {
      const v = synthesize(part, depth + 1, all);
      return asObject(acc) && asObject(v) ? { ...(acc as JsonObject), ...(v as JsonObject) } : (v ?? acc);
    }, undefined);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return stringFor(s);
    case "integer":
      return numberFor(s, true);
    case "number":
      return numberFor(s, false);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 0;
      return Array.from({ length: min }, () => synthesize(s.items, depth + 1, all));
    }
    case "object":
    default:
      return synthesizeObject(s, depth, all);
  }
}

function synthesizeObject(s: JsonObject, depth: number, all = false): JsonObject {
  const props = asObject(s.properties) ?? {};
  const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === "string") : [];
  const keys = all ? [...new Set([...required, ...Object.keys(props)])] : required;
  const out: JsonObject = {};
  for (const key of keys) out[key] = synthesize(props[key] ?? {}, depth + 1, all);
  return out;
}

/** Arguments for a prompt: every required argument gets a short string. */
export function promptArguments(prompt: JsonObject): Record<string, string> {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  const out: Record<string, string> = {};
  for (const a of args) {
    const arg = asObject(a);
    if (arg && typeof arg.name === "string" && arg.required === true) out[arg.name] = "playground";
  }
  return out;
}

/** The client capability an input request needs (digest §6.2). */
export function capabilityFor(
  inputRequest: unknown,
): "elicitation" | "elicitation.url" | "sampling" | "roots" | undefined {
  const r = asObject(inputRequest);
  switch (r?.method) {
    case "elicitation/create":
      return asObject(r.params)?.mode === "url" ? "elicitation.url" : "elicitation";
    case "sampling/createMessage":
      return "sampling";
    case "roots/list":
      return "roots";
    default:
      return undefined;
  }
}

/** Whether `caps` (a request's clientCapabilities) declares what `need` names. */
export function declares(caps: JsonObject, need: NonNullable<ReturnType<typeof capabilityFor>>): boolean {
  if (need === "elicitation.url") return !!asObject(asObject(caps.elicitation)?.url);
  return !!asObject(caps[need]);
}

/** The suite's answer to each input request it knows how to answer; unknown kinds are left out. */
export function answerInputRequests(inputRequests: unknown): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(asObject(inputRequests) ?? {})) {
    const r = asObject(value);
    const params = asObject(r?.params) ?? {};
    switch (r?.method) {
      case "elicitation/create":
        out[key] =
          params.mode === "url"
            ? { action: "accept" }
            : { action: "accept", content: synthesizeObject(asObject(params.requestedSchema) ?? {}, 0) };
        break;
      case "sampling/createMessage":
        out[key] = {
          role: "assistant",
          content: { type: "text", text: "An answer from the playground's conformance suite." },
          model: "mcp-playground",
          stopReason: "endTurn",
        };
        break;
      case "roots/list":
        out[key] = { roots: [] };
        break;
    }
  }
  return out;
}
