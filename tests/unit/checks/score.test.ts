import { describe, expect, it } from "vitest";
import { scoreOf, reportScore } from "@/lib/checks/score";
import type { Level, Status } from "@/lib/checks/types";

type Row = [Level, Status] | [Level, "skip", "blocked"];
const rows = (...r: Row[]) =>
  r.map(([level, status, blocked]) => ({ level, status, ...(blocked ? { blocked: true } : {}) }));

describe("the score: 100 × Σ weight × credit / Σ weight (MUST 10, SHOULD 3, MAY 1; pass 1, warn ½, fail 0)", () => {
  const table: { name: string; results: ReturnType<typeof rows>; score: number }[] = [
    { name: "everything passes", results: rows(["MUST", "pass"], ["SHOULD", "pass"], ["MAY", "pass"]), score: 100 },
    {
      name: "one MUST fails of one MUST and one SHOULD: the MUST carries most of the weight",
      results: rows(["MUST", "fail"], ["SHOULD", "pass"]),
      score: 23,
    },
    {
      name: "one SHOULD fails of one MUST and one SHOULD: a little",
      results: rows(["MUST", "pass"], ["SHOULD", "fail"]),
      score: 76,
    },
    { name: "a MAY failing costs least", results: rows(["MUST", "pass"], ["MAY", "fail"]), score: 90 },
    { name: "a warning earns half its weight", results: rows(["MUST", "warn"], ["MUST", "pass"]), score: 75 },
    {
      name: "a check that does not apply leaves the denominator",
      results: rows(["MUST", "pass"], ["MUST", "skip"]),
      score: 100,
    },
    {
      name: "a check that could not run stays in the denominator and earns nothing",
      results: rows(["MUST", "pass"], ["MUST", "skip", "blocked"]),
      score: 50,
    },
    {
      name: "nothing applies (an empty selection): 100, nothing was wrong",
      results: rows(["MUST", "skip"]),
      score: 100,
    },
    {
      name: "a check that applies but is not testable (nothing optional to test with) is no failure",
      results: rows(["MUST", "pass"], ["MUST", "not-testable"]),
      score: 100,
    },
    {
      name: "a near miss is not rounded up to 100",
      results: rows(...Array.from({ length: 400 }, (): Row => ["MUST", "pass"]), ["MAY", "fail"]),
      score: 99,
    },
  ];
  for (const { name, results, score } of table) it(`${name} → ${score}`, () => expect(scoreOf(results)).toBe(score));

  it("an unreachable target ran no check: 0; a legacy one is scored over the checks of its era", () => {
    expect(reportScore({ era: "legacy", checks: rows(["MUST", "pass"], ["SHOULD", "fail"]) as never })).toBe(76);
    expect(reportScore({ era: "unreachable", checks: [] })).toBe(0);
    expect(reportScore({ era: "modern", checks: [] })).toBe(100);
  });
});
