/**
 * JSON-RPC 2.0 frames as the playground sees them: parse a frame the user wrote (or a line a server wrote),
 * classify it, and match responses to requests by id. Pure: used by the bridge, the UI, the CLI and the tests.
 *
 * Nothing here rejects a frame for being a bad JSON-RPC message: the playground delivers wrong ids, missing
 * fields and odd shapes on purpose. Only "is it JSON at all" is an error, and that error says where.
 */
import { asObject, type JsonObject } from "./json";

export type FrameKind = "request" | "notification" | "response" | "batch" | "other";

/** Where a JSON parse failed; line and column are 1-based, column counts UTF-16 code units like editors do. */
export interface JsonErrorPosition {
  offset: number;
  line: number;
  column: number;
}

export type ParsedFrame =
  | {
      ok: true;
      value: unknown;
      kind: FrameKind;
      /** The `id` member exactly as written (string, number, null, or anything else); absent when there is none. */
      id?: unknown;
      method?: string;
    }
  | { ok: false; error: string; position?: JsonErrorPosition };

function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Request = method + id; notification = method without id; response = id + result or error. */
export function classifyFrame(value: unknown): FrameKind {
  if (Array.isArray(value)) return "batch";
  const obj = asObject(value);
  if (!obj) return "other";
  if (typeof obj.method === "string") return has(obj, "id") ? "request" : "notification";
  if (!has(obj, "method") && has(obj, "id") && (has(obj, "result") || has(obj, "error"))) return "response";
  return "other";
}

export function parseFrame(text: string): ParsedFrame {
  if (text.trim() === "") return { ok: false, error: "the frame is empty" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return describeJsonError(text, e);
  }
  const kind = classifyFrame(value);
  const obj = asObject(value);
  const parsed: ParsedFrame = { ok: true, value, kind };
  if (obj && has(obj, "id")) parsed.id = obj.id;
  if (obj && typeof obj.method === "string") parsed.method = obj.method;
  return parsed;
}

/** The `id` member as written, or undefined when the frame has none (notifications, batches, non-objects). */
export function idOf(frame: unknown): unknown {
  const obj = asObject(frame);
  return obj && has(obj, "id") ? obj.id : undefined;
}

export function methodOf(frame: unknown): string | undefined {
  const method = asObject(frame)?.method;
  return typeof method === "string" ? method : undefined;
}

/**
 * JSON-RPC ids are compared by value and type: 1 and "1" are different ids. Ids that are not
 * string/number/null (invalid, but the playground sends them anyway) compare by their JSON text.
 */
