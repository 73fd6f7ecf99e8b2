import { afterAll, describe, expect, it } from "vitest";
import { MATRIX } from "./fixture-matrix";
import { complaints, noProcessLeft, runFixture } from "./run-suite";

describe("the conformant fixture passes every check it can be judged on", () => {
  for (const transport of ["stdio", "http"] as const) {
    it(`over ${transport}: no check fails or warns`, async () => {
      const report = await runFixture(transport);
      expect(report.era).toBe("modern");
      expect(complaints(report)).toEqual([]);
      expect(report.passed).toBeGreaterThanOrEqual(transport === "stdio" ? 40 : 50);
    });
  }
});

describe("each violating fixture makes exactly its own check fail (a check that cannot fail is a defect)", () => {
  for (const row of MATRIX) {
    it(`${row.id} over ${row.transport}: only ${row.id} ${row.expect === "fail" ? "fails" : "warns"}`, async () => {
      const report = await runFixture(row.transport, row.id);
      const own = report.checks.find((c) => c.id === row.id);
      expect(own?.status, own?.detail).toBe(row.expect);
      expect(own?.evidence.length).toBeGreaterThan(0);
      expect(complaints(report)).toEqual([expect.stringMatching(new RegExp(`^${row.id} `))]);
    }, 60_000);
  }
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
