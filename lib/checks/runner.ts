/**
 * Runs the suite: the era probe first (visible exchanges), then — for a 2026-07-28 server — each check in
 * digest order (checks that judge the whole run last), or — for a legacy server — the era report. Every frame
 * goes through the injected send, so in the UI each one is an ordinary exchange in the timeline. Pure.
 */
import { clientProfile, type ClientProfile } from "../protocol/client-profile";
import { runEraProbe } from "../protocol/era";
import { msg, say, type Msg } from "../i18n/translate";
import { MODERN_VERSION } from "../protocol/versions";
import { CheckContext, LIST_CAPABILITY, LIST_METHODS, RunState } from "./context";
import { specRefText, specUrl, type CheckDef } from "./define";
import { appsRows } from "./apps";
import { buildEraReport } from "./era-report";
import { envelopeProbe, probeLabel } from "./era-probes";
import { ALL_CHECKS } from "./registry";
import { summarize } from "./report";
import type { CheckEra, CheckReport, CheckResult, CheckSend, RunOptions } from "./types";
import { replyMsg, replyOf, sendIds } from "./wire";
import { reportScore } from "./score";
import { evidenceFrames } from "./evidence";
import { AUTH_CHECK_IDS, seedAuthorization } from "./checks/auth";
import { SEND_DEFAULTS } from "../bridge/send-options";
import type { ProbeStep, ProbeVerdict } from "../protocol/era";
import type { Exchange } from "../bridge/contract";

export interface RunTarget {
  send: CheckSend;
  transport: "stdio" | "http";
  /** How the report names the target, e.g. the command line or URL. */
  label: string;
}

export const DEFAULT_RUN_OPTIONS = {
  toolCalls: "read-only",
  timeoutMs: SEND_DEFAULTS.timeoutMs,
  listenWindowMs: 1_500,
} as const;

export function selectChecks(transport: "stdio" | "http", only?: string[], era: CheckEra = "modern"): CheckDef[] {
  const wanted = only?.map((id) => id.toUpperCase());
  return ALL_CHECKS.filter(
    (c) =>
      (c.transports === "both" || c.transports === transport) &&
      c.eras.includes(era) &&
      (!wanted || wanted.includes(c.id)),
  );
}

export async function runCheck(check: CheckDef, state: RunState): Promise<CheckResult> {
  const started = Date.now();
  const ctx = new CheckContext(state, check.id);
  let verdict;
  try {
    verdict = await check.run(ctx);
  } catch (e) {
    verdict = {
      status: "warn" as const,
      detail: say(msg("checks.d.couldNotFinish", { error: (e as Error).message })),
      detailMsg: msg("checks.d.couldNotFinish", { error: (e as Error).message }),
      evidence: ctx.evidence(),
    };
  }
  return {
    id: check.id,
    title: check.title,
    level: verdict.level ?? check.level,
    status: verdict.status,
    specRef:
      state.base.era === "legacy" && check.spec.legacy ? `2025-11-25 · ${check.spec.legacy}` : specRefText(check.spec),
    spec: check.spec,
    specUrl: specUrl(check.spec, state.base.era),
    transports: check.transports,
    detail: verdict.detail,
    ...(verdict.detailMsg ? { detailMsg: verdict.detailMsg } : {}),
    evidence: verdict.evidence,
    durationMs: Date.now() - started,
    ...(verdict.blocked ? { blocked: true } : {}),
  };
}

