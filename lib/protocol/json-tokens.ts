/**
 * A forgiving JSON tokenizer for highlighting text that may not be JSON yet (the frame as a user types it, before
 * the full editor has loaded), on the house's JSON scanner (./json-scan.ts, jsonc-parser). Every character of the
 * input lands in exactly one token, so joining the tokens' text gives the input back: the highlighted copy lines up
 * with the text being edited. A string runs to its closing quote or the end of its line (an unterminated string must
 * not swallow the rest).
 */
import type { SyntaxKind } from "jsonc-parser";
import { TOKEN, eachJsonToken } from "./json-scan";

export type JsonTokenKind = "key" | "string" | "number" | "keyword" | "punctuation" | "space" | "other";

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

/** Each kind of token, with the scanner's tokens it covers. */
const KINDS: [JsonTokenKind, SyntaxKind[]][] = [
  ["punctuation", [TOKEN.openBrace, TOKEN.closeBrace, TOKEN.openBracket, TOKEN.closeBracket, TOKEN.comma, TOKEN.colon]],
  ["keyword", [TOKEN.null, TOKEN.true, TOKEN.false]],
  ["string", [TOKEN.string]],
  ["number", [TOKEN.number]],
  ["space", [TOKEN.space, TOKEN.lineBreak]],
];
const KIND_OF = new Map(KINDS.flatMap(([kind, syntaxes]) => syntaxes.map((syntax) => [syntax, kind] as const)));

/** Tokens of `text`, in order; `text` of each joined equals the input. Linear in the input's length. */
export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  eachJsonToken(text, (syntax, start, end) => {
    const kind = KIND_OF.get(syntax) ?? "other"; // comments and characters JSON does not know
    push(tokens, kind === "string" && isKey(text, end) ? "key" : kind, text.slice(start, end));
  });
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
