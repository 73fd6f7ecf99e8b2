/**
 * The lab's HTTP instances are bounded for the whole process (issue 13, finding 12): LAB_LIMITS.maxProcessesAtOnce
 * holds across every run at once, not per run. Real runs, real instance processes.
 */
import { afterAll, describe, expect, it } from "vitest";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { LAB_LIMITS } from "@/lib/lab/conditions";
import { runningHttpInstances } from "@/lib/node/lab/instances";
import { runLab } from "@/lib/node/lab/run";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { answersSignal as alive } from "./helpers";

const script = BUILT_IN_SCRIPTS.find((s) => s.id === "chapter-isolation")!.script;

afterAll(async () => {
  await shutdownAll();
});

describe("lab HTTP instances across runs", () => {
  it(`three concurrent two-instance runs hold at most ${LAB_LIMITS.maxProcessesAtOnce} instances: the third column is refused and says why; afterwards all slots are free`, async () => {
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, runningHttpInstances())), 5);
    const reports = await Promise.all([1, 2, 3].map(() => runLab({ script, conditions: ["http-two-instances"] }, {})));
    clearInterval(watch);
    const columns = reports.map((r) => r.columns[0]);
    const refused = columns.filter((c) => c.error !== undefined);
    expect(refused.map((c) => c.error)).toEqual([
      expect.stringMatching(
        /^the lab runs at most 4 HTTP instances at once across all runs, and 4 are running; this column needs 2: run it again when another run has ended$/,
      ),
    ]);
    expect(columns.filter((c) => c.run !== undefined)).toHaveLength(2);
    expect(peak).toBeLessThanOrEqual(LAB_LIMITS.maxProcessesAtOnce);
    expect(runningHttpInstances()).toBe(0);
    for (const c of columns) for (const i of c.instances ?? []) expect(alive(i.pid)).toBe(false);
    const again = await runLab({ script, conditions: ["http-two-instances"] }, {});
    expect(again.columns[0].run).toBeDefined();
  });
});
