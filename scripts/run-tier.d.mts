// Types for scripts/run-tier.mjs (plain JS: scripts/test-all.mjs runs it with node, tests import it).
export function pidsMarked(mark: string): number[];
export function endTiersOnSignal(): void;
export function runTier(tier: {
  label: string;
  tag: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  deadlineMs: number;
  graceMs?: number;
  log?: (line: string) => void;
  onSpawn?: (child: import("node:child_process").ChildProcess) => void;
}): Promise<{ ok: boolean; code: number | null; timedOut: boolean; seconds: number; cpuSeconds: number }>;
export function pidsMarkedAfter(mark: string, ms: number, options?: { except?: number[] }): Promise<number[]>;
