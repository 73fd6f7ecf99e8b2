import { describe, expect, it } from "vitest";
import { launcherOf, procFacts, watchLauncher, type ProcessFacts } from "@/lib/node/web/launcher-watch";

/** A process table: pid → [name, parent, start time]. */
function table(rows: Record<number, [string, number, string]>): ProcessFacts {
  return {
    name: (pid) => rows[pid]?.[0],
    parent: (pid) => rows[pid]?.[1],
    startedAt: (pid) => rows[pid]?.[2],
  };
}

describe("the launcher a server started by npm watches", () => {
  it("is npm itself when npm ran the bin through sh -c (npx: npm → sh → node)", () => {
    const facts = table({ 10: ["npm exec mcp-pl", 1, "100"], 11: ["sh", 10, "101"], 12: ["node", 11, "102"] });
    expect(launcherOf(12, 11, facts)).toBe(10);
  });

  it("is the parent when npm started node itself (npm start: exec node scripts/start.mjs)", () => {
    const facts = table({ 10: ["npm start", 1, "100"], 12: ["node", 10, "102"] });
    expect(launcherOf(12, 10, facts)).toBe(10);
  });

  it("reads this process's parent and start time from /proc", () => {
    expect(procFacts.parent(process.pid)).toBe(process.ppid);
    expect(procFacts.startedAt(process.pid)).toMatch(/^\d+$/);
    expect(procFacts.name(process.pid)).toBeTruthy();
    expect(procFacts.startedAt(2 ** 22 + 1)).toBeUndefined();
  });

  it("says once that the launcher is gone when its pid stops being that process", async () => {
    const rows: Record<number, [string, number, string]> = { [process.ppid]: ["npm exec", 1, "100"] };
    const calls: number[] = [];
    const stop = watchLauncher((pid) => calls.push(pid), 5, table(rows));
    try {
      await new Promise((r) => setTimeout(r, 30));
      expect(calls).toEqual([]);
      delete rows[process.ppid]; // npm ended
      await expect.poll(() => calls, { timeout: 2_000, interval: 5 }).toEqual([process.ppid]);
      await new Promise((r) => setTimeout(r, 30));
      expect(calls).toEqual([process.ppid]);
    } finally {
      stop();
    }
  });
});
