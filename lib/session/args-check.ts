/**
 * The arguments checked against the tool's inputSchema with zod's JSON Schema reader (z.fromJSONSchema), so the form
 * can say what a server will refuse before it is sent. Kept apart from args-form.ts: zod loads only with the form.
 */
import * as z from "zod";
import type { JsonObject } from "../protocol/json";

export type ArgsCheck = { checked: true; problems: string[] } | { checked: false; why: string };

const MAX_PROBLEMS = 20;

export function checkArguments(inputSchema: unknown, args: JsonObject): ArgsCheck {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (e) {
    return { checked: false, why: `the schema could not be read (${(e as Error).message})` };
  }
  const result = schema.safeParse(args);
  if (result.success) return { checked: true, problems: [] };
  return {
    checked: true,
    problems: result.error.issues
      .slice(0, MAX_PROBLEMS)
      .map((i) => `${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`),
  };
}
