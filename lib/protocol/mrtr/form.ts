/**
 * The restricted elicitation form schema (digest §11) as a form model, and validation of answers before they
 * are sent. Each property definition is checked against the SDK's own zod schemas for the allowed shapes
 * (@modelcontextprotocol/core), and answers are validated with zod 4 (formats included), not by hand.
 */
import { z } from "zod";
import { englishT, isMsg, msg, say, type Msg, type Translate } from "../../i18n/translate";
import {
  BooleanSchemaSchema,
  LegacyTitledEnumSchemaSchema,
  NumberSchemaSchema,
  StringSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  UntitledSingleSelectEnumSchemaSchema,
} from "@modelcontextprotocol/core";
import { asObject, type JsonObject } from "./shapes";

export type StringFormat = "email" | "uri" | "date" | "date-time";
export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  key: string;
  /** What to show: the schema's title, else the key. */
  label: string;
  description?: string;
  required: boolean;
}

export type FormField =
  | (FieldBase & { kind: "text"; format?: StringFormat; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: "number"; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: "boolean"; default?: boolean })
  | (FieldBase & { kind: "select"; options: Option[]; default?: string })
  | (FieldBase & { kind: "multiselect"; options: Option[]; minItems?: number; maxItems?: number; default?: string[] });

/** A problem with the schema itself: the server broke the restricted-schema rule for this property. */
export interface SchemaIssue {
  key?: string;
  message: string;
}

export interface FormModel {
  fields: FormField[];
  /** Properties that could not be turned into a field (shown as a server violation; the form skips them). */
  issues: SchemaIssue[];
}

/** What a form holds while the user edits it: text inputs give strings, checkboxes booleans, multi-selects arrays. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

const ALLOWED_TOP_LEVEL = new Set(["$schema", "type", "properties", "required"]);

type Shape = { name: string; schema: z.ZodObject };

// Building a zod schema costs far more than using one: keep the strict variants and per-form schemas.
const strictSchemas = new Map<z.ZodObject, z.ZodObject>();
function strictOf(schema: z.ZodObject): z.ZodObject {
  let strict = strictSchemas.get(schema);
  if (!strict) strictSchemas.set(schema, (strict = schema.strict()));
  return strict;
}
// Keyed by the fields' JSON: the same requestedSchema read again (every re-render, every round) reuses its schema.
const contentSchemas = new Map<string, z.ZodType<Record<string, unknown>>>();
const MAX_CACHED_FORMS = 200;

/** Picks which of the allowed shapes a property is trying to be, from its discriminating keywords. */
function shapeOf(def: JsonObject): Shape | undefined {
  const items = asObject(def.items);
  if (def.type === "array") {
    if (items && Array.isArray(items.anyOf))
      return { name: "titled multi-select", schema: TitledMultiSelectEnumSchemaSchema };
    return { name: "multi-select", schema: UntitledMultiSelectEnumSchemaSchema };
  }
  if (def.type === "string") {
    if (Array.isArray(def.oneOf)) return { name: "titled single-select", schema: TitledSingleSelectEnumSchemaSchema };
    if (Array.isArray(def.enum) && Array.isArray(def.enumNames))
      return { name: "legacy titled enum", schema: LegacyTitledEnumSchemaSchema };
    if (Array.isArray(def.enum)) return { name: "single-select", schema: UntitledSingleSelectEnumSchemaSchema };
    return { name: "string", schema: StringSchemaSchema };
  }
  if (def.type === "number" || def.type === "integer") return { name: "number", schema: NumberSchemaSchema };
  if (def.type === "boolean") return { name: "boolean", schema: BooleanSchemaSchema };
  return undefined;
}

function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

