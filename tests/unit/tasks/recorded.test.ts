import { describe, expect, it } from "vitest";
import { recordedTasks } from "@/lib/tasks";

const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const ex = (
  method: string,
  params: Record<string, unknown>,
  result: Record<string, unknown> | null,
  startedAt: number,
) => ({
  sent: JSON.stringify({ jsonrpc: "2.0", id: startedAt, method, params: { _meta: meta, ...params } }),
  startedAt,
  targetLabel: "tasks (stdio)",
  outcome: result
    ? { kind: "response", frame: { jsonrpc: "2.0", id: startedAt, result } }
    : { kind: "response", frame: { jsonrpc: "2.0", id: startedAt, error: { code: -32602, message: "x" } } },
});
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: "tsk1.A",
  status,
  createdAt: "2026-09-10T08:00:00Z",
  lastUpdatedAt: "2026-09-10T08:00:00Z",
  ttlMs: 600000,
  ...extra,
});

describe("tasks recorded in a session's exchanges (links, session files)", () => {
  it("keeps each task id with its tool and the last state seen, ignoring other traffic and unknown ids", () => {
    const list = recordedTasks([
      ex("tools/list", {}, { tools: [] }, 1),
      ex(
        "tools/call",
        { name: "long_import", arguments: {} },
        { resultType: "task", ...task("working", { statusMessage: "Imported 0 of 6000 rows" }) },
        2,
      ),
      ex(
        "tasks/get",
        { taskId: "tsk1.A" },
        { resultType: "complete", ...task("working", { statusMessage: "Imported 500 of 6000 rows" }) },
        3,
      ),
      ex("tasks/cancel", { taskId: "tsk1.A" }, { resultType: "complete" }, 4),
      ex("tasks/get", { taskId: "tsk1.unknown" }, null, 5),
    ]);
    expect(list).toEqual([
      {
        taskId: "tsk1.A",
        tool: "long_import",
        targetLabel: "tasks (stdio)",
        lastStatus: "working",
        statusMessage: "Imported 500 of 6000 rows",
        lastSeenAt: 4,
        createdAt: "2026-09-10T08:00:00Z",
        ttlMs: 600000,
        cancelSent: true,
        wire: "extension",
      },
    ]);
  });

  it("reads the 2025 CreateTaskResult {task} too", () => {
    const list = recordedTasks([
      ex(
        "tools/call",
        { name: "slow_report", arguments: {}, task: {} },
        { content: [], task: { taskId: "tsk1.B", status: "working", createdAt: "2026-09-10T08:00:00Z", ttl: 60000 } },
        1,
      ),
    ]);
    expect(list[0]).toMatchObject({
      taskId: "tsk1.B",
      tool: "slow_report",
      wire: "legacy",
      ttlMs: 60000,
      lastStatus: "working",
    });
  });
});
