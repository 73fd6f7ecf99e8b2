/**
 * Following nextCursor: the one pager for every list the playground reads page by page (the token bill's
 * catalogue, the checks, the cache audit, the CLI's Mcp-Param-* lookup, the Apps listing). A string cursor, the
 * empty string included, asks for the next page (pagination: the cursor is opaque); anything else ends the list.
 * The caller fetches a page and says what its cursor is; the pager decides whether to go on. Pure.
 */

export interface PagingRules {
  /** A server that keeps handing out cursors is stopped after this many pages. */
  maxPages: number;
  /** Client emulation: the first page is the list (nextCursor is not followed). */
  firstPageOnly?: boolean;
  /** "stop" (default): a cursor seen before ends the list (it would loop); "follow": the caller judges loops. */
  repeats?: "stop" | "follow";
}

/** What a fetched page says: its value, and its nextCursor as received (or `stop` when the caller is done). */
export type PageRead<T> = { page: T; next: unknown } | { stop: true; page?: T };

export type PagingEnd =
  /** The last page had no cursor (or the first page was all the emulated client reads). */
  | { kind: "end" }
  /** The caller stopped (a failed page, or it found what it looked for). */
  | { kind: "stopped" }
  /** Still a cursor after maxPages pages. */
  | { kind: "page-limit"; pages: number }
  | { kind: "repeated-cursor"; cursor: string }
  /** The nextCursor was neither absent nor a string (null counts as absent). */
  | { kind: "bad-cursor"; value: unknown };

export async function followCursors<T>(
  read: (cursor: string | undefined, index: number) => Promise<PageRead<T>>,
  rules: PagingRules,
): Promise<{ pages: T[]; end: PagingEnd }> {
  const pages: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const got = await read(cursor, pages.length);
    if ("stop" in got) {
      if (got.page !== undefined) pages.push(got.page);
      return { pages, end: { kind: "stopped" } };
    }
    pages.push(got.page);
    const { next } = got;
    if (rules.firstPageOnly || next === undefined || next === null) return { pages, end: { kind: "end" } };
    if (typeof next !== "string") return { pages, end: { kind: "bad-cursor", value: next } };
    if (seen.has(next) && rules.repeats !== "follow") return { pages, end: { kind: "repeated-cursor", cursor: next } };
    if (pages.length >= rules.maxPages) return { pages, end: { kind: "page-limit", pages: pages.length } };
    seen.add(next);
    cursor = next;
  }
}
