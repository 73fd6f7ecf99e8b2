import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { runLab } from "@/lib/node/lab/run";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { livePids, shutdownAll } from "@/lib/node/bridge/stdio";
import { answersSignal as alive } from "./helpers";

const script = (id: string) => BUILT_IN_SCRIPTS.find((s) => s.id === id)!.script;
const seen: number[] = [];
const remember = (pids: (number | undefined)[]) => seen.push(...pids.filter((p): p is number => p !== undefined));

afterAll(async () => {
  await shutdownAll();
});

describe("the chapter's isolation experiment, run for real", () => {
  it("fresh process per message: A answers input_required with the chapter's requestState, B finishes it in another process, C shows 2 events", async () => {
    const report = await runLab({ script: script("chapter-isolation"), conditions: ["stdio-fresh-process"] }, {});
    const run = report.columns[0].run!;
    remember(run.steps.map((s) => s.pid));
    expect(run.steps.map((s) => s.summary)).toEqual([
      "input_required (when) requestState eyJ0aXRsZSI6IkRlbnRpc3QifQ==",
      "complete: Created e3: Dentist at 2026-09-10T08:30:00Z",
      "complete: 2 items",
    ]);
    expect(new Set(run.steps.map((s) => s.pid)).size).toBe(3);
    expect(run.lanes.map((l) => l.lane)).toEqual(["A", "B", "C"]);
    expect(run.verdicts.map((v) => v.outcome)).toEqual(["survived", "lost"]);
    expect(run.verdicts[1].text).toMatch(/^state lost: step C shows 2 entries, step B created e3/);
    for (const s of run.steps) expect(s.spawnToFirstByteMs).toBeGreaterThan(0);
  });

  it("one process for the whole script keeps the event, and the private process is closed after the run", async () => {
    const report = await runLab({ script: script("chapter-isolation"), conditions: ["stdio-one-process"] }, {});
    const run = report.columns[0].run!;
    remember(run.steps.map((s) => s.pid));
    expect(run.lanes).toHaveLength(1);
    expect(run.verdicts.map((v) => v.outcome)).toEqual(["survived", "kept"]);
    expect(livePids()).not.toContain(run.lanes[0].pid);
  });

  it("two HTTP instances behind a round-robin balancer: the continuation survives, the state does not", async () => {
    const report = await runLab(
      { script: script("chapter-isolation"), conditions: ["http-two-instances", "http-one-instance"] },
      {},
    );
    const [two, one] = report.columns;
    remember([...(two.instances ?? []), ...(one.instances ?? [])].map((i) => i.pid));
    expect(two.error).toBeUndefined();
    expect(two.instances).toHaveLength(2);
    expect(two.run!.lanes).toHaveLength(2);
    expect(two.run!.verdicts.map((v) => v.outcome)).toEqual(["survived", "lost"]);
    expect(one.run!.verdicts.map((v) => v.outcome)).toEqual(["survived", "kept"]);
    expect(report.diff.find((r) => r.stepId === "C")?.differs).toBe(true);
  });
});

describe("the explicit-handle fix", () => {
  it("keeps the event even with a fresh process for every message", async () => {
    const report = await runLab({ script: script("explicit-handle"), conditions: ["stdio-fresh-process"] }, {});
    const run = report.columns[0].run!;
    remember(run.steps.map((s) => s.pid));
    expect(new Set(run.steps.map((s) => s.pid)).size).toBe(4);
    expect(run.verdicts.map((v) => v.outcome)).toEqual(["survived", "kept"]);
    expect(run.steps[3].summary).toMatch(/Standup/);
  });
});

describe("modern vs legacy on the dual-era calendar", () => {
  it("the legacy column adds the handshake and drops the envelope; the wire diff says so", async () => {
    const report = await runLab(
      { script: script("era-comparison"), conditions: ["stdio-one-process", "stdio-legacy-session"] },
      {},
    );
    const [modern, legacy] = report.columns;
    remember([...modern.run!.steps, ...legacy.run!.steps].map((s) => s.pid));
    expect(legacy.run!.steps.map((s) => s.stepId)).toEqual([
      "initialize",
      "initialized",
      "list",
      "read",
      "create",
      "reread",
    ]);
    expect(legacy.run!.steps[0].summary).toMatch(/^complete/);
    expect(legacy.run!.steps.every((s) => s.status === "ok")).toBe(true);
    const list = report.wire!.rows.find((r) => r.left?.stepId === "list")!;
    expect(list.differences).toContain("envelope: _meta 2026-07-28 vs no _meta");
    expect(report.wire!.rows.find((r) => r.right?.stepId === "initialize")!.differences).toEqual([
      "initialize is sent only in the right run",
    ]);
  });
});

describe("bad input and cleanup", () => {
  it("a script whose reference cannot be resolved marks the step with the reason", async () => {
    const bad = structuredClone(script("explicit-handle")) as {
      steps: { frame?: { params: { arguments: Record<string, unknown> } } }[];
    };
    bad.steps[1].frame!.params.arguments.calendar = "{{open.result.structuredContent.nope}}";
    const report = await runLab({ script: bad, conditions: ["stdio-one-process"] }, {});
    const run = report.columns[0].run!;
    remember(run.steps.map((s) => s.pid));
    expect(run.steps[1]).toMatchObject({
      status: "skipped",
      reason: 'unresolved: "open.result.structuredContent.nope": step "open" result has no "nope"',
    });
  });

  it("an HTTP-only target under a stdio condition is a column error, not a crash", async () => {
    const s = structuredClone(script("chapter-isolation")) as { target: unknown };
    s.target = { kind: "http", url: "http://127.0.0.1:9/mcp" };
    const report = await runLab({ script: s, conditions: ["stdio-fresh-process"] }, {});
    expect(report.columns[0].error).toMatch(/HTTP URL/);
  });

  it("no process the lab started is alive after the runs (checked in the process table)", () => {
    expect(seen.length).toBeGreaterThan(10);
    const table = execFileSync("ps", ["-eo", "pid="], { encoding: "utf8" })
      .split("\n")
      .map((l) => Number(l.trim()));
    expect(seen.filter((pid) => table.includes(pid) && alive(pid))).toEqual([]);
  });
});
