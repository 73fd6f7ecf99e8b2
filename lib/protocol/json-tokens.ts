/**
 * A small, forgiving JSON tokenizer for highlighting text that may not be JSON yet (the frame as a user types
 * it, before the full editor has loaded). Every character of the input lands in exactly one token, so joining
 * the tokens' text gives the input back: the highlighted copy lines up with the text being edited.
 */
export type JsonTokenKind = "key" | "string" | "number" | "keyword" | "punctuation" | "space" | "other";

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

// A string runs to its closing quote or the end of its line (an unterminated string must not swallow the rest).
const SCANNER =
  /("(?:[^"\\\n]|\\.)*(?:"|$))|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)\b|([{}[\],:])|(\s+)|([^"\s{}[\],:]+)/my;

/** Tokens of `text`, in order; `text` of each joined equals the input. Linear in the input's length. */
export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  SCANNER.lastIndex = 0;
  while (SCANNER.lastIndex < text.length) {
    const start = SCANNER.lastIndex;
    const m = SCANNER.exec(text);
    if (!m || m.index !== start || m[0].length === 0) {
      // Defensive: never loop on an unmatched character.
      push(tokens, "other", text[start]);
      SCANNER.lastIndex = start + 1;
      continue;
    }
    const [whole, str, num, kw, punct] = m;
    const kind: JsonTokenKind =
      str !== undefined
        ? isKey(text, SCANNER.lastIndex)
          ? "key"
          : "string"
        : num !== undefined
          ? "number"
          : kw !== undefined
            ? "keyword"
            : punct !== undefined
              ? "punctuation"
              : m[5] !== undefined
                ? "space"
                : "other";
    push(tokens, kind, whole);
  }
  return tokens;
}

/** A string is a key when the next non-space character is a colon. */
function isKey(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58) return true; // :
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return false;
}

function push(tokens: JsonToken[], kind: JsonTokenKind, text: string): void {
  const last = tokens[tokens.length - 1];
  // Adjacent unknown characters form one token (fewer spans to render).
  if (last && last.kind === kind && kind === "other") last.text += text;
  else tokens.push({ kind, text });
}
