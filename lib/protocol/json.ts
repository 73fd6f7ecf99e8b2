/**
 * The few shape helpers every layer needs for JSON that arrives as `unknown` (frames, replies, files). One copy:
 * the cache, MRTR, the explainer, the checks, the session and the lab all import these.
 */

/** A JSON object: a plain object, not an array and not null. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The value as a JSON object, or undefined when it is anything else (array, null, a primitive). */
export function asObject(value: unknown): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** JSON with object keys sorted at every depth, so two values that differ only in key order give one text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const obj = asObject(value);
  if (obj) {
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The parsed text, or undefined when it is not JSON (JSON.parse never yields undefined, so this is unambiguous). */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
