import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LEGACY_MATRIX } from "@/lib/checks/doc";
import { exitCodeOf } from "@/lib/checks/report";
import type { CheckReport } from "@/lib/checks/types";
import { startLegacyHttp } from "@/tests/fixtures/checks/legacy.mjs";
import { ROOT, complaints, fixtureStdio, noProcessLeft, runOnFixture } from "./run-suite";

const LEGACY = path.join(ROOT, "tests", "fixtures", "checks", "legacy.mjs");

function runLegacy(transport: "stdio" | "http", violation?: string): Promise<CheckReport> {
  return runOnFixture({ stdio: (v) => fixtureStdio(v, LEGACY), startHttp: startLegacyHttp }, transport, violation);
}

describe("a legacy (2025-11-25) server is judged on the rules of its revision, beside the era report", () => {
  for (const transport of ["stdio", "http"] as const) {
    it(`over ${transport}: the conformant legacy fixture passes them all, with a real score and exit code 0`, async () => {
      const report = await runLegacy(transport);
      expect(report.era).toBe("legacy");
      expect(report.eraReport?.revision).toBe("2025-11-25");
      expect(complaints(report)).toEqual([]);
      // ping (C79) and, over HTTP, the primed SSE stream of tools/call (C80) were judged, not skipped.
      for (const id of transport === "http" ? ["C79", "C80"] : ["C79"])
        expect(report.checks.find((c) => c.id === id)?.status, id).toBe("pass");
      expect(
        report.checks.every((c) => c.specUrl.startsWith("https://modelcontextprotocol.io/specification/2025-11-25/")),
      ).toBe(true);
      expect(report.score).toBe(100);
      expect(report.coverage.applied).toBeGreaterThanOrEqual(transport === "http" ? 16 : 11);
      expect(exitCodeOf(report)).toBe(0);
    }, 60_000);
  }
});

describe("each violating legacy fixture makes exactly its own check fail", () => {
  for (const row of LEGACY_MATRIX) {
    it(`${row.id} over ${row.transport}: only ${row.id} fails`, async () => {
      const report = await runLegacy(row.transport, row.id);
      const own = report.checks.find((c) => c.id === row.id);
      expect(own?.status, own?.detail).toBe(row.expect);
      expect(own?.frames?.length).toBeGreaterThan(0);
      expect(complaints(report)).toEqual([expect.stringMatching(new RegExp(`^${row.id} `))]);
    }, 60_000);
  }
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