function fieldFrom(key: string, def: JsonObject, required: boolean, shapeName: string): FormField {
  const base: FieldBase = { key, label: typeof def.title === "string" ? def.title : key, required };
  if (typeof def.description === "string") base.description = def.description;
  const num = (v: unknown) => (typeof v === "number" ? v : undefined);
  switch (shapeName) {
    case "titled multi-select":
    case "multi-select": {
      const items = asObject(def.items) ?? {};
      const options = Array.isArray(items.anyOf)
        ? (items.anyOf as JsonObject[]).map((o) => ({ value: String(o.const), label: String(o.title) }))
        : (items.enum as string[]).map((v) => ({ value: v, label: v }));
      return {
        ...base,
        kind: "multiselect",
        options,
        minItems: num(def.minItems),
        maxItems: num(def.maxItems),
        default: def.default as string[] | undefined,
      };
    }
    case "titled single-select":
      return {
        ...base,
        kind: "select",
        options: (def.oneOf as JsonObject[]).map((o) => ({ value: String(o.const), label: String(o.title) })),
        default: def.default as string | undefined,
      };
    case "legacy titled enum": {
      const names = def.enumNames as string[];
      return {
        ...base,
        kind: "select",
        options: (def.enum as string[]).map((v, i) => ({ value: v, label: names[i] ?? v })),
        default: def.default as string | undefined,
      };
    }
    case "single-select":
      return {
        ...base,
        kind: "select",
        options: (def.enum as string[]).map((v) => ({ value: v, label: v })),
        default: def.default as string | undefined,
      };
    case "number":
      return {
        ...base,
        kind: "number",
        integer: def.type === "integer",
        minimum: num(def.minimum),
        maximum: num(def.maximum),
        default: num(def.default),
      };
    case "boolean":
      return { ...base, kind: "boolean", default: typeof def.default === "boolean" ? def.default : undefined };
    default:
      return {
        ...base,
        kind: "text",
        format: def.format as StringFormat | undefined,
        minLength: num(def.minLength),
        maxLength: num(def.maxLength),
        default: typeof def.default === "string" ? def.default : undefined,
      };
  }
}

function stripUndefined<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

/** Turns a requestedSchema into form fields; anything outside the restricted subset becomes an issue. */
export function formModelOf(requestedSchema: unknown): FormModel {
  const schema = asObject(requestedSchema);
  if (!schema) return { fields: [], issues: [{ message: "requestedSchema is not an object." }] };
  const issues: SchemaIssue[] = [];
  if (schema.type !== "object")
    issues.push({ message: `requestedSchema.type must be "object" (got ${JSON.stringify(schema.type)}).` });
  for (const k of Object.keys(schema)) {
    if (!ALLOWED_TOP_LEVEL.has(k))
      issues.push({ message: `requestedSchema has "${k}", which the restricted form schema does not allow.` });
  }
  const properties = asObject(schema.properties);
  if (!properties)
    return { fields: [], issues: [...issues, { message: "requestedSchema.properties must be an object." }] };
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === "string")
    : [];
  for (const r of required)
    if (!(r in properties)) issues.push({ key: r, message: `required names "${r}", which is not a property.` });

  const fields: FormField[] = [];
  for (const [key, raw] of Object.entries(properties)) {
    const def = asObject(raw);
    const shape = def && shapeOf(def);
    if (!def || !shape) {
      issues.push({
        key,
        message: `property "${key}" is not a string, number, integer, boolean or enum (nested objects and other types are not allowed).`,
      });
      continue;
    }
    const loose = shape.schema.safeParse(def);
    if (!loose.success) {
      issues.push({
        key,
        message: `property "${key}" is not a valid ${shape.name} schema: ${describeIssues(loose.error.issues)}.`,
      });
      continue;
    }
    const strict = strictOf(shape.schema).safeParse(def);
    if (!strict.success)
      issues.push({
        key,
        message: `property "${key}" (${shape.name}): ${describeIssues(strict.error.issues)} — ignored by the form.`,
      });
    fields.push(stripUndefined(fieldFrom(key, def, required.includes(key), shape.name)));
  }
  return { fields, issues };
}

/** Initial form values: schema defaults pre-filled (clients that support defaults SHOULD), else empty. */
export function initialValues(model: FormModel): FormValues {
  const values: FormValues = {};
  for (const f of model.fields) {
    if (f.kind === "boolean") values[f.key] = f.default ?? false;
    else if (f.kind === "multiselect") values[f.key] = f.default ?? [];
    else if (f.kind === "number") values[f.key] = f.default === undefined ? "" : String(f.default);
    else values[f.key] = f.default ?? "";
  }
  return values;
}

/**
 * The schemas are cached per form, so their error texts cannot be in one language: each carries a Msg (marked,
 * as JSON), and errorsOf says it in the reader's language when it reads the issues.
 */
