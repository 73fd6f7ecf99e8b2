/** The one nextCursor pager (lib/protocol/paging.ts): where a list ends, and why. */
import { describe, expect, it } from "vitest";
import { followCursors, type PagingRules } from "@/lib/protocol/paging";

/** A server whose page n answers with nextCursors[n] (undefined: the key is left out). */
async function list(nextCursors: unknown[], rules: PagingRules) {
  const asked: (string | undefined)[] = [];
  const out = await followCursors(async (cursor, index) => {
    asked.push(cursor);
    return { page: index, next: nextCursors[index] };
  }, rules);
  return { ...out, asked };
}

describe("following nextCursor", () => {
  it("follows string cursors, the empty string too, until a page has none (null counts as none)", async () => {
    expect(await list(["a", "", undefined], { maxPages: 10 })).toEqual({
      pages: [0, 1, 2],
      end: { kind: "end" },
      asked: [undefined, "a", ""],
    });
    expect((await list(["a", null], { maxPages: 10 })).end).toEqual({ kind: "end" });
  });

  it("an emulated first-page-only client reads one page whatever its cursor says", async () => {
    expect(await list(["a", "b"], { maxPages: 10, firstPageOnly: true })).toMatchObject({
      pages: [0],
      end: { kind: "end" },
    });
  });

  it("stops at the page limit, at a repeated cursor (unless told to follow it) and at a cursor that is not a string", async () => {
    expect(await list(["a", "b", "c"], { maxPages: 2 })).toMatchObject({
      pages: [0, 1],
      end: { kind: "page-limit", pages: 2 },
    });
    expect(await list(["a", "b", "a"], { maxPages: 10 })).toMatchObject({
      pages: [0, 1, 2],
      end: { kind: "repeated-cursor", cursor: "a" },
    });
    expect(await list(["a", "a", "a"], { maxPages: 3, repeats: "follow" })).toMatchObject({
      pages: [0, 1, 2],
      end: { kind: "page-limit", pages: 3 },
    });
    expect(await list([7], { maxPages: 10 })).toMatchObject({ pages: [0], end: { kind: "bad-cursor", value: 7 } });
  });

  it("the caller may stop, keeping the page it stopped on", async () => {
    const out = await followCursors(
      async (_cursor, index) => (index === 1 ? { stop: true, page: "failed" } : { page: "ok", next: "x" + index }),
      { maxPages: 10 },
    );
    expect(out).toEqual({ pages: ["ok", "failed"], end: { kind: "stopped" } });
  });
});
