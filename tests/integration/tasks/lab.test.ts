// The same long call on the 2025-11-25 task wire and on the 2026 extension, side by side in the lab, with the wire diff.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { runLab } from "@/lib/node/lab/run";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";

afterAll(() => shutdownAll());

describe("lab: tasks on both wires", () => {
  it("the extension column polls with the result inline; the legacy column uses params.task, ttl/pollInterval, tasks/result and tasks/list; the diff names each", async () => {
    execFileSync(process.execPath, ["scripts/build-servers.mjs"], { stdio: "ignore" });
    const script = BUILT_IN_SCRIPTS.find((s) => s.id === "tasks-two-wires")!;
    const report = await runLab({ script: script.script, conditions: script.conditions }, {});
    const [modern, legacy] = report.columns;
    expect(modern.run!.steps.map((s) => s.summary)).toEqual([
      "task working: Step 1 of 3: gathering sources",
      expect.stringMatching(/^task working: Step \d of 3/),
      "task completed: Report ready after 3 steps, result inline",
      expect.stringMatching(/^error -32601 /),
    ]);
    expect(legacy.run!.steps.map((s) => s.stepId)).toEqual([
      "initialize",
      "initialized",
      "create",
      "poll",
      "result",
      "list",
    ]);
    expect(legacy.run!.steps.find((s) => s.stepId === "create")!.summary).toBe(
      "task working: Step 1 of 3: gathering sources",
    );
    expect(legacy.run!.steps.find((s) => s.stepId === "result")!.summary).toBe(
      "complete: Quarterly report: 3 sections, 1,284 rows summarised, 3 regions compared.",
    );
    expect(legacy.run!.steps.find((s) => s.stepId === "list")!.summary).toMatch(
      /^complete: \d+ tasks? listed \(tasks\/list, 2025-11-25 only\)$/,
    );
    const row = (id: string) => report.wire!.rows.find((r) => r.left?.stepId === id)!.differences;
    expect(row("create")).toEqual(
      expect.arrayContaining(["envelope: _meta 2026-07-28 vs no _meta", "params: only right task"]),
    );
    expect(row("create").find((d) => d.startsWith("result fields"))).toContain("only right task, task.createdAt");
    expect(row("poll").find((d) => d.startsWith("result fields"))).toBe(
      "result fields: only left pollIntervalMs, resultType, ttlMs; only right pollInterval, ttl",
    );
    expect(row("result")).toContain("method: tasks/get vs tasks/result");
  });
});
