/**
 * How a catalogue is written out before it is counted. A token count is only meaningful next to the text it
 * counted, so every layout here is named, documented and byte-exact against the tool it imitates.
 *
 * - `compact`: JSON.stringify(value): no spaces. Close to what a JSON-RPC frame carries.
 * - `python`: Python's json.dumps(value) with its defaults: ", " between items, ": " after keys, keys in the
 *   order received, ensure_ascii=True (every character outside printable ASCII written as a lowercase \uXXXX
 *   escape, astral characters as two escapes). The chapter's figures (1,307 / 52 / 235) use this layout.
 * - `python-unicode`: json.dumps(value, ensure_ascii=False): the same layout, non-ASCII text kept as is.
 *   For Cyrillic, CJK or emoji descriptions this is far cheaper than `python` (an escape costs several tokens).
 *
 * Values are JSON as parsed by JSON.parse. Two things JavaScript cannot know and therefore decides:
 * - a number with an integral value is written as an integer (the wire's `1.0` arrives as 1; Python would
 *   print `1.0`); other numbers follow Python's float repr (`1e-05`, `1.5e+16`) in the python layouts;
 * - integer-like object keys ("1", "2") come first in a JavaScript object whatever order the wire had.
 * Members whose value is undefined are skipped and non-finite numbers become null, as JSON.stringify does.
 */

export const LAYOUTS = ["compact", "python", "python-unicode"] as const;
export type Layout = (typeof LAYOUTS)[number];

export function isLayout(value: string): value is Layout {
  return (LAYOUTS as readonly string[]).includes(value);
}

export function serialize(value: unknown, layout: Layout): string {
  if (layout === "compact") return JSON.stringify(value) ?? "null";
  return pyDumps(value, layout === "python");
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

const hex4 = (code: number) => "\\u" + code.toString(16).padStart(4, "0");

/** json.dumps's string encoder: ensure_ascii escapes everything outside space..tilde, per UTF-16 code unit. */
export function pyString(s: string, ensureAscii: boolean): string {
  const pattern = ensureAscii
    ? /[\\"]|[^ -~]/g
    : /[\x00-\x1f\\"]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  // ensure_ascii=False keeps text as is; lone surrogates are escaped like JSON.stringify (Python could not encode them).
  return '"' + s.replace(pattern, (c) => SHORT_ESCAPES[c] ?? hex4(c.charCodeAt(0))) + '"';
}

/** Python's repr(float) for a finite non-integral number: shortest round-trip digits, exponent when < 1e-4 or >= 1e16. */
export function pyFloat(n: number): string {
  const [mantissa, expText] = n.toExponential().split("e");
  const exp = Number(expText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exp < -4 || exp >= 16) {
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, "0");
    return `${sign}${body}e${exp < 0 ? "-" : "+"}${e}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  const frac = digits.slice(exp + 1) || "0";
  return `${sign}${intPart}.${frac}`;
}

function pyNumber(n: number): string {
  if (!Number.isFinite(n)) return "null";
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n === 0 ? 0 : n) : BigInt(n).toString();
  return pyFloat(n);
}

/** Python json.dumps default layout; ensureAscii=false gives json.dumps(..., ensure_ascii=False). */
export function pyDumps(value: unknown, ensureAscii = true): string {
  if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") return "null";
  if (typeof value === "string") return pyString(value, ensureAscii);
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return "[" + value.map((v) => pyDumps(v, ensureAscii)).join(", ") + "]";
  const members: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    members.push(pyString(key, ensureAscii) + ": " + pyDumps(v, ensureAscii));
  }
  return "{" + members.join(", ") + "}";
}

/** UTF-8 length without node:buffer (lib/tokens is isomorphic). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
