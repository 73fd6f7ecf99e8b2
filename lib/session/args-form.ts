/**
 * The tools/call argument form, as pure logic: a tool's inputSchema → a field tree the form renders; the frame text →
 * the arguments the form shows; a form edit → the new frame text (params.arguments rewritten, everything else kept).
 * The raw frame is the source of truth: the form never holds arguments of its own. Bounded: at most MAX_DEPTH levels
 * and MAX_FIELDS fields are turned into inputs; anything deeper or unusual (anyOf, $ref, …) is edited as JSON text.
 */
import { englishT, type Translate } from "../i18n/translate";
import { formatFrame } from "../protocol/meta";
import { asObject, type JsonObject } from "../protocol/json";

export const MAX_DEPTH = 5;
export const MAX_FIELDS = 200;

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "object" | "array" | "json";

export interface FieldSpec {
  kind: FieldKind;
  title?: string;
  description?: string;
  /** enum: the allowed values (JSON values; shown as JSON text when they are not strings). */
  options?: unknown[];
  default?: unknown;
  /** string: date-time, uri, … (a hint shown next to the input). */
  format?: string;
  /** object: its properties in the schema's order. */
  properties?: { name: string; required: boolean; spec: FieldSpec }[];
  /** number/integer: the schema's minimum (the empty value starts there). */
  minimum?: number;
  /** array: the item's field. */
  items?: FieldSpec;
  /** json: why the field is edited as JSON text (e.g. "anyOf"). */
  why?: string;
}

function schemaType(schema: JsonObject): string | undefined {
  if (typeof schema.type === "string") return schema.type;
  // ["string", "null"]: the form edits the non-null type; null is written by clearing an optional field.
  if (Array.isArray(schema.type)) {
    const real = schema.type.filter((t) => t !== "null");
    return real.length === 1 && typeof real[0] === "string" ? real[0] : undefined;
  }
  if (asObject(schema.properties)) return "object";
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** The field tree of a schema (an inputSchema is an object schema); bounded by MAX_DEPTH and MAX_FIELDS. */
export function fieldSpec(schema: unknown): FieldSpec {
  let budget = MAX_FIELDS;
  const walk = (raw: unknown, depth: number): FieldSpec => {
    budget--;
    const s = asObject(raw);
    if (!s) return { kind: "json", why: "no schema" };
    const common = {
      title: text(s.title),
      description: text(s.description),
      ...("default" in s ? { default: s.default } : {}),
    };
    if (Array.isArray(s.enum) && s.enum.length > 0) return { ...common, kind: "enum", options: s.enum.slice(0, 100) };
    if ("const" in s) return { ...common, kind: "enum", options: [s.const] };
    const type = schemaType(s);
    if (depth >= MAX_DEPTH || budget <= 0) return { ...common, kind: "json", why: "nested too deep for the form" };
    switch (type) {
      case "string":
        return { ...common, kind: "string", ...(text(s.format) ? { format: s.format as string } : {}) };
      case "number":
      case "integer":
        return { ...common, kind: type, ...(typeof s.minimum === "number" ? { minimum: s.minimum } : {}) };
      case "boolean":
        return { ...common, kind: type };
      case "object": {
        const props = asObject(s.properties) ?? {};
        const required = new Set(
          Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === "string") : [],
        );
        const names = Object.keys(props);
        if (names.length === 0) return { ...common, kind: "json", why: "an object with no declared properties" };
        return {
          ...common,
          kind: "object",
          properties: names.map((name) => ({ name, required: required.has(name), spec: walk(props[name], depth + 1) })),
        };
      }
      case "array":
        return { ...common, kind: "array", items: walk(s.items, depth + 1) };
      default: {
        const why = ["anyOf", "oneOf", "allOf", "$ref"].find((k) => k in s) ?? "no single type";
        return { ...common, kind: "json", why };
      }
    }
  };
  return walk(schema, 0);
}

/**
 * A value for a field that is not there yet: its default, its first option, else an empty value of its kind. With a
 * name (a template's skeleton), a plain string is the placeholder "<name>", so the frame says what to fill in.
 */
export function emptyValue(spec: FieldSpec, name?: string): unknown {
  if ("default" in spec) return spec.default;
  switch (spec.kind) {
    case "enum":
      return spec.options?.[0] ?? null;
    case "string":
      if (spec.format === "date-time") return "2026-09-10T08:30:00Z";
      if (spec.format === "date") return "2026-09-10";
      return name ? `<${name}>` : "";
    case "number":
    case "integer":
      return spec.minimum ?? 0;
    case "boolean":
      return false;
    case "object":
      return skeleton(spec, name !== undefined);
    case "array":
      // One item, so a required list of objects shows the item's required fields (not a bare []).
      return spec.items && (spec.items.kind === "object" || spec.items.kind === "array")
        ? [emptyValue(spec.items, name)]
        : [];
    default:
      return null;
  }
}

