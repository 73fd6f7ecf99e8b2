import { afterAll, describe, expect, it } from "vitest";
import { exitCodeOf, toCliJson } from "@/lib/checks/report";
import { complaints, noProcessLeft, runFixture } from "./run-suite";

describe("a modern server with a broken server/discover is still checked", () => {
  for (const transport of ["http", "stdio"] as const) {
    it(`over ${transport}: the discovery checks fail with the reason, the rest run with the envelope, and the exit code says a MUST failed`, async () => {
      const report = await runFixture(transport, "discover-missing");
      expect(report.era).toBe("modern");
      expect(report.discoveryFailure).toMatch(/-32601/);
      expect(report.probe.reason).toMatch(
        /tools\/list with the 2026-07-28 envelope answered .*a modern server with broken discovery/,
      );
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId.C01.status).toBe("fail");
      expect(byId.C01.detail).toMatch(/server\/discover answered .*-32601/);
      // Checks that need discover's answer could not run: skipped, but kept in the score.
      expect(byId.C02).toMatchObject({ status: "skip", blocked: true });
      // The rest ran against the capabilities the lists revealed.
      for (const id of ["C13", "C14", "C18", "C20"]) expect(byId[id].status, `${id}: ${byId[id].detail}`).toBe("pass");
      expect(complaints(report)).toEqual([expect.stringMatching(/^C01 fail/)]);
      expect(report.score).toBeLessThan(100);
      expect(report.score).toBeGreaterThan(50);
      expect(toCliJson(report)).toMatchObject({
        era: "modern",
        discoveryFailure: report.discoveryFailure,
        score: report.score,
      });
      expect(exitCodeOf(report)).toBe(1);
    }, 60_000);
  }
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
