/**
 * Runs the suite: the era probe first (visible exchanges), then — for a 2026-07-28 server — each check in
 * digest order (checks that judge the whole run last), or — for a legacy server — the era report. Every frame
 * goes through the injected send, so in the UI each one is an ordinary exchange in the timeline. Pure.
 */
import { runEraProbe } from "../protocol/era";
import { MODERN_VERSION } from "../protocol/versions";
import { CheckContext, LIST_CAPABILITY, LIST_METHODS, RunState } from "./context";
import { specRefText, type CheckDef } from "./define";
import { buildEraReport } from "./era-report";
import { ALL_CHECKS } from "./registry";
import { summarize } from "./report";
import type { CheckReport, CheckResult, CheckSend, RunOptions } from "./types";
import { sendIds } from "./wire";

export interface RunTarget {
  send: CheckSend;
  transport: "stdio" | "http";
  /** How the report names the target, e.g. the command line or URL. */
  label: string;
}

export const DEFAULT_RUN_OPTIONS = { toolCalls: "read-only", timeoutMs: 10_000, listenWindowMs: 1_500 } as const;

export function selectChecks(transport: "stdio" | "http", only?: string[]): CheckDef[] {
  const wanted = only?.map((id) => id.toUpperCase());
  return ALL_CHECKS.filter((c) => (c.transports === "both" || c.transports === transport) && (!wanted || wanted.includes(c.id)));
}

export async function runCheck(check: CheckDef, state: RunState): Promise<CheckResult> {
  const started = Date.now();
  const ctx = new CheckContext(state, check.id);
  let verdict;
  try {
    verdict = await check.run(ctx);
  } catch (e) {
    verdict = { status: "warn" as const, detail: `The check could not finish: ${(e as Error).message}`, evidence: ctx.evidence() };
  }
  return {
    id: check.id,
    title: check.title,
    level: verdict.level ?? check.level,
    status: verdict.status,
    specRef: specRefText(check.spec),
    spec: check.spec,
    transports: check.transports,
    detail: verdict.detail,
    evidence: verdict.evidence,
    durationMs: Date.now() - started,
  };
}

export async function runChecks(target: RunTarget, runOptions: RunOptions = {}): Promise<CheckReport> {
  const options = { ...DEFAULT_RUN_OPTIONS, ...stripUndefined(runOptions) };
  let probeCount = 0;
  const verdict = await runEraProbe(
    (text, extra) => target.send(text, { headers: extra?.headers, label: extra?.label, timeoutMs: options.timeoutMs }),
    { nextId: () => `probe-${++probeCount}` },
  );
  const probe = { reason: verdict.reason, evidence: sendIds(...verdict.steps.map((s) => s.exchange)) };
  const base = { target: target.label, transport: target.transport, version: verdict.version, probe };

  if (verdict.era === "legacy") {
    const eraReport = await buildEraReport(target.send, target.transport, verdict, options.timeoutMs);
    return { ...base, era: "legacy", checks: [], eraReport, ...summarize([]) };
  }
  if (verdict.era === "unreachable") return { ...base, era: "unreachable", checks: [], ...summarize([]) };

  const state = new RunState(target.send, {
    transport: target.transport,
    version: verdict.version ?? MODERN_VERSION,
    options: { toolCalls: options.toolCalls, timeoutMs: options.timeoutMs, listenWindowMs: options.listenWindowMs },
  });
  // The probe's exchanges are part of the run's traffic (the first one holds the server's start-up output).
  state.observed.push(...verdict.steps.map((s) => s.exchange));

  // Read the catalog first, as a client would after the probe: the checks share it, and a dual-era stdio server
  // decides a process's era by its first ordinary request, which should be a well-formed 2026-07-28 one.
  await readCatalog(state);

  const selected = selectChecks(target.transport, runOptions.only);
  const ordered = [...selected.filter((c) => !c.aggregate), ...selected.filter((c) => c.aggregate)];
  const results: CheckResult[] = [];
  for (const check of ordered) {
    options.onProgress?.({ id: check.id, phase: "start" });
    const result = await runCheck(check, state);
    results.push(result);
    options.onProgress?.({ id: check.id, phase: "done", result });
  }
  results.sort((a, b) => a.id.localeCompare(b.id));
  return { ...base, era: verdict.era, version: verdict.version ?? MODERN_VERSION, checks: results, ...summarize(results) };
}

async function readCatalog(state: RunState): Promise<void> {
  const ctx = new CheckContext(state, "catalog");
  await ctx.discover();
  for (const method of LIST_METHODS) if (await ctx.declares(LIST_CAPABILITY[method])) await ctx.list(method);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
