import { describe, expect, it } from "vitest";
import { nestsDeeperThan, parseFrameWithin } from "@/lib/protocol/json-depth";

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("nestsDeeperThan: how deeply a JSON text nests, without parsing it", () => {
  it("a text exactly `max` levels deep is not deeper; one more level is", () => {
    expect(nestsDeeperThan(nested(8), 8)).toBe(false);
    expect(nestsDeeperThan(nested(9), 8)).toBe(true);
    expect(nestsDeeperThan(`{"a":${nested(8)}}`, 8)).toBe(true);
  });

  it("brackets inside strings do not count, even when the text has more of them than `max`", () => {
    const manyInStrings = JSON.stringify({ note: "{".repeat(50) + "[".repeat(50), list: ["[", "{", '\\"['] });
    expect(nestsDeeperThan(manyInStrings, 8)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: { b: { c: "[[[[[[[[[[" } } }), 3)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: { b: { c: { d: "[[[[[[[[[[" } } } }), 3)).toBe(true);
  });

  it("many shallow brackets side by side are not depth", () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ i, tags: [i] }))), 3)).toBe(false);
  });

  it("parseFrameWithin keeps a frame nested past the limit as text and parses one within it", () => {
    const deep = `{"jsonrpc":"2.0","id":1,"result":${nested(600)}}`;
    const refused = parseFrameWithin(deep, 512);
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? "" : refused.error).toContain("nests deeper than 512 levels");
    expect(parseFrameWithin(`{"jsonrpc":"2.0","id":1,"result":${nested(500)}}`, 512)).toMatchObject({
      ok: true,
      id: 1,
    });
  });
});
