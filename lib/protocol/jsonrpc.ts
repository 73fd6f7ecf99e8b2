/**
 * JSON-RPC 2.0 frames as the playground sees them: parse a frame the user wrote (or a line a server wrote),
 * classify it, and match responses to requests by id. Pure: used by the bridge, the UI, the CLI and the tests.
 *
 * Nothing here rejects a frame for being a bad JSON-RPC message: the playground delivers wrong ids, missing
 * fields and odd shapes on purpose. Only "is it JSON at all" is an error, and that error says where.
 */
import { asObject, type JsonObject } from "./json";
import { describeJsonError, type JsonErrorPosition } from "./json-error";

export { describeJsonError, locateJsonError, positionOf, type JsonErrorPosition } from "./json-error";

export type FrameKind = "request" | "notification" | "response" | "batch" | "other";

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
