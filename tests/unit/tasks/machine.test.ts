import { describe, expect, it } from "vitest";
import { formatRemaining, isLegalMove, MIN_POLL_MS, pollDelay, readTask, ttlRemainingMs, whyMoved } from "@/lib/tasks";

const base = { taskId: "t1", createdAt: "2026-09-10T08:00:00Z", lastUpdatedAt: "2026-09-10T08:00:00Z", ttlMs: 60000 };

describe("the task state machine", () => {
  it("allows working ↔ input_required and either into a terminal state, nothing out of a terminal state", () => {
    expect(isLegalMove("working", "input_required")).toBe(true);
    expect(isLegalMove("input_required", "working")).toBe(true);
    for (const end of ["completed", "failed", "cancelled"] as const) {
      expect(isLegalMove("working", end)).toBe(true);
      expect(isLegalMove("input_required", end)).toBe(true);
      expect(isLegalMove(end, "working")).toBe(false);
    }
    expect(isLegalMove("completed", "failed")).toBe(false);
    expect(isLegalMove(null, "working")).toBe(true);
  });

  it("says why a task moved: input through tasks/update not a retry, failed with the JSON-RPC error, isError still completed", () => {
    const asking = readTask({
      ...base,
      status: "input_required",
      inputRequests: { confirm: { method: "elicitation/create", params: {} } },
    });
    expect(asking.ok && whyMoved("working", asking.task, "poll")).toContain("answered with tasks/update (not a retry)");
    const failed = readTask({ ...base, status: "failed", error: { code: -32603, message: "boom" } });
    expect(failed.ok && whyMoved("working", failed.task, "poll")).toContain("JSON-RPC error -32603: boom");
    const toolError = readTask({ ...base, status: "completed", result: { content: [], isError: true } });
    expect(toolError.ok && whyMoved("working", toolError.task, "poll")).toContain("isError: true, is still completed");
    const back = readTask({ ...base, status: "working", statusMessage: "Booking" });
    expect(back.ok && whyMoved("input_required", back.task, "poll")).toBe(
      "Back to work: the server took the answer sent with tasks/update. Server says: “Booking”.",
    );
  });

  it("reads the 2026 and the 2025 shapes and names every broken rule", () => {
    const modern = readTask({ ...base, status: "completed" });
    expect(modern.problems).toEqual(["a completed task carries its result inline (result)"]);
    const legacy = readTask(
      { taskId: "t", status: "working", createdAt: base.createdAt, ttl: 5000, pollInterval: 250 },
      "legacy",
    );
    expect(legacy.ok && legacy.task).toMatchObject({ ttlMs: 5000, pollIntervalMs: 250 });
    expect(readTask({ taskId: "t", status: "done", createdAt: "yesterday" }).problems).toEqual([
      'status "done" is not one of working, input_required, completed, failed, cancelled',
      "createdAt must be an ISO 8601 timestamp",
      "ttlMs is required (a number, or null for unlimited)",
      "lastUpdatedAt must be an ISO 8601 timestamp",
    ]);
  });
});

describe("the polling schedule", () => {
  it("honours the server's pollIntervalMs, the user's override, and bounds both below at the floor", () => {
    expect(pollDelay(500)).toEqual({ delayMs: 500, source: "server" });
    expect(pollDelay(500, 2000)).toEqual({ delayMs: 2000, source: "override" });
    expect(pollDelay(500, 10)).toEqual({ delayMs: MIN_POLL_MS, source: "override", boundedFrom: 10 });
    expect(pollDelay(1)).toEqual({ delayMs: MIN_POLL_MS, source: "server", boundedFrom: 1 });
    expect(pollDelay(undefined)).toEqual({ delayMs: 1000, source: "default" });
  });

  it("counts the ttl down from createdAt + ttlMs on the injected clock", () => {
    const created = Date.parse(base.createdAt);
    expect(ttlRemainingMs(base, created + 15_000)).toBe(45_000);
    expect(formatRemaining(ttlRemainingMs(base, created + 15_000))).toBe("45 s");
    expect(formatRemaining(ttlRemainingMs({ ...base, ttlMs: 600_000 }, created + 1000))).toBe("9 m 59 s");
    expect(formatRemaining(ttlRemainingMs(base, created + 61_000))).toBe("expired");
    expect(formatRemaining(ttlRemainingMs({ ...base, ttlMs: null }, created))).toBe("no time limit (ttlMs null)");
  });
});
