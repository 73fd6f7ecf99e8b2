/**
 * Chapter-style trace lines for one exchange, the way the book writes wire traces:
 *
 *   → tools/list {"_meta":{…}}
 *   ← notification notifications/message {"level":"info","data":"…"}
 *   ← {"resultType":"complete","tools":[…]}
 *   ← error -32601 Method not found
 *   ✕ timeout after 10000 ms
 *
 * Request ids and the `jsonrpc` member are left out (the chapter omits them; the Wire view shows the exact
 * bytes). `_meta` at the top of params / result is folded to `{…}` unless `foldMeta: false`.
 * Pure: the output is plain text that the UI renders as text — never as HTML.
 */
import { receivedFrames, replyFrame, sentFrame, sentText, type Exchange, type WireEvent } from "./exchange";
import { isJsonObject } from "./json";

export type TraceLineKind =
  "send" | "result" | "error" | "notification" | "server-request" | "other" | "failure" | "info";

export interface TraceLine {
  kind: TraceLineKind;
  text: string;
}

export interface TraceOptions {
  /** Fold params._meta / result._meta to `{…}` (default true). */
  foldMeta?: boolean;
}

export type TraceInput = Pick<Exchange, "sent" | "received" | "outcome" | "timeoutMs"> & {
  events?: readonly WireEvent[];
};

const FOLD_MARK = "\u0000fold\u0000";
const FOLDED = "{…}";

/** Compact JSON with a top-level `_meta` member folded to `{…}` (key order kept). */
export function compactJson(value: unknown, foldMeta = true): string {
  const folded = foldMeta && isJsonObject(value) && "_meta" in value ? { ...value, _meta: FOLD_MARK } : value;
  const text = JSON.stringify(folded);
  if (text === undefined) return String(value);
  return foldMeta ? text.split(JSON.stringify(FOLD_MARK)).join(FOLDED) : text;
}

function parseSent(input: TraceInput): { ok: true; frame: unknown } | { ok: false } {
  const frame = sentFrame(input);
  return frame === undefined ? { ok: false } : { ok: true, frame };
}

/** `→ method {params}` for a request or notification; the raw text for anything else. */
export function sentLine(input: TraceInput, opts: TraceOptions = {}): TraceLine {
  const fold = opts.foldMeta ?? true;
  const parsed = parseSent(input);
  if (!parsed.ok) return { kind: "send", text: `→ (not JSON) ${sentText(input)}` };
  const frame = parsed.frame;
  if (isJsonObject(frame) && typeof frame.method === "string") {
    const params = "params" in frame ? ` ${compactJson(frame.params, fold)}` : "";
    return { kind: "send", text: `→ ${frame.method}${params}` };
  }
  return { kind: "send", text: `→ ${compactJson(frame, false)}` };
}

/** One received frame as a trace line. */
export function receivedLine(frame: unknown, opts: TraceOptions = {}): TraceLine {
  const fold = opts.foldMeta ?? true;
  if (isJsonObject(frame)) {
    if ("result" in frame) return { kind: "result", text: `← ${compactJson(frame.result, fold)}` };
    if (isJsonObject(frame.error)) {
      const { code, message, data } = frame.error;
      const tail = data === undefined ? "" : ` ${compactJson(data, false)}`;
      return { kind: "error", text: `← error ${String(code)} ${String(message ?? "")}${tail}`.trimEnd() };
    }
    if (typeof frame.method === "string") {
      const params = "params" in frame ? ` ${compactJson(frame.params, fold)}` : "";
      return "id" in frame
        ? { kind: "server-request", text: `← request ${frame.method}${params}` }
        : { kind: "notification", text: `← notification ${frame.method}${params}` };
    }
  }
  return { kind: "other", text: `← ${compactJson(frame, false)}` };
}

/** What ended the exchange when it was not a response frame. */
export function outcomeLine(input: TraceInput): TraceLine | null {
  const { outcome } = input;
  switch (outcome.kind) {
    case "response":
      return null;
    case "notification":
      return { kind: "info", text: `· no response expected (notification)${outcome.note ? ` — ${outcome.note}` : ""}` };
    case "failure":
      if (outcome.failure === "timeout") return { kind: "failure", text: `✕ timeout after ${input.timeoutMs} ms` };
      return { kind: "failure", text: `✕ ${outcome.failure}: ${outcome.message}` };
  }
}

export function traceLines(input: TraceInput, opts: TraceOptions = {}): TraceLine[] {
  const lines: TraceLine[] = [sentLine(input, opts)];
  const received = receivedFrames(input);
  for (const frame of received) lines.push(receivedLine(frame, opts));
  const reply = replyFrame(input);
  // The response frame is normally the last received frame; show it even if the bridge did not list it.
  if (input.outcome.kind === "response" && !received.includes(reply)) {
    const text = JSON.stringify(reply);
    if (!received.some((f) => JSON.stringify(f) === text)) lines.push(receivedLine(reply, opts));
  }
  const last = outcomeLine(input);
  if (last) lines.push(last);
  return lines;
}
