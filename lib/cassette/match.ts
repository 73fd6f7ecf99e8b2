/**
 * How a mock answers from a cassette: a request is matched to a recorded one by method and params, and answered
 * with the recorded frames (the notifications it got, then its result or error), only the id changed to the
 * caller's. Rules (README, "Cassettes"):
 *
 * - ids are ignored; the answer carries the caller's id in the recorded id's place (nothing else changes);
 * - `_meta` is ignored (`meta: "ignore"`, the default: every client sends its own envelope) or compared (`strict`);
 * - `cursor` and `requestState` are compared (`state: "strict"`) or, when nothing equal was recorded, ignored
 *   (`loose`, the default): the next recording of that method and other params is served;
 * - the handshake (`initialize`, `server/discover`) matches by method alone: each client introduces itself;
 * - a request recorded several times is answered in recorded order, and the last recording repeats after that;
 * - a notification (no id) and a client's answer to a server request are taken silently;
 * - anything else gets a JSON-RPC error naming the closest recorded request (-32601 when the method was never
 *   recorded, as a server without it would say; -32602 when only the params differ).
 * Pure: frames in, frames out; the stdio and HTTP mocks (lib/node/cassette) do the I/O.
 */
import { editDistance } from "../explain/edit-distance";
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { answerOf, type Cassette, type Interaction } from "./format";

export interface MatchOptions {
  meta?: "ignore" | "strict";
  state?: "loose" | "strict";
  /** Which recorded target to serve (index into targets); default 0. */
  target?: number;
}

const BY_METHOD_ONLY = new Set(["initialize", "server/discover"]);
const STATE_KEYS = ["cursor", "requestState"];

/** The JSON-RPC error codes the mock answers an unmatched request with. */
export const UNMATCHED = { methodNotRecorded: -32601, paramsNotRecorded: -32602 } as const;

function paramsKey(method: string, params: unknown, meta: "ignore" | "strict", dropState: boolean): string {
  if (BY_METHOD_ONLY.has(method)) return method;
  const p = asObject(params);
  if (!p) return `${method} ${params === undefined ? "{}" : canonicalJson(params)}`;
  const kept = Object.fromEntries(
    Object.entries(p).filter(([k]) => !(meta === "ignore" && k === "_meta") && !(dropState && STATE_KEYS.includes(k))),
  );
  return `${method} ${canonicalJson(kept)}`;
}

/** One line naming a request: method and params (without `_meta`), cut short. */
export function describeRequest(method: string, params: unknown): string {
  const p = asObject(params);
  const shown = p ? Object.fromEntries(Object.entries(p).filter(([k]) => k !== "_meta")) : params;
  const text =
    shown === undefined || (p && Object.keys(shown as object).length === 0) ? "" : ` ${JSON.stringify(shown)}`;
  return `${method}${text.length > 200 ? `${text.slice(0, 199)}…` : text}`;
}

/** The answer frame with the caller's id in the recorded id's place (key order kept, so the bytes are the recording's). */
export function withId(frame: JsonObject, id: unknown): JsonObject {
  return "id" in frame ? { ...frame, id } : { id, ...frame };
}

export class CassetteMatcher {
  private readonly meta: "ignore" | "strict";
  private readonly state: "loose" | "strict";
  private readonly recorded: Interaction[];
  private readonly used = new Set<Interaction>();

  constructor(cassette: Cassette, options: MatchOptions = {}) {
    this.meta = options.meta ?? "ignore";
    this.state = options.state ?? "loose";
    const target = options.target ?? 0;
    if (target >= cassette.targets.length)
      throw new Error(`the cassette has ${cassette.targets.length} target(s); there is no target ${target}`);
    this.recorded = cassette.interactions.filter(
      (x) => x.target === target && x.request.id !== undefined && answerOf(x),
    );
  }

  /** The frames to send back for one frame received, in order (empty for a notification). */
  answer(message: unknown): JsonObject[] {
    const frame = asObject(message);
    if (!frame)
      return [
        {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid Request: a JSON-RPC message is a JSON object" },
        },
      ];
    if (typeof frame.method !== "string") return []; // the client's answer to a server request the recording made
    if (frame.id === undefined) return [];
    const found = this.find(frame.method, frame.params);
    if (!found) return [this.unmatched(frame)];
    this.used.add(found);
    return [...found.notifications, withId(answerOf(found)!, frame.id)];
  }

  private find(method: string, params: unknown): Interaction | undefined {
    const pick = (key: (m: string, p: unknown) => string) => {
      const want = key(method, params);
      const all = this.recorded.filter((x) => key(x.request.method as string, x.request.params) === want);
      return all.find((x) => !this.used.has(x)) ?? all[all.length - 1];
    };
    const exact = pick((m, p) => paramsKey(m, p, this.meta, false));
    if (exact || this.state === "strict") return exact;
    return pick((m, p) => paramsKey(m, p, this.meta, true));
  }

  private unmatched(frame: JsonObject): JsonObject {
    const method = frame.method as string;
    const asked = paramsKey(method, frame.params, "ignore", false).slice(0, 400);
    let closest: Interaction | undefined;
    let best = Infinity;
    for (const x of this.recorded) {
      const d = editDistance(
        asked,
        paramsKey(x.request.method as string, x.request.params, "ignore", false).slice(0, 400),
      );
      if (d < best) {
        best = d;
        closest = x;
      }
    }
    const methodRecorded = this.recorded.some((x) => x.request.method === method);
    const nearest = closest ? describeRequest(closest.request.method as string, closest.request.params) : undefined;
    const strictNote =
      methodRecorded && (this.meta === "strict" || this.state === "strict")
        ? " (matching is strict: _meta, cursor and requestState count)"
        : "";
    return {
      jsonrpc: "2.0",
      id: frame.id,
      error: {
        code: methodRecorded ? UNMATCHED.paramsNotRecorded : UNMATCHED.methodNotRecorded,
        message:
          `The cassette has no answer for ${describeRequest(method, frame.params)}${strictNote}. ` +
          (nearest ? `Closest recorded request: ${nearest}` : "It records no request for this target."),
        data: {
          cassette: {
            unmatched: { method, params: frame.params ?? null },
            ...(closest ? { closest: { method: closest.request.method, params: closest.request.params ?? null } } : {}),
          },
        },
      },
    };
  }
}

function parseErrorFrame(detail: string): JsonObject {
  return { jsonrpc: "2.0", id: null, error: { code: -32700, message: `Parse error: ${detail}` } };
}

/** Answers one message text: the frames to write back, or a batch's answers as one array. */
export function answerText(matcher: CassetteMatcher, text: string): JsonObject[] | JsonObject[][] {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (e) {
    return [parseErrorFrame((e as Error).message.slice(0, 200))];
  }
  if (Array.isArray(message)) return [message.flatMap((m) => matcher.answer(m))];
  return matcher.answer(message);
}
