// `npm run cli -- task …` against the real tasks demo server, as a user runs it.
import { describe, expect, it } from "vitest";
import { runCliSync } from "../../helpers/cli";
import { tsFixtureArgs } from "../../helpers/ts-fixtures";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DIR = mkdtempSync(path.join(tmpdir(), "tasks-cli-"));
const YES = path.join(DIR, "yes.json");
writeFileSync(YES, JSON.stringify({ confirm: { action: "accept", content: { confirmed: true } } }));

const cli = (args: string[]) => runCliSync(args, 90_000);
/** `task` against the embedded tasks server (`extra` picks the transport) with `tool` and the flags after it. */
const task = (extra: string[], tool: string, ...flags: string[]) =>
  cli(["task", "--demo", "tasks", ...extra, "--tool", tool, ...flags]);

describe("task", () => {
  it.each([[[] as string[]], [["--http"]]])(
    "follows confirm_booking to completed and prints the --json report (%o)",
    (extra) => {
      const r = task(extra, "confirm_booking", "--arguments", '{"room":"Lab 3"}', "--answers", YES, "--json");
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report).toMatchObject({
        outcome: "completed",
        pollIntervalMs: 500,
        states: ["working", "input_required", "working", "completed"],
        answeredKeys: ["confirm"],
      });
      expect(report.taskId).toMatch(/^tsk1\./);
      expect(report.polls.length).toBeGreaterThanOrEqual(3);
      expect(
        report.polls.every(
          (p: { atMs: number; status: string }) => typeof p.atMs === "number" && typeof p.status === "string",
        ),
      ).toBe(true);
      expect(report.frames.map((f: { method: string }) => f.method).filter((m: string) => m !== "tasks/get")).toEqual([
        "tools/call",
        "tasks/update",
      ]);
      expect(report.result).toMatchObject({ isError: false, structuredContent: { room: "Lab 3", booked: true } });
      const get = report.frames.find((f: { method: string }) => f.method === "tasks/get");
      if (extra.length) expect(get.headers).toContainEqual(["Mcp-Name", report.taskId]);
      else expect(get.headers).toBeUndefined();
    },
  );

  it("prints each state change with why it moved, and exits 1 when the task failed", () => {
    const r = task([], "flaky_export");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /working → failed {2}Failed with a JSON-RPC error -32603: Export backend unavailable \(simulated failure\)\./,
    );
  });

  it("stops with exit 1 when --answers has nothing for the input the task asks", () => {
    const r = task([], "confirm_booking");
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split("\n").at(-1)).toBe(
      "missing-answer: no answer for confirm (give it in --answers, keyed like inputRequests)",
    );
  });

  it.each([[[] as string[]], [["--http"]]])(
    "--push follows confirm_booking by notifications/tasks on subscriptions/listen with taskIds (%o)",
    (extra) => {
      const r = task(extra, "confirm_booking", "--answers", YES, "--push", "--json");
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report).toMatchObject({
        outcome: "completed",
        states: ["working", "input_required", "working", "completed"],
        answeredKeys: ["confirm"],
        push: { state: "ended" },
      });
      // Every move after the creation came by push; polls slowed to the safety net (a handful at most, not one per 500 ms).
      expect(report.moves.slice(1).map((m: { via: string }) => m.via)).toEqual(["push", "push", "push"]);
      expect(report.push.notifications).toBeGreaterThanOrEqual(3);
      expect(report.polls.length).toBeLessThanOrEqual(3);
      expect(
        report.frames
          .filter((f: { via: string }) => f.via === "push")
          .every((f: { method: string }) => f.method === "notifications/tasks"),
      ).toBe(true);
    },
  );

  it("--push against a server that does not push tasks says so in one line and follows the task by polling", () => {
    const r = cli([
      "task",
      "--stdio",
      ["node", ...tsFixtureArgs("tasks-no-push-stdio")].join(" "),
      "--tool",
      "slow_report",
      "--push",
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toContain(
      "push: the server acknowledged subscriptions/listen, but its notifications.taskIds leaves this task out: it does not push it; following by polling tasks/get",
    );
    expect(lines.find((l) => l.includes("→ completed"))).toContain("inline in tasks/get");
    expect(lines.at(-1)).toMatch(/^completed: /);
  });

  it("refuses bad flags with exit 2 and a specific message", () => {
    expect(cli(["task", "--demo", "tasks"]).stderr).toContain("name the tool: --tool <name>");
    const bad = task([], "slow_report", "--poll-ms", "5");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--poll-ms must be a whole number from 250 to 60000");
  });
});
