// Types for tests/leftover-processes.mjs (plain JS: the e2e runner and scripts/test-all.mjs import it too).
export const TEST_TIER_ENV: string;
export interface Row {
  pid: number;
  ppid: number;
  stat: string;
  args: string;
}
export function processTable(): Row[];
export function thisTiersProcesses(): Row[];
export function watchProcesses(options: { root: string; ignore?: RegExp }): {
  leftovers(): Row[];
  settle(ms?: number): Promise<Row[]>;
};
export function describeLeftovers(rows: Row[]): string;
