/**
 * The arguments checked against the tool's inputSchema with zod's JSON Schema reader (z.fromJSONSchema), so the form
 * can say what a server will refuse before it is sent. Kept apart from args-form.ts: zod loads only with the form.
 * The lines are zod's own messages in the reader's language (zod's maintained bg/ru/en locales); field paths and
 * JSON type names stay as they are.
 */
import * as z from "zod";
import bgErrors from "zod/v4/locales/bg.js";
import enErrors from "zod/v4/locales/en.js";
import ruErrors from "zod/v4/locales/ru.js";
import { englishT, type Translate } from "../i18n/translate";
import type { Locale } from "../i18n/locales";
import type { JsonObject } from "../protocol/json";

export type ArgsCheck = { checked: true; problems: string[] } | { checked: false; why: string };

const MAX_PROBLEMS = 20;
const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: enErrors,
  bg: bgErrors,
  ru: ruErrors,
};

export function checkArguments(
  inputSchema: unknown,
  args: JsonObject,
  locale: Locale = "en",
  t: Translate = englishT,
): ArgsCheck {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (e) {
    return { checked: false, why: t("args.schemaUnreadable", { reason: (e as Error).message }) };
  }
  const result = schema.safeParse(args, { error: ZOD_LOCALES[locale]().localeError });
  if (result.success) return { checked: true, problems: [] };
  return {
    checked: true,
    problems: result.error.issues
      .slice(0, MAX_PROBLEMS)
      .map((i) => `${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`),
  };
}