export async function runChecks(target: RunTarget, runOptions: RunOptions = {}): Promise<CheckReport> {
  const options = { ...DEFAULT_RUN_OPTIONS, ...stripUndefined(runOptions) };
  let probeCount = 0;
  const profile = clientProfile({ emulate: runOptions.emulate });
  const emulate = profile.emulation;
  const verdict = await runEraProbe(
    (text, extra) => target.send(text, { ...probeLabel(extra), headers: extra?.headers, timeoutMs: options.timeoutMs }),
    {
      nextId: () => `probe-${++probeCount}`,
      ...(profile.pinned ? { preferredVersion: profile.protocolVersion, pinned: true } : {}),
    },
  );
  const probe = {
    reason: verdict.reason,
    ...(verdict.reasonMsg ? { reasonMsg: verdict.reasonMsg } : {}),
    evidence: sendIds(...verdict.steps.map((s) => s.exchange)),
  };
  const base = {
    target: target.label,
    transport: target.transport,
    version: verdict.version,
    probe,
    ...(emulate ? { emulate } : {}),
  };

  if (verdict.era === "legacy") return legacyRun(target, runOptions, options, verdict, base, profile);
  // A pinned client speaks its version whatever the server supports: the checks then show what it gets.
  const version = profile.pinned ? profile.protocolVersion : (verdict.version ?? MODERN_VERSION);
  let discoveryFailure: Msg | undefined;
  const extra: Exchange[] = [];
  if (verdict.era === "unreachable") {
    // Neither discover nor initialize worked. A server that still serves an ordinary enveloped request is a
    // modern server whose discovery is broken: check it anyway (digest §2.4 makes discover optional to call).
    const fatal = verdict.steps.some((s) => {
      const reply = replyOf(s.exchange);
      return reply.kind === "none" && reply.fatal;
    });
    if (verdict.steps[0]?.exchange.http?.status === 401)
      return protectedReport(target, runOptions, { ...base, version }, verdict.steps, options);
    // A server silent to both server/discover and initialize is silent: four more list probes would only add their timeouts.
    const silent = verdict.steps.every(
      (s) => s.exchange.outcome.kind === "failure" && s.exchange.outcome.failure === "timeout",
    );
    const answered = fatal || silent ? undefined : await envelopeProbe(target, version, options.timeoutMs);
    if (!answered) return { ...base, era: "unreachable", checks: [], ...summarize([]), score: 0 };
    extra.push(answered.exchange);
    discoveryFailure = msg("checksMore.probe.discover", { reply: replyMsg(replyOf(verdict.steps[0].exchange)) });
    const reasonMsg = msg("checksMore.probe.brokenDiscovery", {
      failure: discoveryFailure,
      method: answered.method,
      reply: replyMsg(replyOf(answered.exchange)),
    });
    base.probe = {
      reason: say(reasonMsg),
      reasonMsg,
      evidence: [...base.probe.evidence, ...sendIds(answered.exchange)],
    };
  }

  const state = new RunState(target.send, modernBase(target, version, options, emulate), profile);
  state.inferCapabilities = discoveryFailure !== undefined;
  seedAuthorization(state, runOptions.authorization);
  // The probe's exchanges are part of the run's traffic (the first one holds the server's start-up output).
  state.observed.push(...verdict.steps.map((s) => s.exchange), ...extra);

  // Read the catalog first, as a client would after the probe: the checks share it, and a dual-era stdio server
  // decides a process's era by its first ordinary request, which should be a well-formed 2026-07-28 one.
  await readCatalog(state);

  const results = await runSelected(state, selectChecks(target.transport, runOptions.only), options.onProgress);
  if (runOptions.apps) results.push(...(await appsRows(state, runOptions.only)));
  if (runOptions.skills) results.push(...(await skillsRowsOf(state, runOptions.only)));
  const era = verdict.era === "unreachable" ? "modern" : verdict.era;
  const report: CheckReport = {
    ...base,
    era,
    version,
    ...(discoveryFailure ? { discoveryFailure: say(discoveryFailure), discoveryFailureMsg: discoveryFailure } : {}),
    checks: results,
    ...summarize(results),
  };
  return withEvidence({ ...report, score: reportScore(report) }, state);
}

/** What every check of a modern run is told: the transport, the version spoken, the run's options and emulation. */
function modernBase(
  target: RunTarget,
  version: string,
  options: RunState["base"]["options"],
  emulate: RunState["base"]["emulate"],
): RunState["base"] {
  return {
    transport: target.transport,
    era: "modern",
    version,
    options: { toolCalls: options.toolCalls, timeoutMs: options.timeoutMs, listenWindowMs: options.listenWindowMs },
    ...(emulate ? { emulate } : {}),
  };
}

