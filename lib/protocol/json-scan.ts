/**
 * The one JSON scanner of the house: jsonc-parser's (the scanner Monaco's JSON mode is built on), for the places that
 * read JSON text token by token rather than parse it: the first-paint highlighter, oneLine, the nesting guard and the
 * parse-error locator. jsonc-parser declares its token kinds as `const enum`, which isolatedModules cannot read, so
 * their (public, stable) values are named here; tests/unit/json-scan.test.ts holds them equal to the library's.
 */
import { createScanner, type JSONScanner, type ScanError, type SyntaxKind } from "jsonc-parser";

export const TOKEN = {
  openBrace: 1 as SyntaxKind,
  closeBrace: 2 as SyntaxKind,
  openBracket: 3 as SyntaxKind,
  closeBracket: 4 as SyntaxKind,
  comma: 5 as SyntaxKind,
  colon: 6 as SyntaxKind,
  null: 7 as SyntaxKind,
  true: 8 as SyntaxKind,
  false: 9 as SyntaxKind,
  string: 10 as SyntaxKind,
  number: 11 as SyntaxKind,
  lineComment: 12 as SyntaxKind,
  blockComment: 13 as SyntaxKind,
  lineBreak: 14 as SyntaxKind,
  space: 15 as SyntaxKind,
  unknown: 16 as SyntaxKind,
  end: 17 as SyntaxKind,
} as const;

export const SCAN_ERROR = {
  none: 0 as ScanError,
  unexpectedEndOfString: 2 as ScanError,
  unexpectedEndOfNumber: 3 as ScanError,
  invalidUnicode: 4 as ScanError,
  invalidEscape: 5 as ScanError,
  invalidCharacter: 6 as ScanError,
} as const;

/** A scanner over `text` that also yields whitespace and line breaks as tokens (every character lands in one). */
export function jsonScanner(text: string): JSONScanner {
  return createScanner(text, false);
}

/** Calls `each(kind, start, end)` for every token of `text` in order (whitespace included); stops when it returns false. */
export function eachJsonToken(
  text: string,
  each: (kind: SyntaxKind, start: number, end: number) => boolean | void,
): void {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== TOKEN.end; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    if (each(kind, start, start + scanner.getTokenLength()) === false) return;
  }
}
