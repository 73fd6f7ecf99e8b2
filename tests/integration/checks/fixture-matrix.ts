// The fixture matrix lives beside the table it documents (lib/checks/doc.ts); the matrix test runs every row.
import { afterAll, describe, expect, it } from "vitest";
import { MATRIX } from "@/lib/checks/doc";
import { complaints, noProcessLeft, runFixture } from "./run-suite";

export { MATRIX, type MatrixRow } from "@/lib/checks/doc";

/** How many files the matrix is dealt across (fixtures.test.ts, fixtures-2 and -3): they run side by side. */
export const MATRIX_FILES = 3;

/**
 * Row k, k + MATRIX_FILES, … of the matrix as tests (file `part` of MATRIX_FILES, from 0): each violating fixture makes
 * exactly its own check fail. Every row runs in exactly one file (tests/unit/checks/matrix-files.test.ts).
 */
export function describeMatrixPart(part: number): void {
  describe("each violating fixture makes exactly its own check fail (a check that cannot fail is a defect)", () => {
    for (const row of MATRIX.filter((_, i) => i % MATRIX_FILES === part)) {
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
}
