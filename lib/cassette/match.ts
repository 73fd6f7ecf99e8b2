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
 *   recorded, as a server without it would say; -32602 when only the params differ); "closest" is looked for among at
 *   most 200 distinct recordings, the same tool's first, then the same method's;
 * - recordings are indexed by key once, so a request costs the same on a cassette of 10 or 10,000; a batch of more
 *   than 100 messages is refused whole (-32600).
 * Pure: frames in, frames out; the stdio and HTTP mocks (lib/node/cassette) do the I/O.
 */
import { editDistanceBelow } from "../explain/edit-distance";
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

/** How many distinct recordings an unmatched request is compared with to name the closest (same tool first). */
export const MAX_CLOSEST_CANDIDATES = 200;
/** The longest batch the mock answers; a longer one is refused whole (-32600). */
export const MAX_BATCH = 100;
/** How much of a request's method and params the closest-match comparison reads. */
const COMPARED_CHARS = 400;

/** Recordings that share a key, in recorded order, and where the first one not yet served may be. */
interface Bucket {
  items: Interaction[];
  next: number;
}

/** How many of the candidates nearest by letter pairs are then compared by edit distance. */
const EDIT_COMPARED = 8;

/** A distinct recorded request, as the closest-match comparison reads it (its letter-pair profile made when first needed). */
interface Candidate {
  interaction: Interaction;
  compared: string;
  profile?: Uint16Array;
}

/** How often each letter pair occurs, hashed into 256 buckets: a cheap first sieve before edit distance. */
function pairProfile(text: string): Uint16Array {
  const profile = new Uint16Array(256);
  for (let i = 1; i < text.length; i++) profile[(text.charCodeAt(i - 1) * 31 + text.charCodeAt(i)) & 255]++;
  return profile;
}

function profileDistance(a: Uint16Array, b: Uint16Array): number {
  let d = 0;
  for (let i = 0; i < 256; i++) d += Math.abs(a[i] - b[i]);
  return d;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The tool (or prompt, resource) a request names, so an unmatched call is compared with its own tool's recordings first. */
function nameOf(params: unknown): string {
  const p = asObject(params);
  return typeof p?.name === "string" ? p.name : typeof p?.uri === "string" ? p.uri : "";
}

export class CassetteMatcher {
  private readonly meta: "ignore" | "strict";
  private readonly state: "loose" | "strict";
  private readonly recorded: Interaction[];
  private readonly used = new Set<Interaction>();
  /** Every recording by its exact key, and by its key without cursor and requestState (built once). */
  private readonly exact = new Map<string, Bucket>();
  private readonly loose = new Map<string, Bucket>();
  /** Distinct recorded requests, by method and by method + name, for naming the closest. */
  private readonly byMethod = new Map<string, Candidate[]>();
  private readonly byName = new Map<string, Candidate[]>();
  private readonly anyMethod: Candidate[] = [];

  constructor(cassette: Cassette, options: MatchOptions = {}) {
    this.meta = options.meta ?? "ignore";
    this.state = options.state ?? "loose";
    const target = options.target ?? 0;
    if (target >= cassette.targets.length)
      throw new Error(`the cassette has ${cassette.targets.length} target(s); there is no target ${target}`);
    this.recorded = cassette.interactions.filter(
      (x) => x.target === target && x.request.id !== undefined && answerOf(x),
    );
    const seen = new Set<string>();
    for (const x of this.recorded) {
      const method = x.request.method as string;
      const params = x.request.params;
      // One canonical key per recording in the default mode: the others are the same text unless it has state keys.
      const exactKey = paramsKey(method, params, this.meta, false);
      const p = asObject(params);
      const hasState = !!p && STATE_KEYS.some((k) => k in p);
      const looseKey = hasState ? paramsKey(method, params, this.meta, true) : exactKey;
      for (const [index, key] of [
        [this.exact, exactKey],
        [this.loose, looseKey],
      ] as const) {
        const bucket = index.get(key);
        if (bucket) bucket.items.push(x);
        else index.set(key, { items: [x], next: 0 });
      }
      const comparedKey = this.meta === "ignore" ? exactKey : paramsKey(method, params, "ignore", false);
      const compared = comparedKey.slice(0, COMPARED_CHARS);
      if (seen.has(compared)) continue;
      seen.add(compared);
      const candidate = { interaction: x, compared };
      pushTo(this.byMethod, method, candidate);
      pushTo(this.byName, `${method} ${nameOf(params)}`, candidate);
      if (this.anyMethod.length < MAX_CLOSEST_CANDIDATES) this.anyMethod.push(candidate);
    }
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

  /** The first recording of this key not served yet, else the last one (it repeats). */
  private served(bucket: Bucket | undefined): Interaction | undefined {
    if (!bucket) return undefined;
    while (bucket.next < bucket.items.length && this.used.has(bucket.items[bucket.next])) bucket.next++;
    return bucket.items[bucket.next] ?? bucket.items[bucket.items.length - 1];
  }

  private find(method: string, params: unknown): Interaction | undefined {
    const exact = this.served(this.exact.get(paramsKey(method, params, this.meta, false)));
    if (exact || this.state === "strict") return exact;
    return this.served(this.loose.get(paramsKey(method, params, this.meta, true)));
  }

  /** Up to MAX_CLOSEST_CANDIDATES distinct recordings: the same tool's first, then the same method's, else any. */
  private candidatesFor(method: string, params: unknown): Candidate[] {
    const sameMethod = this.byMethod.get(method);
    if (!sameMethod) return this.anyMethod;
    const sameName = this.byName.get(`${method} ${nameOf(params)}`) ?? [];
    const picked = sameName.slice(0, MAX_CLOSEST_CANDIDATES);
    if (picked.length === MAX_CLOSEST_CANDIDATES) return picked;
    const taken = new Set(picked);
    for (const c of sameMethod) {
      if (picked.length === MAX_CLOSEST_CANDIDATES) break;
      if (!taken.has(c)) picked.push(c);
    }
    return picked;
  }

  private unmatched(frame: JsonObject): JsonObject {
    const method = frame.method as string;
    const asked = paramsKey(method, frame.params, "ignore", false).slice(0, COMPARED_CHARS);
    const askedProfile = pairProfile(asked);
    // Letter pairs sieve the candidates (a few hundred cheap comparisons); edit distance picks among the sieved few.
    const sieved = this.candidatesFor(method, frame.params)
      .map((c, order) => ({ c, order, far: profileDistance(askedProfile, (c.profile ??= pairProfile(c.compared))) }))
      .sort((x, y) => x.far - y.far || x.order - y.order)
      .slice(0, EDIT_COMPARED)
      .sort((x, y) => x.order - y.order);
    let closest: Interaction | undefined;
    let best = Infinity;
    for (const { c } of sieved) {
      const d = editDistanceBelow(asked, c.compared, best);
      if (d < best) {
        best = d;
        closest = c.interaction;
      }
    }
    const methodRecorded = this.byMethod.has(method);
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
  return answerMessage(matcher, message);
}

/** Answers one message already parsed (the bridge's replay hands over its one parse of the frame). */
export function answerMessage(matcher: CassetteMatcher, message: unknown): JsonObject[] | JsonObject[][] {
  if (Array.isArray(message)) {
    if (message.length > MAX_BATCH)
      return [
        {
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: `Invalid Request: a batch of ${message.length} messages; the mock answers at most ${MAX_BATCH} at once`,
          },
        },
      ];
    return [message.flatMap((m) => matcher.answer(m))];
  }
  return matcher.answer(message);
}
