import { describe, expect, it } from "vitest";
import { closest, editDistance, editDistanceBelow, typoBudget } from "@/lib/explain/edit-distance";

describe("edit distance (optimal string alignment)", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
    ["protocolVerison", "protocolVersion", 1], // adjacent transposition counts once
    ["argumnets", "arguments", 1],
    ["elicitaton", "elicitation", 1],
    ["jsonrcp", "jsonrpc", 1],
    ["flaw", "lawn", 2],
    ["same", "same", 0],
  ])("distance(%j, %j) = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe("bounded edit distance (the mock's closest recording)", () => {
  const pairs: [string, string][] = [
    ["", ""],
    ["abc", ""],
    ["kitten", "sitting"],
    ["protocolVerison", "protocolVersion"],
    ["flaw", "lawn"],
    ['tools/call {"name":"a"}', 'tools/call {"name":"b","x":1}'],
  ];
  it("equals the edit distance when it is below the bound, and is the bound otherwise", () => {
    for (const [a, b] of pairs) {
      const d = editDistance(a, b);
      for (const bound of [0, 1, 2, 3, 5, 100, Infinity]) {
        expect(editDistanceBelow(a, b, bound)).toBe(Math.min(d, bound));
        expect(editDistanceBelow(b, a, bound)).toBe(Math.min(d, bound));
      }
    }
  });
});

describe("did-you-mean picks the closest known word within the typo budget", () => {
  const keys = ["jsonrpc", "id", "method", "params", "result", "error"];
  it.each([
    ["parms", keys, "params"],
    ["mehtod", keys, "method"],
    ["Result", keys, "result"], // case only
    ["resutl", keys, "result"],
    ["completely-different", keys, undefined],
    ["params", keys, undefined], // already a known key
    ["xyz", ["id"], undefined],
  ])("closest(%j) = %j", (word, candidates, expected) => {
    expect(closest(word as string, candidates as string[])).toBe(expected);
  });

  it("the budget grows with the word: 1 for ≤3 letters, 2 for ≤7, 3 beyond", () => {
    expect([typoBudget("id"), typoBudget("method"), typoBudget("clientCapabilities")]).toEqual([1, 2, 3]);
  });
});

describe("did-you-mean on hostile server text is bounded", () => {
  it("a 2,000,000-character method name is not compared letter by letter with every candidate (no suggestion, at once)", () => {
    const candidates = Array.from({ length: 60 }, (_, i) => `notifications/method-${i}`);
    // Before: 2,000,000 × 24 × 60 cell updates (minutes of one core); a distance never beats the length difference.
    expect(closest("x".repeat(2_000_000), candidates)).toBeUndefined();
  }, 30_000);
});
