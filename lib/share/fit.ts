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
import { SHARE_LIMITS } from "./limits";
import type { ShareState } from "./state";
import { toPayloadV1 } from "./v1";
import { PayloadExchangeSchema, PayloadV1Schema, type PayloadV1 } from "./v1-schema";

export interface Fitted {
  state: ShareState;
  /** The state's v1 payload (toPayloadV1), made once: each exchange compacts on its own, so fitting only slices it. */
  payload: PayloadV1;
  /** What was left out, as the state's `omitted` now also says it (in English). */
  leftOut: Msg[];
  /** How many of the oldest exchanges were left out for the budget (0 when all fit). */
  droppedOldest: number;
}

/** A state whose own fields (not an exchange) its reader would refuse: nothing can be left out to fix it. */
export class UnreadableState extends Error {}

function reasonOf(issues: Parameters<typeof firstIssue>[0], where: string): string {
  const { path, message, more } = firstIssue(issues);
  return `${path ? `the field ${path}` : where} is invalid: ${message}${more}`;
}

/**
 * The list a payload carries of what was left out, within what its reader takes (SHARE_LIMITS.maxMapEntries lines):
 * past that, the last line says how many more there were (the writer's page lists them all). A session of hundreds
 * of exchanges, each with a credential header left out, has a line for each.
 */
function boundedList(lines: string[]): string[] {
  const max = SHARE_LIMITS.maxMapEntries;
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), say(msg("share.omit.more", { count: lines.length - max + 1 }))];
}

/**
 * `base` with only the exchanges `keep` keeps, and its list of what was left out: the writer's own lines first (so a
 * bounded list never cuts them), then the state's (the secrets).
 */
function shaped(base: { state: ShareState; payload: PayloadV1 }, keep: (i: number) => boolean, notes: Msg[]) {
  const exchanges = base.state.exchanges.filter((_, i) => keep(i));
  const compact = (base.payload.exchanges ?? []).filter((_, i) => keep(i));
  const omitted = boundedList([...new Set([...notes.map((m) => say(m)), ...base.state.omitted])]);
  const payload: PayloadV1 = { ...base.payload, exchanges: compact, omitted };
  if (compact.length === 0) delete payload.exchanges;
  if (omitted.length === 0) delete payload.omitted;
  return { state: { ...base.state, exchanges, omitted }, payload };
}

/**
 * Step 1: the exchanges the reader's schema refuses, left out by number with its reason. A state whose other fields
 * the reader refuses (an editor text over 1,000,000 characters) throws UnreadableState: a writer says so rather
 * than write what cannot be opened.
 */
function readable(state: ShareState): {
  whole: { state: ShareState; payload: PayloadV1 };
  refused: Set<number>;
  leftOut: Msg[];
} {
  const whole = { state, payload: toPayloadV1(state) };
  const { exchanges: _exchanges, ...head } = shaped(whole, () => false, []).payload;
  void _exchanges;
  const top = PayloadV1Schema.safeParse(head);
  if (!top.success) throw new UnreadableState(reasonOf(top.error.issues, "the state"));
  const leftOut: Msg[] = [];
  const total = state.exchanges.length;
  const refused = new Set<number>();
  (whole.payload.exchanges ?? []).forEach((compact, i) => {
    const checked = PayloadExchangeSchema.safeParse(compact);
    if (checked.success) return;
    leftOut.push(
      msg("share.omit.refused", { n: i + 1, total, reason: reasonOf(checked.error.issues, "the exchange") }),
    );
    refused.add(i);
  });
  return { whole, refused, leftOut };
}

/** The note for leaving out the oldest exchanges (their indexes, of `total`), and why (the budget, in the writer's words). */
function oldestNote(indexes: number[], total: number, why: Msg): Msg {
  return msg("share.omit.oldest", {
    count: indexes.length,
    first: indexes[0] + 1,
    last: indexes.at(-1)! + 1,
    total,
    why,
  });
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

/**
 * The candidates of one search, each made once (a writer may memoize its measure by the payload object): `drop` is how
 * many of the oldest readable exchanges are left out.
 */
function candidates(state: ShareState, why: Msg): { count: number; of: (drop: number) => Fitted } {
  const { whole, refused, leftOut } = readable(state);
  const readableIndexes = state.exchanges.map((_, i) => i).filter((i) => !refused.has(i));
  const made = new Map<number, Fitted>();
  const of = (drop: number): Fitted => {
    let c = made.get(drop);
    if (!c) {
      const notes =
        drop === 0 ? leftOut : [...leftOut, oldestNote(readableIndexes.slice(0, drop), state.exchanges.length, why)];
      const kept = new Set(readableIndexes.slice(drop));
      c = { ...shaped(whole, (i) => kept.has(i), notes), leftOut: notes, droppedOldest: drop };
      made.set(drop, c);
    }
    return c;
  };
  return { count: readableIndexes.length, of };
}

/** Fits `state` for a reader: `fits` says whether a payload is within the writer's budget; `why` names that budget. */
export function fitForReader(state: ShareState, fits: (p: PayloadV1) => boolean, why: Msg): Fitted {
  const candidate = candidates(state, why);
  const search = fewestToDrop(candidate.count);
  let step = search.next();
  while (!step.done) step = search.next(fits(candidate.of(step.value).payload));
  return candidate.of(step.value);
}

/** The same, for a budget measured asynchronously (a link's DEFLATE). */
export async function fitForReaderAsync(
  state: ShareState,
  fits: (p: PayloadV1) => Promise<boolean>,
  why: Msg,
): Promise<Fitted> {
  const candidate = candidates(state, why);
  const search = fewestToDrop(candidate.count);
  let step = search.next();
  while (!step.done) step = search.next(await fits(candidate.of(step.value).payload));
  return candidate.of(step.value);
}