export function sameId(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

/** A response frame (result or error, no method) whose id equals `id`. */
export function isResponseTo(frame: unknown, id: unknown): boolean {
  return classifyFrame(frame) === "response" && sameId((frame as JsonObject).id, id);
}

/** The ids of the requests in a batch (notifications in it expect no answer). */
export function batchRequestIds(batch: unknown): unknown[] {
  if (!Array.isArray(batch)) return [];
  return batch.filter((item) => classifyFrame(item) === "request").map((item) => (item as JsonObject).id);
}

// ---------------------------------------------------------------------------------------------------------
// Where is the JSON broken? JSON.parse's messages differ between engines and sometimes carry no position
// (V8: `Unexpected token '}', "{"a":}" is not valid JSON` quotes the whole input instead). So on failure we
// re-scan the text with a small RFC 8259 validator that only locates the first error. It keeps an explicit
// stack, so deeply nested input cannot overflow the call stack.

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

/** Returns null when `text` is valid JSON, else the offset of the first error and why. */
export function locateJsonError(text: string): { offset: number; reason: string } | null {
  const n = text.length;
  const stack: ("[" | "{")[] = [];
  type Expect = "value" | "value-or-]" | "key" | "key-or-}" | "after-value";
  let expect = "value" as Expect;
  let i = 0;
  let lastComma = -1;

  const skipWhitespace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };

  /** Scans a string starting at the opening quote; returns an error or advances i past the closing quote. */
  const scanString = (): { offset: number; reason: string } | null => {
    const start = i;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c === 0x5c) {
        const next = text[i + 1];
        if (next === "u") {
          if (!HEX4.test(text.slice(i + 2, i + 6)))
            return { offset: i, reason: "a \\u escape needs exactly four hex digits" };
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) {
          i += 2;
        } else {
          return { offset: i, reason: next === undefined ? "unterminated escape" : `invalid escape '\\${next}'` };
        }
        continue;
      }
      if (c < 0x20) return { offset: i, reason: `${show(text, i)} must be escaped inside a string` };
      i++;
    }
    return { offset: start, reason: "this string is never closed" };
  };

  /** Steps over a bracket: into a container (push) or out of one (pop). */
  const enter = (bracket: "{" | "[") => {
    stack.push(bracket);
    i++;
    expect = bracket === "{" ? "key-or-}" : "value-or-]";
  };
  const leave = () => {
    stack.pop();
    i++;
    expect = "after-value";
  };
  /** Only whitespace since the last comma means the comma trails before `closer`. */
  const trailingComma = (closer: string): { offset: number; reason: string } | null =>
    lastComma >= 0 && text.slice(lastComma + 1, i).trim() === ""
      ? { offset: lastComma, reason: `trailing comma before '${closer}' (JSON does not allow it)` }
      : null;

  const scanValue = (): { offset: number; reason: string } | null => {
    const ch = text[i];
    if (ch === "{" || ch === "[") {
      enter(ch);
      return null;
    }
    expect = "after-value";
    if (ch === '"') return scanString();
    if (ch === "-" || (ch >= "0" && ch <= "9")) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return { offset: i, reason: "invalid number" };
      i += m[0].length;
      const next = text[i];
      if (next >= "0" && next <= "9") return { offset: i - m[0].length, reason: "numbers cannot have leading zeros" };
      if (next === ".") return { offset: i, reason: "a decimal point must be followed by digits" };
      if (next === "e" || next === "E") return { offset: i, reason: "an exponent must be followed by digits" };
      return null;
    }
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return null;
      }
    }
    if (/[a-zA-Z]/.test(ch ?? ""))
      return { offset: i, reason: "unknown literal (JSON has only true, false and null; strings need double quotes)" };
    if (ch === "'") return { offset: i, reason: "strings need double quotes, not single quotes" };
    return { offset: i, reason: `expected a value but found ${show(text, i)}` };
  };

  for (;;) {
    skipWhitespace();
    if (i >= n) {
      if (stack.length === 0 && expect === "after-value") return null;
      if (stack.length === 0) return { offset: i, reason: "unexpected end of input: expected a value" };
      return {
        offset: i,
        reason: `unexpected end of input: ${stack.length} unclosed ${stack[stack.length - 1] === "{" ? "'{'" : "'['"}${stack.length > 1 ? " (and more)" : ""}`,
      };
    }
    const ch = text[i];
    switch (expect) {
      case "value-or-]":
        if (ch === "]") {
          leave();
          continue;
        }
      // falls through: any other character must start a value
      case "value": {
        const trailing = ch === "]" || ch === "}" ? trailingComma(ch) : null;
        if (trailing) return trailing;
        const err = scanValue();
        if (err) return err;
        continue;
      }
      case "key-or-}":
        if (ch === "}") {
          leave();
          continue;
        }
      // falls through: any other character must start a key
      case "key": {
        const trailing = ch === "}" ? trailingComma(ch) : null;
        if (trailing) return trailing;
        if (ch !== '"') {
          return {
            offset: i,
            reason:
              ch === "'"
                ? "property names need double quotes, not single quotes"
                : `expected a double-quoted property name but found ${show(text, i)}`,
          };
        }
        const err = scanString();
        if (err) return err;
        skipWhitespace();
        if (text[i] !== ":")
          return { offset: i, reason: `expected ':' after the property name but found ${show(text, i)}` };
        i++;
        expect = "value";
        continue;
      }
      case "after-value": {
        const top = stack[stack.length - 1];
        if (top === undefined)
          return { offset: i, reason: `unexpected ${show(text, i)} after the end of the JSON value` };
        if (ch === ",") {
          lastComma = i;
          i++;
          expect = top === "[" ? "value" : "key";
          continue;
        }
        if ((top === "[" && ch === "]") || (top === "{" && ch === "}")) {
          leave();
          continue;
        }
        return {
          offset: i,
          reason:
            top === "["
              ? `expected ',' or ']' after an array element but found ${show(text, i)}`
              : `expected ',' or '}' after a property value but found ${show(text, i)}`,
        };
      }
    }
  }
}
