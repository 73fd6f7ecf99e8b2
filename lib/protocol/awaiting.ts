/**
 * What reply a sent frame waits for, shared by both transports (stdio and HTTP). Pure.
 * A request waits for its id; a batch for its requests' ids; text without a usable id for the error a server
 * answers with id null; a notification or a response sent by the client for nothing (the transport then listens
 * for a grace period or until the body ends).
 */
import { batchRequestIds, isResponseTo, type ParsedFrame } from "./jsonrpc";

export type Awaiting =
  | { kind: "id"; id: unknown }
  | { kind: "batch"; ids: unknown[] }
  /** Not JSON, or JSON without a usable id: the first reply with id null (a parse/invalid-request error). */
  | { kind: "null-id"; id?: unknown }
  /** A notification or a response to the server: nothing comes back. */
  | { kind: "none" };

export function awaitingFor(parsed: Extract<ParsedFrame, { ok: true }> | undefined): Awaiting {
  if (!parsed) return { kind: "null-id" };
  switch (parsed.kind) {
    case "request":
      return { kind: "id", id: parsed.id };
    case "batch": {
      const ids = batchRequestIds(parsed.value);
      return ids.length > 0 ? { kind: "batch", ids } : { kind: "none" };
    }
    case "notification":
    case "response":
      return { kind: "none" };
    case "other":
      return parsed.id === undefined ? { kind: "null-id" } : { kind: "null-id", id: parsed.id };
  }
}

/** Whether a single (non-batch) frame is the reply an "id" or "null-id" wait is for. */
export function answersSingle(awaiting: Awaiting, frame: unknown): boolean {
  if (awaiting.kind === "id") return isResponseTo(frame, awaiting.id);
  if (awaiting.kind === "null-id")
    return isResponseTo(frame, null) || (awaiting.id !== undefined && isResponseTo(frame, awaiting.id));
  return false;
}

export function describeAwaiting(awaiting: Awaiting): string {
  switch (awaiting.kind) {
    case "id":
      return `a response with id ${JSON.stringify(awaiting.id)}`;
    case "batch":
      return `responses to the batch (ids ${awaiting.ids.map((id) => JSON.stringify(id)).join(", ")})`;
    case "null-id":
      return "a reply (the frame has no usable id, so an error with id null was expected)";
    case "none":
      return "nothing";
  }
}
