/**
 * Validation of a form's answers before they are sent, with zod 4 (formats included), not by hand: the content
 * schema a form model implies, what the form holds turned into wire content, and each field's error in the reader's
 * language.
 */
import { z } from "zod";
import { englishT, isMsg, msg, say, type Msg, type Translate } from "../../i18n/translate";
import type { FormField, FormModel, FormValues } from "./form";
import { asObject } from "./shapes";

// Building a zod schema costs far more than using one. Keyed by the fields' JSON: the same requestedSchema read
// again (every re-render, every round) reuses its schema.
const contentSchemas = new Map<string, z.ZodType<Record<string, unknown>>>();
const MAX_CACHED_FORMS = 200;

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
