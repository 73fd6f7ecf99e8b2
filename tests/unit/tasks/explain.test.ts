// Every task field and method explained: the tasks/get result (a DetailedTask) and the empty acks of
// tasks/update and tasks/cancel, on the real frames of the tasks demo server.
import { describe, expect, it } from "vitest";
import { explainFrame } from "@/lib/explain";

const res = (result: Record<string, unknown>) => ({ jsonrpc: "2.0", id: 1, result });
const task = {
  taskId: "tsk1.x",
  status: "completed",
  statusMessage: "Booked",
  createdAt: "2026-09-10T08:00:00Z",
  lastUpdatedAt: "2026-09-10T08:00:02Z",
  ttlMs: 600000,
  pollIntervalMs: 500,
  result: { content: [], isError: false },
};

describe("explaining the task wire", () => {
  it("annotates every field of a tasks/get result and names a misspelt one", () => {
    const notes = explainFrame(res({ resultType: "complete", ...task, statusMesage: "typo" }), {
      direction: "received",
      requestMethod: "tasks/get",
    });
    for (const key of Object.keys(task))
      expect(
        notes.some((a) => a.path === `result.${key}` && a.level === "info"),
        key,
      ).toBe(true);
    expect(notes.find((a) => a.path === "result.statusMesage")).toMatchObject({ level: "error" });
    expect(notes.find((a) => a.path === "result.statusMesage")?.text).toContain('did you mean "statusMessage"');
  });

  it("tasks/cancel is acknowledged with an empty result: a task in the ack (the 2025 shape) is named as not defined there", () => {
    const clean = explainFrame(res({ resultType: "complete" }), {
      direction: "received",
      requestMethod: "tasks/cancel",
    });
    expect(clean.filter((a) => a.level === "error")).toEqual([]);
    const legacy = explainFrame(res({ resultType: "complete", taskId: "t", status: "cancelled" }), {
      direction: "received",
      requestMethod: "tasks/cancel",
    });
    for (const key of ["taskId", "status"])
      expect(legacy.find((a) => a.path === `result.${key}`)?.text).toBe(
        `"${key}" is not defined for the tasks/cancel result in 2026-07-28; receivers ignore keys they do not know.`,
      );
  });
});
