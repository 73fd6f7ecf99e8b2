/**
 * Every writer of a v1 payload (a share link, a session file, the session saved in the browser) writes only what its
 * reader takes: a session is bounded by bytes (each reader's size limit), not by a count of exchanges. Two steps:
 *
 * 1. an exchange the reader's schema would refuse (lib/share/v1-schema.ts) is left out, named by its number and the
 *    reader's reason, so the rest of the session stays readable;
 * 2. when the whole is over the writer's budget, the oldest exchanges go first: the fewest that make it fit, found by a
 *    binary search over how many to leave out (a few encodes, not one per exchange).
 *
 * Each step adds a line to the state's `omitted` (so the link or file says it to whoever opens it) and a Msg for the
 * writer's page. The budget's check sees the state with that line in it. Pure.
 */
import { firstIssue } from "../protocol/issues";
import { msg, say, type Msg } from "../i18n/translate";
import type { ShareState } from "./state";
import { toPayloadV1 } from "./v1";
import { PayloadExchangeSchema, type PayloadV1 } from "./v1-schema";

export interface Fitted {
  state: ShareState;
  /** The state's v1 payload (toPayloadV1), made once: each exchange compacts on its own, so fitting only slices it. */
  payload: PayloadV1;
  /** What was left out, as the state's `omitted` now also says it (in English). */
  leftOut: Msg[];
  /** How many of the oldest exchanges were left out for the budget (0 when all fit). */
  droppedOldest: number;
}

function withNotes(state: ShareState, payload: PayloadV1, notes: Msg[]): Pick<Fitted, "state" | "payload"> {
  if (notes.length === 0) return { state, payload };
  const omitted = [...new Set([...state.omitted, ...notes.map((m) => say(m))])];
  return { state: { ...state, omitted }, payload: { ...payload, omitted } };
}

function withExchanges(base: Pick<Fitted, "state" | "payload">, keep: (i: number) => boolean) {
  const exchanges = base.state.exchanges.filter((_, i) => keep(i));
  const compact = (base.payload.exchanges ?? []).filter((_, i) => keep(i));
  const payload: PayloadV1 = { ...base.payload, exchanges: compact };
  if (compact.length === 0) delete payload.exchanges;
  return { state: { ...base.state, exchanges }, payload };
}

/** Step 1: the exchanges the reader's schema refuses, left out by number with its reason. */
function readable(state: ShareState): Fitted {
  const payload = toPayloadV1(state);
  const leftOut: Msg[] = [];
  const total = state.exchanges.length;
  const refused = new Set<number>();
  (payload.exchanges ?? []).forEach((compact, i) => {
    const checked = PayloadExchangeSchema.safeParse(compact);
    if (checked.success) return;
    const { path, message, more } = firstIssue(checked.error.issues);
    const reason = `${path ? `the field ${path}` : "the exchange"} is invalid: ${message}${more}`;
    leftOut.push(msg("share.omit.refused", { n: i + 1, total, reason }));
    refused.add(i);
  });
  if (refused.size === 0) return { state, payload, leftOut, droppedOldest: 0 };
  const kept = withExchanges({ state, payload }, (i) => !refused.has(i));
  return { ...withNotes(kept.state, kept.payload, leftOut), leftOut, droppedOldest: 0 };
}

/** The note for leaving out the `count` oldest of `total` exchanges, and why (the budget, in the writer's words). */
function oldestNote(count: number, total: number, why: Msg): Msg {
  return msg("share.omit.oldest", { count, first: 1, last: count, total, why });
}

/**
 * The search as a generator: it yields how many oldest exchanges to try leaving out, is told whether that fits, and
 * returns the fewest that fit (or all of them when nothing does). The sync and async writers drive the same search.
 */
function* fewestToDrop(total: number): Generator<number, number, boolean> {
  if (yield 0) return 0;
  let lo = 1;
  let hi = total;
  if (total === 0 || !(yield hi)) return total;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (yield mid) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The candidates of one search, each made once (a writer may memoize its measure by the payload object). */
function candidates(base: Fitted, why: Msg): (drop: number) => Fitted {
  const made = new Map<number, Fitted>();
  return (drop) => {
    let c = made.get(drop);
    if (!c) {
      if (drop === 0) c = base;
      else {
        const note = oldestNote(drop, base.state.exchanges.length, why);
        const sliced = withExchanges(base, (i) => i >= drop);
        c = {
          ...withNotes(sliced.state, sliced.payload, [note]),
          leftOut: [...base.leftOut, note],
          droppedOldest: drop,
        };
      }
      made.set(drop, c);
    }
    return c;
  };
}

/** Fits `state` for a reader: `fits` says whether a payload is within the writer's budget; `why` names that budget. */
export function fitForReader(state: ShareState, fits: (p: PayloadV1) => boolean, why: Msg): Fitted {
  const base = readable(state);
  const candidate = candidates(base, why);
  const search = fewestToDrop(base.state.exchanges.length);
  let step = search.next();
  while (!step.done) step = search.next(fits(candidate(step.value).payload));
  return candidate(step.value);
}

/** The same, for a budget measured asynchronously (a link's DEFLATE). */
export async function fitForReaderAsync(
  state: ShareState,
  fits: (p: PayloadV1) => Promise<boolean>,
  why: Msg,
): Promise<Fitted> {
  const base = readable(state);
  const candidate = candidates(base, why);
  const search = fewestToDrop(base.state.exchanges.length);
  let step = search.next();
  while (!step.done) step = search.next(await fits(candidate(step.value).payload));
  return candidate(step.value);
}
