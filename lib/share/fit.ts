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
import { PayloadExchangeSchema } from "./v1-schema";

export interface Fitted {
  state: ShareState;
  /** What was left out, as the state's `omitted` now also says it (in English). */
  leftOut: Msg[];
  /** How many of the oldest exchanges were left out for the budget (0 when all fit). */
  droppedOldest: number;
}

/** Step 1: the exchanges the reader's schema refuses, left out by number with its reason. */
function readable(state: ShareState): Fitted {
  const leftOut: Msg[] = [];
  const total = state.exchanges.length;
  const exchanges = state.exchanges.filter((x, i) => {
    const compact = toPayloadV1({ ...state, exchanges: [x] }).exchanges?.[0];
    const checked = compact === undefined ? undefined : PayloadExchangeSchema.safeParse(compact);
    if (!checked || checked.success) return true;
    const { path, message, more } = firstIssue(checked.error.issues);
    const reason = `${path ? `the field ${path}` : "the exchange"} is invalid: ${message}${more}`;
    leftOut.push(msg("share.omit.refused", { n: i + 1, total, reason }));
    return false;
  });
  return { state: withNotes({ ...state, exchanges }, leftOut), leftOut, droppedOldest: 0 };
}

function withNotes(state: ShareState, notes: Msg[]): ShareState {
  if (notes.length === 0) return state;
  return { ...state, omitted: [...new Set([...state.omitted, ...notes.map((m) => say(m))])] };
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

function candidate(base: Fitted, drop: number, why: Msg): { state: ShareState; note?: Msg } {
  if (drop === 0) return { state: base.state };
  const total = base.state.exchanges.length;
  const note = oldestNote(drop, total, why);
  return { state: withNotes({ ...base.state, exchanges: base.state.exchanges.slice(drop) }, [note]), note };
}

function result(base: Fitted, drop: number, why: Msg): Fitted {
  const { state, note } = candidate(base, drop, why);
  return { state, leftOut: note ? [...base.leftOut, note] : base.leftOut, droppedOldest: drop };
}

/** Fits `state` for a reader: `fits` says whether a state is within the writer's budget; `why` names that budget. */
export function fitForReader(state: ShareState, fits: (s: ShareState) => boolean, why: Msg): Fitted {
  const base = readable(state);
  const search = fewestToDrop(base.state.exchanges.length);
  let step = search.next();
  while (!step.done) step = search.next(fits(candidate(base, step.value, why).state));
  return result(base, step.value, why);
}

/** The same, for a budget measured asynchronously (a link's DEFLATE). */
export async function fitForReaderAsync(
  state: ShareState,
  fits: (s: ShareState) => Promise<boolean>,
  why: Msg,
): Promise<Fitted> {
  const base = readable(state);
  const search = fewestToDrop(base.state.exchanges.length);
  let step = search.next();
  while (!step.done) step = search.next(await fits(candidate(base, step.value, why).state));
  return result(base, step.value, why);
}