/** The required fields of an object field, each with its empty value (recursively); placeholders: "<name>" strings. */
export function skeleton(spec: FieldSpec, placeholders = false): JsonObject {
  if (spec.kind !== "object") return {};
  return Object.fromEntries(
    (spec.properties ?? [])
      .filter((p) => p.required)
      .map((p) => [p.name, emptyValue(p.spec, placeholders ? p.name : undefined)]),
  );
}

/** The arguments a tools/call template starts with for this inputSchema: its required fields, nested ones included. */
export function argumentsSkeleton(inputSchema: unknown): JsonObject {
  return skeleton(fieldSpec(inputSchema), true);
}

export type FrameArgs =
  | { ok: true; toolName: string; args: JsonObject }
  | {
      ok: false;
      reason: string;
      /** the text is a tools/call (or looks like one), so the form is shown disabled */ isCall: boolean;
    };

const LOOKS_LIKE_CALL = /"method"\s*:\s*"tools\/call"/;

/** Whether the text names tools/call (parsed or not): the editor shows the argument form only then. */
export function looksLikeToolCall(frameText: string): boolean {
  return LOOKS_LIKE_CALL.test(frameText);
}

/** What the form shows for this frame text: the tool and its arguments, or why it cannot show them. */
export function readFrameArgs(frameText: string): FrameArgs {
  let frame: unknown;
  try {
    frame = JSON.parse(frameText);
  } catch (e) {
    return {
      ok: false,
      isCall: LOOKS_LIKE_CALL.test(frameText),
      reason: `The frame is not valid JSON (${(e as Error).message}); fix it in the editor to use the form.`,
    };
  }
  const obj = asObject(frame);
  if (obj?.method !== "tools/call") return { ok: false, isCall: false, reason: "The frame is not a tools/call." };
  const params = asObject(obj.params);
  if (!params)
    return {
      ok: false,
      isCall: true,
      reason: "params is not an object: the form needs params.name and params.arguments.",
    };
  if (typeof params.name !== "string" || !params.name)
    return { ok: false, isCall: true, reason: "params.name (the tool) is missing or not a string." };
  if (params.arguments !== undefined && !asObject(params.arguments))
    return {
      ok: false,
      isCall: true,
      reason: "params.arguments is not an object; make it {} (or remove it) to use the form.",
    };
  return { ok: true, toolName: params.name, args: asObject(params.arguments) ?? {} };
}

/** The frame text with params.arguments replaced (every other key, and their order, kept). */
export function writeFrameArgs(frameText: string, args: JsonObject): string {
  const frame = JSON.parse(frameText) as JsonObject;
  const params = asObject(frame.params) as JsonObject;
  return formatFrame({ ...frame, params: { ...params, arguments: args } });
}

export type Path = (string | number)[];

/** value with the leaf at path set (undefined removes it from its object, or its item from its array); copies on the way. */
export function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? value.slice() : [];
    if (rest.length === 0 && leaf === undefined) {
      list.splice(head, 1);
      return list;
    }
    list[head] = setAt(list[head], rest, leaf);
    return list;
  }
  const obj = { ...(asObject(value) ?? {}) };
  const next = rest.length === 0 ? leaf : setAt(obj[head], rest, leaf);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** The value at path, or undefined. */
export function getAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (typeof key === "number") at = Array.isArray(at) ? at[key] : undefined;
    else at = asObject(at)?.[key];
  }
  return at;
}

/** Whether a value fits a field's kind (a value that does not is edited as JSON text, so nothing is lost). */
export function fits(spec: FieldSpec, value: unknown): boolean {
  if (value === undefined) return true;
  switch (spec.kind) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "enum":
      return (spec.options ?? []).some((o) => JSON.stringify(o) === JSON.stringify(value));
    case "object":
      return asObject(value) !== undefined;
    case "array":
      return Array.isArray(value);
    default:
      return true;
  }
}

/** A number field's text → its value: undefined for empty (the key is removed), or an error for what is not a number. */
export function parseNumber(
  kind: "number" | "integer",
  raw: string,
  t: Translate = englishT,
): { ok: true; value: number | undefined } | { ok: false; error: string } {
  if (raw.trim() === "") return { ok: true, value: undefined };
  const n = Number(raw);
  if (!Number.isFinite(n)) return { ok: false, error: t("args.notANumber", { raw }) };
  if (kind === "integer" && !Number.isInteger(n)) return { ok: false, error: t("args.notAnInteger", { raw }) };
  return { ok: true, value: n };
}
