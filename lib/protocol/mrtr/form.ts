/**
 * The restricted elicitation form schema (digest §11) as a form model. Each property definition is checked against
 * the SDK's own zod schemas for the allowed shapes (@modelcontextprotocol/core). The answers are validated in
 * form-content.ts.
 */
import { z } from "zod";
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

// Building a zod schema costs far more than using one: keep the strict variants.
const strictSchemas = new Map<z.ZodObject, z.ZodObject>();
function strictOf(schema: z.ZodObject): z.ZodObject {
  let strict = strictSchemas.get(schema);
  if (!strict) strictSchemas.set(schema, (strict = schema.strict()));
  return strict;
}

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