const MSG_MARK = "\u0000msg:";
function said(key: string, values?: Msg["values"]): { error: string } {
  return { error: MSG_MARK + JSON.stringify(msg(key, values)) };
}
function readIssue(message: string, t: Translate): string {
  if (!message.startsWith(MSG_MARK)) return message;
  const m: unknown = JSON.parse(message.slice(MSG_MARK.length));
  return isMsg(m) ? say(m, t) : message;
}

function stringSchema(f: Extract<FormField, { kind: "text" }>): z.ZodType {
  const hint = f.format ? said("args.form.expected", { what: msg(`args.form.format.${f.format}`) }) : undefined;
  let s =
    f.format === "email"
      ? z.email(hint)
      : f.format === "uri"
        ? z.url(hint)
        : f.format === "date"
          ? z.iso.date(hint)
          : f.format === "date-time"
            ? z.iso.datetime({ offset: true, ...hint })
            : z.string();
  if (f.minLength !== undefined) s = s.min(f.minLength, said("args.form.minLength", { n: f.minLength }));
  if (f.maxLength !== undefined) s = s.max(f.maxLength, said("args.form.maxLength", { n: f.maxLength }));
  return s;
}

function fieldSchema(f: FormField): z.ZodType {
  switch (f.kind) {
    case "text":
      return stringSchema(f);
    case "number": {
      let n = f.integer ? z.int(said("args.form.wholeNumber")) : z.number(said("args.form.number"));
      if (f.minimum !== undefined) n = n.gte(f.minimum, said("args.form.minimum", { n: String(f.minimum) }));
      if (f.maximum !== undefined) n = n.lte(f.maximum, said("args.form.maximum", { n: String(f.maximum) }));
      return n;
    }
    case "boolean":
      return z.boolean(said("args.form.boolean"));
    case "select":
      return z.enum(
        f.options.map((o) => o.value) as [string, ...string[]],
        said("args.form.oneOf", { options: f.options.map((o) => o.value).join(", ") }),
      );
    case "multiselect": {
      let a = z.array(z.enum(f.options.map((o) => o.value) as [string, ...string[]], said("args.form.notAnOption")));
      if (f.minItems !== undefined) a = a.min(f.minItems, said("args.form.minItems", { n: f.minItems }));
      if (f.maxItems !== undefined) a = a.max(f.maxItems, said("args.form.maxItems", { n: f.maxItems }));
      return a;
    }
  }
}

/** The zod schema accepted content must satisfy: required fields present, every value valid. */
export function contentSchema(model: FormModel): z.ZodType<Record<string, unknown>> {
  const key = JSON.stringify(model.fields);
  const cached = contentSchemas.get(key);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const f of model.fields) shape[f.key] = f.required ? fieldSchema(f) : fieldSchema(f).optional();
  const schema = z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
  if (contentSchemas.size >= MAX_CACHED_FORMS) contentSchemas.delete(contentSchemas.keys().next().value!);
  contentSchemas.set(key, schema);
  return schema;
}

export type ContentCheck =
  | { ok: true; content: Record<string, string | number | boolean | string[]> }
  | { ok: false; errors: Record<string, string> };

function errorsOf(error: z.ZodError, content: unknown, t: Translate): Record<string, string> {
  const given = asObject(content) ?? {};
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "";
    const message = key && given[key] === undefined ? t("args.form.required") : readIssue(issue.message, t);
    errors[key] ??= message;
  }
  return errors;
}

/** Validates content as it would travel (e.g. a hand-edited retry or a CLI answers file). */
export function validateContent(model: FormModel, content: unknown, t: Translate = englishT): ContentCheck {
  const r = contentSchema(model).safeParse(content);
  return r.success
    ? { ok: true, content: r.data as Record<string, string | number | boolean | string[]> }
    : { ok: false, errors: errorsOf(r.error, content, t) };
}

/** Converts what the form holds into wire content (empty optional fields left out) and validates it. */
export function contentFromForm(model: FormModel, values: FormValues, t: Translate = englishT): ContentCheck {
  const content: Record<string, unknown> = {};
  for (const f of model.fields) {
    const v = values[f.key];
    if (f.kind === "boolean") content[f.key] = v === true;
    else if (f.kind === "multiselect") {
      const list = Array.isArray(v) ? v : [];
      if (list.length > 0 || f.required) content[f.key] = list;
    } else if (typeof v === "string" && v.trim() !== "") {
      content[f.key] = f.kind === "number" ? Number(v.trim()) : v;
    }
  }
  return validateContent(model, content, t);
}
