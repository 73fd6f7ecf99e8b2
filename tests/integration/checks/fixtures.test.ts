// The checks' fixture server: conformant, it passes every check; with one violation, exactly that check fails. The
// matrix of violations is dealt across this file and fixtures-2/-3.test.ts, which run side by side.
import { describe, expect, it } from "vitest";
import { describeMatrixPart } from "./fixture-matrix";
import { complaints, runFixture } from "./run-suite";

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

describeMatrixPart(0);
