/**
 * Where is the JSON broken? JSON.parse's messages differ between engines and sometimes carry no position (V8:
 * `Unexpected token '}', "{"a":}" is not valid JSON` quotes the whole input instead). So on failure the text is read
 * again, token by token with the house's JSON scanner (./json-scan.ts, jsonc-parser), by a small RFC 8259 grammar that
 * only locates the first error and says why. It keeps an explicit stack, so deep nesting cannot overflow the call stack.
 */
import type { ScanError, SyntaxKind } from "jsonc-parser";
import { SCAN_ERROR, TOKEN, jsonScanner } from "./json-scan";

export interface JsonErrorPosition {
  /** 0-based offset into the text. */
  offset: number;
  /** 1-based line and column (column counts UTF-16 code units, as editors do). */
  line: number;
  column: number;
}

export interface JsonErrorAt {
  offset: number;
  reason: string;
}

export function positionOf(text: string, offset: number): JsonErrorPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

function show(text: string, i: number): string {
  if (i >= text.length) return "the end of the input";
  const code = text.codePointAt(i)!;
  if (code === 0xfeff) return "a byte order mark (U+FEFF)";
  if (code < 0x20 || code === 0x7f)
    return `the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return `'${String.fromCodePoint(code)}'`;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const LITERALS = ["true", "false", "null"];

/** Why a number token (or a lone '-') is not a JSON number, or null when it is one. */
function numberError(text: string, start: number): JsonErrorAt | null {
  NUMBER.lastIndex = start;
  const m = NUMBER.exec(text);
  if (!m) return { offset: start, reason: "invalid number" };
  const after = start + m[0].length;
  const next = text[after];
  if (next >= "0" && next <= "9") return { offset: start, reason: "numbers cannot have leading zeros" };
  if (next === ".") return { offset: after, reason: "a decimal point must be followed by digits" };
  if (next === "e" || next === "E") return { offset: after, reason: "an exponent must be followed by digits" };
  return null;
}

/** The scanner flagged this string: name its first bad character (an escape, a raw control character, the end). */
function stringError(text: string, start: number): JsonErrorAt {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) break;
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next === "u") {
        if (!HEX4.test(text.slice(i + 2, i + 6)))
          return { offset: i, reason: "a \\u escape needs exactly four hex digits" };
        i += 5;
      } else if (next !== undefined && ESCAPES.has(next)) i++;
      else return { offset: i, reason: next === undefined ? "unterminated escape" : `invalid escape '\\${next}'` };
    } else if (c < 0x20) return { offset: i, reason: `${show(text, i)} must be escaped inside a string` };
  }
  return { offset: start, reason: "this string is never closed" };
}

/** The "not JSON: …" error of a text JSON.parse refused: where it breaks (line, column) and why. */
export function describeJsonError(
  text: string,
  cause?: unknown,
): { ok: false; error: string; position?: JsonErrorPosition } {
  const located = locateJsonError(text);
  if (!located) {
    // The scanner thinks the text is fine but JSON.parse did not: report the engine's message as is.
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, error: `not JSON: ${message}` };
  }
  const position = positionOf(text, located.offset);
  return {
    ok: false,
    error: `not JSON: ${located.reason} at line ${position.line}, column ${position.column}`,
    position,
  };
}

type Expect = "value" | "value-or-]" | "key" | "key-or-}" | "colon" | "after-value";

/** What may follow a value depends on the container it is in (none: the input must end). */
function afterValueError(text: string, stack: ("[" | "{")[], at: number): JsonErrorAt {
  const top = stack[stack.length - 1];
  if (top === undefined) return { offset: at, reason: `unexpected ${show(text, at)} after the end of the JSON value` };
  return {
    offset: at,
    reason:
      top === "["
        ? `expected ',' or ']' after an array element but found ${show(text, at)}`
        : `expected ',' or '}' after a property value but found ${show(text, at)}`,
  };
}

/** Only whitespace since the last comma means the comma trails before `closer`. */
function trailingCommaError(text: string, lastComma: number, closer: string, at: number): JsonErrorAt | null {
  return lastComma >= 0 && text.slice(lastComma + 1, at).trim() === ""
    ? { offset: lastComma, reason: `trailing comma before '${closer}' (JSON does not allow it)` }
    : null;
}

/** A token that cannot start a value where one is expected. */
function notAValueError(text: string, stack: ("[" | "{")[], at: number): JsonErrorAt {
  const literal = LITERALS.find((l) => text.startsWith(l, at));
  // "truex": the literal, then something that cannot follow it
  if (literal) return afterValueError(text, stack, at + literal.length);
  const ch = text[at];
  if (/[a-zA-Z]/.test(ch))
    return { offset: at, reason: "unknown literal (JSON has only true, false and null; strings need double quotes)" };
  if (ch === "'") return { offset: at, reason: "strings need double quotes, not single quotes" };
  if (ch === "-") return { offset: at, reason: "invalid number" };
  return { offset: at, reason: `expected a value but found ${show(text, at)}` };
}

/** A token where a property name must stand: a double-quoted string, well formed. */
function keyError(text: string, kind: SyntaxKind, at: number, tokenError: ScanError): JsonErrorAt | null {
  if (kind !== TOKEN.string)
    return {
      offset: at,
      reason:
        text[at] === "'"
          ? "property names need double quotes, not single quotes"
          : `expected a double-quoted property name but found ${show(text, at)}`,
    };
  return tokenError !== SCAN_ERROR.none ? stringError(text, at) : null;
}

/** The input ended: fine after a whole top-level value, else what was still open. */
function endOfInputError(expect: Expect, stack: ("[" | "{")[], at: number): JsonErrorAt | null {
  if (expect === "colon")
    return { offset: at, reason: "expected ':' after the property name but found the end of the input" };
  if (stack.length === 0 && expect === "after-value") return null;
  if (stack.length === 0) return { offset: at, reason: "unexpected end of input: expected a value" };
  return {
    offset: at,
    reason: `unexpected end of input: ${stack.length} unclosed ${stack[stack.length - 1] === "{" ? "'{'" : "'['"}${stack.length > 1 ? " (and more)" : ""}`,
  };
}

/** Returns null when `text` is valid JSON, else the offset of the first error and why. */
export function locateJsonError(text: string): JsonErrorAt | null {
  const scanner = jsonScanner(text);
  const stack: ("[" | "{")[] = [];
  let expect: Expect = "value";
  let lastComma = -1;

  const afterValue = (at: number) => afterValueError(text, stack, at);
  const trailingComma = (closer: string, at: number) => trailingCommaError(text, lastComma, closer, at);
  const notAValue = (at: number) => notAValueError(text, stack, at);
  const leave = () => {
    stack.pop();
    expect = "after-value";
  };

  /** One token in the current state: an error, or null after moving the state on. */
  const step = (kind: SyntaxKind, at: number): JsonErrorAt | null => {
    switch (expect) {
      case "value-or-]":
        if (kind === TOKEN.closeBracket) {
          leave();
          return null;
        }
      // falls through: any other token must start a value
      case "value": {
        if (kind === TOKEN.closeBracket || kind === TOKEN.closeBrace) {
          const trailing = trailingComma(text[at], at);
          if (trailing) return trailing;
        }
        if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
          stack.push(kind === TOKEN.openBrace ? "{" : "[");
          expect = kind === TOKEN.openBrace ? "key-or-}" : "value-or-]";
          return null;
        }
        expect = "after-value";
        if (kind === TOKEN.string) return scanner.getTokenError() === SCAN_ERROR.none ? null : stringError(text, at);
        if (kind === TOKEN.number) return numberError(text, at);
        if (kind === TOKEN.true || kind === TOKEN.false || kind === TOKEN.null) return null;
        return notAValue(at);
      }
      case "key-or-}":
        if (kind === TOKEN.closeBrace) {
          leave();
          return null;
        }
      // falls through: any other token must start a key
      case "key": {
        if (kind === TOKEN.closeBrace) {
          const trailing = trailingComma("}", at);
          if (trailing) return trailing;
        }
        const badKey = keyError(text, kind, at, scanner.getTokenError());
        if (badKey) return badKey;
        expect = "colon";
        return null;
      }
      case "colon":
        if (kind !== TOKEN.colon)
          return { offset: at, reason: `expected ':' after the property name but found ${show(text, at)}` };
        expect = "value";
        return null;
      case "after-value": {
        const top = stack[stack.length - 1];
        if (top !== undefined && kind === TOKEN.comma) {
          lastComma = at;
          expect = top === "[" ? "value" : "key";
          return null;
        }
        if ((top === "[" && kind === TOKEN.closeBracket) || (top === "{" && kind === TOKEN.closeBrace)) {
          leave();
          return null;
        }
        return afterValue(at);
      }
    }
  };

  for (let kind = scanner.scan(); ; kind = scanner.scan()) {
    const at = scanner.getTokenOffset();
    if (kind === TOKEN.end) return endOfInputError(expect, stack, at);
    if (kind === TOKEN.space || kind === TOKEN.lineBreak) continue;
    const error = step(kind, at);
    if (error) return error;
  }
}
