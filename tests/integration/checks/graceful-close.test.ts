/** C64 judges only a subscription the server ends itself: a graceful end passes, an open stream is skipped. */
import { afterAll, describe, expect, it } from "vitest";
import { complaints, noProcessLeft, runFixture } from "./run-suite";

describe("C64: a listen stream the server ends closes with the tagged complete result", () => {
  it("a server that ends its subscription with {resultType: complete, _meta subscriptionId} passes, and nothing else complains", async () => {
    const report = await runFixture("http", "listen-close");
    expect(report.checks.find((c) => c.id === "C64")).toMatchObject({ status: "pass" });
    expect(complaints(report)).toEqual([]);
  }, 60_000);

  it("a server that keeps the subscription open: nothing to judge (skip, not could-not-run)", async () => {
    const report = await runFixture("http");
    const c64 = report.checks.find((c) => c.id === "C64")!;
    expect(c64.status).toBe("skip");
    expect(c64.blocked).toBeUndefined();
    expect(c64.detail).toMatch(/kept the subscription open/);
  }, 60_000);
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
