// Types for tests/e2e/case-deadline.mjs (plain JS: the e2e runner imports it; tests/integration/e2e-case-deadline.test.ts too).
import type { Logger } from "playwright-core";
export const CASE_DEADLINE_MS: number;
export interface StepLog {
  logger: Logger;
  trackCalls<T extends object>(target: T, name: string): T;
  describe(): string;
}
export function stepLog(started?: number): StepLog;
export function withDeadline(
  work: () => Promise<unknown>,
  options: { ms?: number; name: string; steps: StepLog; onDeadline: () => Promise<unknown> },
): Promise<void>;
