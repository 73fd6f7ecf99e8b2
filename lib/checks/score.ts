/**
 * The suite's one number for CI (0–100). Each check weighs by the keyword of its outcome — MUST 10, SHOULD 3,
 * MAY 1 — and earns a share of its weight: pass 1, warn ½, fail 0, "could not run" 0. A check that does not apply
 * to this server (skipped because the feature is absent) leaves the denominator; one that could not run (its
 * precondition broke: no discover answer, no acknowledgement…) stays in it; one that applies but could not be
 * tested for want of something optional ("not-testable") leaves it too. A legacy server is scored over the checks
 * of its era; an unreachable one ran no check and scores 0. Pure; docs/checks.md quotes this formula.
 */
import type { CheckReport, CheckResult, Level } from "./types";

export const LEVEL_WEIGHT: Record<Level, number> = { MUST: 10, SHOULD: 3, MAY: 1 };
export const STATUS_CREDIT = { pass: 1, warn: 0.5, fail: 0, blocked: 0 } as const;

type Scored = Pick<CheckResult, "level" | "status"> & { blocked?: boolean };

/** The credit a result earns (0…1), or undefined when it does not apply (it leaves the denominator). */
export function creditOf(r: Scored): number | undefined {
  if (r.status === "skip") return r.blocked ? STATUS_CREDIT.blocked : undefined;
  if (r.status === "not-testable") return undefined;
  return STATUS_CREDIT[r.status];
}

/** Checks that applied (judged, or could not run) of those selected: the score's coverage, e.g. "34 of 54 applied". */
export function coverageOf(results: readonly Scored[]): { applied: number; total: number } {
  return { applied: results.filter((r) => creditOf(r) !== undefined).length, total: results.length };
}

export function scoreOf(results: readonly Scored[]): number {
  let earned = 0;
  let possible = 0;
  for (const r of results) {
    const credit = creditOf(r);
    if (credit === undefined) continue;
    const weight = LEVEL_WEIGHT[r.level];
    earned += weight * credit;
    possible += weight;
  }
  // Nothing applied (an empty --only selection): nothing was wrong either.
  return possible === 0 ? 100 : Math.floor((100 * earned) / possible);
}

export function reportScore(report: Pick<CheckReport, "era" | "checks">): number {
  return report.era === "unreachable" ? 0 : scoreOf(report.checks);
}
