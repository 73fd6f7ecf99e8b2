/**
 * The catalogues as the i18n tests read them: each language's messages flattened to dotted keys
 * (`{ a: { b: "x" } }` → `a.b` → "x"), shared by the catalogue check and the translation check.
 */
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { LOCALES } from "@/lib/i18n/locales";

function flatten(node: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

/** Each language's messages by dotted key. */
export const FLAT = Object.fromEntries(LOCALES.map((l) => [l, flatten(CATALOGUES[l])])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;
