/**
 * Issue 27 bug 6: Diagnose in the page names the page's own control (not the CLI's --timeout), says its verdict
 * once (the summary does not repeat the broken step's sentence), and says when it leaves a hung process to end.
 */
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/protocol/exchange";
import { diagnosisText, leavesHungProcess, PAGE_WORDS, runDoctor } from "@/lib/doctor/ladder";

function timedOut(sendId: string, transport: "stdio" | "http"): Exchange {
  return {
    sendId,
    targetLabel: "node -e …",
    transport,
    timeoutMs: 1000,
    sent: "{}",
    startedAt: 0,
    durationMs: 1000,
    received: [],
    events: [],
    outcome: { kind: "failure", failure: "timeout", message: "no reply within 1000 ms" },
    ...(transport === "stdio" ? { process: { pid: 4242, fresh: true } } : {}),
  } as Exchange;
}

const hung = (transport: "stdio" | "http") => async (_text: string, o: { label: string }) =>
  timedOut(o.label, transport);

describe("the doctor's words in the page", () => {
  it("advises the page's timeout control, not the CLI flag", async () => {
    const d = await runDoctor({ label: "hung", transport: "stdio" }, hung("stdio"), { words: PAGE_WORDS });
    const advice = d.rungs.at(-1)!.advice!;
    expect(advice).not.toMatch(/--timeout/);
    expect(advice).toMatch(/the timeout field above the frame/);
  });

  it("the CLI keeps naming its flag", async () => {
    const d = await runDoctor({ label: "hung", transport: "stdio" }, hung("stdio"));
    expect(d.rungs.at(-1)!.advice).toMatch(/--timeout/);
  });

  it("the verdict is said once: the summary does not repeat the broken step's sentence", async () => {
    const d = await runDoctor({ label: "hung", transport: "stdio" }, hung("stdio"), { words: PAGE_WORDS });
    const detail = d.rungs.at(-1)!.detail;
    expect(d.summary).not.toContain(detail);
    expect(d.summary).toMatch(/^Broken at connect/);
    expect(diagnosisText(d).split(detail)).toHaveLength(2);
  });

  it("a stdio process that never answered is left running: the page ends it (an HTTP endpoint is not the page's to end)", async () => {
    expect(leavesHungProcess(await runDoctor({ label: "hung", transport: "stdio" }, hung("stdio")))).toBe(true);
    expect(leavesHungProcess(await runDoctor({ label: "hung", transport: "http" }, hung("http")))).toBe(false);
  });
});
