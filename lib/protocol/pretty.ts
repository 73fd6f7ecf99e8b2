/**
 * The pretty view of a reply: indented JSON, one member per line (so long replies wrap at their structure), `_meta`
 * folded on request, and JSON that a server put inside a string (resources/read text, tool results) decoded and
 * shown as JSON, marked as having been a string. Pure and bounded: strings are decoded at most MAX_DECODE_DEPTH deep
 * and only when shorter than MAX_DECODE_CHARS; output stops after MAX_LINES lines.
 */

export interface PrettyLine {
  depth: number;
  /** The member's key, JSON-quoted, when the line starts a member of an object. */
  key?: string;
  /** The rest of the line: a literal, or an opening/closing bracket, with a trailing comma when one follows. */
  text: string;
  /** This value was a string holding JSON: shown decoded (the marker says so). */
  decoded?: boolean;
  /** A folded `_meta`: how many entries it hides. */
  folded?: number;
}

export interface PrettyOptions {
  foldMeta?: boolean;
}

export const PRETTY_LIMITS = { maxLines: 5000, maxDecodeChars: 1_000_000, maxDecodeDepth: 3 };

/** A string that holds a JSON object or array (not a bare number or word, which stay strings). */
export function decodeJsonString(s: string): { ok: true; value: object } | { ok: false } {
  if (s.length > PRETTY_LIMITS.maxDecodeChars) return { ok: false };
  const t = s.trim();
  if (!((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]")))) return { ok: false };
  try {
    const v = JSON.parse(t) as unknown;
    return v !== null && typeof v === "object" ? { ok: true, value: v } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export function prettyLines(value: unknown, opts: PrettyOptions = {}): { lines: PrettyLine[]; truncated: boolean } {
  const lines: PrettyLine[] = [];
  let truncated = false;
  const push = (line: PrettyLine) => {
    if (lines.length >= PRETTY_LIMITS.maxLines) {
      truncated = true;
      return false;
    }
    lines.push(line);
    return true;
  };

  const walk = (
    v: unknown,
    depth: number,
    key: string | undefined,
    comma: string,
    decodeDepth: number,
    decoded = false,
  ): void => {
    if (truncated) return;
    const head = (text: string, extra: Partial<PrettyLine> = {}) =>
      push({ depth, ...(key !== undefined ? { key } : {}), text, ...(decoded ? { decoded } : {}), ...extra });
    if (typeof v === "string" && decodeDepth < PRETTY_LIMITS.maxDecodeDepth) {
      const inner = decodeJsonString(v);
      if (inner.ok) return walk(inner.value, depth, key, comma, decodeDepth + 1, true);
    }
    if (v === null || typeof v !== "object") {
      head(`${JSON.stringify(v) ?? "null"}${comma}`);
      return;
    }
    const isArray = Array.isArray(v);
    const entries: [string | undefined, unknown][] = isArray
      ? (v as unknown[]).map((x) => [undefined, x])
      : Object.entries(v as Record<string, unknown>);
    const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) {
      head(`${open}${close}${comma}`);
      return;
    }
    if (opts.foldMeta && key === JSON.stringify("_meta")) {
      head(`{ … }${comma}`, { folded: entries.length });
      return;
    }
    head(open);
    entries.forEach(([k, x], i) =>
      walk(
        x,
        depth + 1,
        k === undefined ? undefined : JSON.stringify(k),
        i < entries.length - 1 ? "," : "",
        decodeDepth,
      ),
    );
    push({ depth, text: `${close}${comma}` });
  };

  walk(value, 0, undefined, "", 0);
  return { lines, truncated };
}

/** The pretty view as plain text (two spaces per level; decoded strings are marked with a comment-like tag). */
export function prettyText(value: unknown, opts: PrettyOptions = {}): string {
  return prettyLines(value, opts)
    .lines.map(
      (l) =>
        `${"  ".repeat(l.depth)}${l.key !== undefined ? `${l.key}: ` : ""}${l.decoded ? "⟨JSON in a string⟩ " : ""}${l.text}`,
    )
    .join("\n");
}
