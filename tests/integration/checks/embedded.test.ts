import { afterAll, describe, expect, it } from "vitest";
import { exitCodeOf } from "@/lib/checks/report";
import { FAST, noProcessLeft, runOn, runOnDemoHttp, runOnDemoProcess } from "./run-suite";

const mustFailures = (report: Awaited<ReturnType<typeof runOn>>) =>
  report.checks.filter((c) => c.level === "MUST" && c.status === "fail");
/**
 * What the calendar may be told besides passes and skips, because the MRTR chapter's own trace requires it:
 * C22 — create_event's content is the one sentence the chapter shows ("Created e3: …"), not also the JSON mirror
 * (tests/integration/cache/calendar-hints.test.ts pins that trace); C31 — the plain calendar's requestState is
 * deliberately unsigned for the chapter's "tamper" step (calendar-hardened is the fixed one).
 */
const CHAPTER_WARNINGS = ["C22 fail", "C31 warn"];
const notPassed = (report: Awaited<ReturnType<typeof runOn>>) =>
  report.checks.filter((c) => c.status === "fail" || c.status === "warn").map((c) => `${c.id} ${c.status}`);

describe("the embedded calendar is held to every check, SHOULDs included", () => {
  it("over Streamable HTTP (the app's /api/demo/calendar handler, Origin guard included): nothing fails", async () => {
    const report = await runOnDemoHttp("calendar", { ...FAST, toolCalls: "all" });
    expect(report.era).toBe("modern");
    expect(mustFailures(report).map((c) => `${c.id}: ${c.detail}`)).toEqual([]);
    // SHOULDs included: an invalid cursor is rejected with -32602 (C18).
    expect(notPassed(report)).toEqual(CHAPTER_WARNINGS);
    // The MRTR checks really ran: create_event answers input_required without startsAt.
    expect(report.checks.find((c) => c.id === "C28")?.status).toBe("pass");
    expect(exitCodeOf(report)).toBe(0);
  });

  it("over stdio: nothing fails (lib/node/demo-servers/serve-stdio.ts checks the version of every request, which serveStdio alone does not)", async () => {
    const report = await runOnDemoProcess("calendar", "stdio", { ...FAST, toolCalls: "all" });
    expect(report.era).toBe("modern");
    const failed = mustFailures(report);
    expect(failed.map((c) => c.id)).toEqual([]);
    expect(notPassed(report)).toEqual(CHAPTER_WARNINGS);
  });
});

describe("the calendar (dual-era) with the client pinned to 2025-11-25 (check --pin-version 2025-11-25)", () => {
  it("its legacy path is judged, and the era report says a 2026-07-28 client uses it: no 'cannot use', no ambiguity warning, no advice to implement what it serves", async () => {
    const report = await runOnDemoHttp("calendar", { ...FAST, only: ["C66"], emulate: { pinVersion: "2025-11-25" } });
    expect(report.era).toBe("legacy");
    const er = report.eraReport!;
    expect(er.modernClientSees).toMatch(/server\/discover answered a result \(supported: 2026-07-28/);
    expect(er.modernClientSees).not.toMatch(/cannot use this server/);
    expect(er.ambiguity.status).toBe("pass");
    expect(er.advice).toMatch(/without --pin-version/);
  });
});

describe("a resource that needs input the run did not declare", () => {
  it("C15 on mrtr-scenarios: vault://note answering -32021 (elicitation not declared) is not a failed read, and no complete read is left to judge", async () => {
    const report = await runOnDemoHttp("mrtr-scenarios", { ...FAST, only: ["C15"] });
    const c15 = report.checks.find((c) => c.id === "C15");
    expect(c15?.status).toBe("skip");
    expect(c15?.detail).toContain("vault://note");
    expect(c15?.detail).toContain("-32021");
  });
});

describe("server-everything (legacy) gets an era report beside the verdicts of its revision", () => {
  it("over stdio: legacy 2025-11-25, -32601 to server/discover, the era-ambiguity warning, and an unknown tool answered as isError (C19)", async () => {
    const report = await runOnDemoProcess("everything", "stdio");
    expect(report.era).toBe("legacy");
    expect(report.eraReport?.revision).toBe("2025-11-25");
    expect(report.eraReport?.modernClientSees).toContain("-32601");
    expect(report.eraReport?.ambiguity.status).toBe("warn");
    expect(report.checks.find((c) => c.id === "C19")?.status).toBe("fail");
    expect(report.checks.find((c) => c.id === "C68")?.status).toBe("pass");
    expect(report.score).toBeGreaterThan(0);
    expect(exitCodeOf(report)).toBe(0);
  });

  it("over Streamable HTTP: legacy, and no ambiguity (it refuses requests without a session)", async () => {
    const report = await runOnDemoProcess("everything", "http");
    expect(report.era).toBe("legacy");
    expect(report.eraReport?.modernClientSees).toContain("HTTP 400");
    expect(report.eraReport?.ambiguity.status).toBe("pass");
    // It accepts a request a DNS-rebinding page sends: a failed MUST, with the fix.
    const rebinding = report.checks.find((c) => c.id === "C73");
    expect(rebinding).toMatchObject({ status: "fail", level: "MUST" });
    expect(rebinding?.detail).toMatch(/evil\.example\.com got HTTP 200 .*validate Host and Origin/);
    expect(exitCodeOf(report)).toBe(1);
  }, 60_000);
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