/** A 2025-11-25 server: its era report, and beside it the rules that era shares with 2026-07-28 and its own. */
async function legacyRun(
  target: RunTarget,
  runOptions: RunOptions,
  options: RunState["base"]["options"] & Pick<RunOptions, "onProgress">,
  verdict: ProbeVerdict,
  base: Pick<CheckReport, "target" | "transport" | "version" | "probe" | "emulate">,
  pinned: ClientProfile,
): Promise<CheckReport> {
  const eraReport = await buildEraReport(
    target.send,
    target.transport,
    verdict,
    options.timeoutMs,
    pinned.pinned ? pinned.protocolVersion : undefined,
  );
  // The era report stays; beside it, the rules 2025-11-25 shares with 2026-07-28 and its own, over the
  // session the probe opened (stdio: the kept process; HTTP: the Mcp-Session-Id initialize minted).
  const state = new RunState(target.send, {
    transport: target.transport,
    era: "legacy",
    version: verdict.version ?? "2025-11-25",
    legacy: {
      result: verdict.result ?? {},
      ...(verdict.sessionId ? { sessionId: verdict.sessionId } : {}),
      handshake: verdict.steps.filter((s) => !s.label.includes("server/discover")).map((s) => s.exchange),
    },
    options: { toolCalls: options.toolCalls, timeoutMs: options.timeoutMs, listenWindowMs: options.listenWindowMs },
  });
  state.observed.push(...verdict.steps.map((s) => s.exchange));
  await readCatalog(state);
  const results = await runSelected(
    state,
    selectChecks(target.transport, runOptions.only, "legacy"),
    options.onProgress,
  );
  if (runOptions.apps) results.push(...(await appsRows(state, runOptions.only)));
  if (runOptions.skills) results.push(...(await skillsRowsOf(state, runOptions.only)));
  const report: CheckReport = { ...base, era: "legacy", checks: results, eraReport, ...summarize(results) };
  return withEvidence({ ...report, score: reportScore(report) }, state);
}

/** Runs the checks (those that judge the whole run last) and returns their results in id order. */
async function runSelected(
  state: RunState,
  selected: CheckDef[],
  onProgress: RunOptions["onProgress"],
): Promise<CheckResult[]> {
  const ordered = [...selected.filter((c) => !c.aggregate), ...selected.filter((c) => c.aggregate)];
  const results: CheckResult[] = [];
  for (const check of ordered) {
    onProgress?.({ id: check.id, phase: "start" });
    const result = await runCheck(check, state);
    results.push(result);
    onProgress?.({ id: check.id, phase: "done", result });
  }
  return results.sort((a, b) => a.id.localeCompare(b.id));
}

/** Each result carries the frames of its evidence (trimmed), so --json and JUnit prove it without the timeline. */
function withEvidence(report: CheckReport, state: RunState): CheckReport {
  const bySendId = new Map(state.observed.map((ex) => [ex.sendId, ex]));
  return {
    ...report,
    checks: report.checks.map((r) => ({ ...r, frames: evidenceFrames(r.evidence.map((id) => bySendId.get(id))) })),
  };
}

/**
 * A server that answers 401 to the probe: without a token only the authorization rules can run. The protocol
 * checks did not run, so the era stays unreachable (score 0, exit 2), and the reason says how to give a token.
 */
async function protectedReport(
  target: RunTarget,
  runOptions: RunOptions,
  base: Omit<CheckReport, "era" | "checks" | keyof ReturnType<typeof summarize>>,
  steps: ProbeStep[],
  options: RunState["base"]["options"],
): Promise<CheckReport> {
  const state = new RunState(target.send, {
    transport: target.transport,
    era: "modern",
    version: base.version ?? MODERN_VERSION,
    options,
  });
  state.observed.push(...steps.map((s) => s.exchange));
  seedAuthorization(state, runOptions.authorization);
  const checks: CheckResult[] = [];
  for (const check of selectChecks(target.transport, runOptions.only).filter((c) => AUTH_CHECK_IDS.includes(c.id)))
    checks.push(await runCheck(check, state));
  const reasonMsg = msg("checksMore.probe.protected", { header: '--header "Authorization: Bearer <token>"' });
  return {
    ...base,
    probe: { ...base.probe, reason: say(reasonMsg), reasonMsg },
    era: "unreachable",
    checks,
    ...summarize(checks),
    score: 0,
  };
}

async function readCatalog(state: RunState): Promise<void> {
  const ctx = new CheckContext(state, "catalog");
  await ctx.discover();
  for (const method of LIST_METHODS) if (await ctx.declares(LIST_CAPABILITY[method])) await ctx.list(method);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** S01–S07, loaded only when a run asks for them (the CLI's check): the Checks tab's code does not carry them. */
async function skillsRowsOf(state: RunState, only: string[] | undefined): Promise<CheckResult[]> {
  return (await import("./skills")).skillsRows(state, only);
}
