/**
 * Runs a lab script under one condition and computes its verdicts from the frames. Pure: the condition's
 * transport is a `send` function supplied by the caller (the bridge on the server, a scripted peer in tests).
 */
import { msg, say, type Msg } from "../i18n/translate";
import type { Exchange } from "../bridge/contract";
import { buildStepFrame, readPath, type LabScript, type StepRecord, type VerdictRule } from "./script";
import { asObject } from "../protocol/json";
import { replyFrame } from "../protocol/exchange";

export type LabSend = (frameText: string, step: { stepId: string; index: number }) => Promise<Exchange>;

export interface StepResult {
  stepId: string;
  label: string;
  status: "ok" | "failed" | "skipped";
  /** Why the step failed or was skipped (unresolved reference, spawn failure, timeout, …). */
  reason?: string;
  frameText?: string;
  exchange?: Exchange;
  /** "A", "B", … in order of first appearance of each process id; undefined over HTTP. */
  lane?: string;
  pid?: number;
  spawnToFirstByteMs?: number;
  summary: string;
  /** The summary in the reader's language (absent in results saved before issue 44, and for steps not run). */
  summaryMsg?: Msg;
}

export interface Verdict {
  rule: VerdictRule["kind"];
  outcome: "survived" | "broken" | "kept" | "lost" | "undetermined";
  /** In English (the CLI's --json, runs saved before issue 32); textMsg says it in the reader's language. */
  text: string;
  textMsg?: Msg;
}

export interface LabRun {
  steps: StepResult[];
  verdicts: Verdict[];
  /** Distinct processes the run used, in lane order. */
  lanes: { lane: string; pid: number }[];
  durationMs: number;
  stoppedEarly?: string;
}

export interface RunOptions {
  /** Stop at the first failed step (default) or carry on and mark dependants unresolved. */
  stopOnError?: boolean;
  /** Run-time bound; steps not started in time are skipped with the reason. */
  maxRunMs?: number;
  now?: () => number;
  firstId?: number;
  /** How a step's waitMs is spent (injected by tests). */
  sleep?: (ms: number) => Promise<void>;
}

/** One line on what a reply was, for the step row and the column diff: a Msg, said in the reader's language. */
export function summarizeExchangeMsg(exchange: Exchange): Msg {
  const { outcome } = exchange;
  if (outcome.kind === "failure")
    return msg("lab.summary.failure", { failure: outcome.failure, message: outcome.message });
  if (outcome.kind === "notification") return msg("lab.summary.notification");
  const frame = asObject(replyFrame(exchange));
  const error = asObject(frame?.error);
  if (error) return msg("lab.summary.error", { code: String(error.code), message: String(error.message ?? "") });
  const result = asObject(frame?.result);
  if (!result) return msg("lab.summary.noResult");
  // Tasks: the 2026 CreateTaskResult / tasks/get answer, or the 2025 CreateTaskResult {task}.
  const task = result.resultType === "task" || typeof result.taskId === "string" ? result : asObject(result.task);
  if (task && typeof task.status === "string")
    return msg("lab.summary.task", {
      status: task.status,
      statusMessage: typeof task.statusMessage === "string" ? `: ${task.statusMessage}` : "",
      inline: asObject(task.result) ? "yes" : "no",
    });
  if (Array.isArray(result.tasks)) return msg("lab.summary.tasksListed", { count: result.tasks.length });
  if (result.resultType === "input_required") {
    const keys = Object.keys(asObject(result.inputRequests) ?? {});
    return msg("lab.summary.inputRequired", {
      keys: keys.length ? ` (${keys.join(", ")})` : "",
      state: typeof result.requestState === "string" ? ` requestState ${result.requestState}` : "",
    });
  }
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.map((c) => asObject(c)?.text).find((t) => typeof t === "string") as string | undefined;
  if (text) return msg("lab.summary.text", { text });
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const body = asObject(contents[0])?.text;
  if (typeof body === "string") {
    try {
      const parsed = JSON.parse(body);
      if (Array.isArray(parsed)) return msg("lab.summary.items", { count: parsed.length });
    } catch {
      /* not JSON text: fall through to the generic summary */
    }
  }
  return msg("lab.summary.generic", { resultType: String(result.resultType ?? "no resultType") });
}

/** The same line in English (the CLI, the column diff's comparison, saved results). */
export function summarizeExchange(exchange: Exchange): string {
  return say(summarizeExchangeMsg(exchange));
}

export async function runLabScript(script: LabScript, send: LabSend, opts: RunOptions = {}): Promise<LabRun> {
  const now = opts.now ?? (() => Date.now());
  const started = now();
  const stopOnError = opts.stopOnError ?? true;
  const records: Record<string, StepRecord> = {};
  const steps: StepResult[] = [];
  const lanes: { lane: string; pid: number }[] = [];
  let nextId = opts.firstId ?? 1;
  let stoppedEarly: string | undefined;

  const laneOf = (pid: number | undefined) => {
    if (pid === undefined) return undefined;
    let lane = lanes.find((l) => l.pid === pid);
    if (!lane) lanes.push((lane = { lane: String.fromCharCode(65 + lanes.length), pid }));
    return lane.lane;
  };

  for (const [index, step] of script.steps.entries()) {
    if (stoppedEarly) {
      steps.push({ stepId: step.id, label: step.label, status: "skipped", reason: stoppedEarly, summary: "not run" });
      continue;
    }
    if (opts.maxRunMs !== undefined && now() - started > opts.maxRunMs) {
      stoppedEarly = `the run exceeded its ${opts.maxRunMs} ms bound`;
      steps.push({ stepId: step.id, label: step.label, status: "skipped", reason: stoppedEarly, summary: "not run" });
      continue;
    }
    if ("waitMs" in step && step.waitMs)
      await (opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))))(step.waitMs);
    const built = buildStepFrame(step, records, nextId++);
    if (!built.ok) {
      steps.push({
        stepId: step.id,
        label: step.label,
        status: "skipped",
        reason: `unresolved: ${built.error}`,
        summary: "not run",
      });
      if (stopOnError) stoppedEarly = `step ${step.id} could not be built`;
      continue;
    }
    const frameText = JSON.stringify(built.value);
    const exchange = await send(frameText, { stepId: step.id, index });
    const response = asObject(replyFrame(exchange));
    records[step.id] = { request: built.value, response };
    const failed = exchange.outcome.kind === "failure";
    const pid = exchange.process?.pid;
    const summaryMsg = summarizeExchangeMsg(exchange);
    steps.push({
      stepId: step.id,
      label: step.label,
      status: failed ? "failed" : "ok",
      reason: failed && exchange.outcome.kind === "failure" ? exchange.outcome.message : undefined,
      frameText,
      exchange,
      pid,
      lane: laneOf(pid),
      spawnToFirstByteMs: exchange.process?.spawnToFirstByteMs,
      summary: say(summaryMsg),
      summaryMsg,
    });
    if (failed && stopOnError) stoppedEarly = `step ${step.id} failed`;
  }

  const verdicts = script.verdicts.map((rule) => judge(rule, records, steps));
  return { steps, verdicts, lanes, durationMs: now() - started, stoppedEarly };
}

function where(a: StepResult | undefined, b: StepResult | undefined): Msg {
  if (a?.pid !== undefined && b?.pid !== undefined) {
    return a.pid === b.pid ? msg("lab.where.same", { pid: a.pid }) : msg("lab.where.other", { a: a.pid, b: b.pid });
  }
  return msg("lab.where.request");
}

function said(rule: VerdictRule["kind"], outcome: Verdict["outcome"], text: Msg): Verdict {
  return { rule, outcome, text: say(text), textMsg: text };
}

export function judge(rule: VerdictRule, records: Record<string, StepRecord>, steps: StepResult[]): Verdict {
  const step = (id: string) => steps.find((s) => s.stepId === id);
  if (rule.kind === "continuation") {
    const started = asObject(records[rule.start]?.response?.result);
    if (started?.resultType !== "input_required") {
      return said(rule.kind, "undetermined", msg("lab.v.noContinuation", { start: rule.start }));
    }
    const finish = records[rule.finish];
    const sentState = asObject(finish?.request?.params)?.requestState;
    const finished = asObject(finish?.response?.result);
    const placement = where(step(rule.start), step(rule.finish));
    if (finished && finished.resultType !== "input_required") {
      const carrier = msg(sentState === started.requestState ? "lab.v.itsState" : "lab.v.aRetry");
      return said(
        rule.kind,
        "survived",
        msg("lab.v.survived", { finish: rule.finish, start: rule.start, placement, carrier }),
      );
    }
    return said(
      rule.kind,
      "broken",
      msg("lab.v.broken", {
        finish: rule.finish,
        start: rule.start,
        summary: step(rule.finish)?.summary ?? msg("lab.v.notRun"),
      }),
    );
  }
  const created = readPath(records, rule.createdId);
  const list = readPath(records, rule.list);
  if (!created.ok || !list.ok || !Array.isArray(list.value)) {
    const why = !created.ok ? created.error : !list.ok ? list.error : msg("lab.v.notAList", { path: rule.list });
    return said(rule.kind, "undetermined", msg("lab.v.undetermined", { why }));
  }
  const items = list.value as unknown[];
  const ids = items.map((item) => asObject(item)?.[rule.idField]);
  const placement = where(step(rule.writer), step(rule.reader));
  const entries = msg("lab.v.entries", { n: items.length });
  const id = String(created.value);
  return ids.includes(created.value)
    ? said(rule.kind, "kept", msg("lab.v.kept", { reader: rule.reader, id, entries, placement }))
    : said(rule.kind, "lost", msg("lab.v.lost", { reader: rule.reader, entries, writer: rule.writer, id, placement }));
}

export interface DiffRow {
  stepId: string;
  label: string;
  cells: { condition: string; summary: string; summaryMsg?: Msg; lane?: string }[];
  differs: boolean;
}

/** Step-by-step comparison of the same script run under several conditions, aligned by step id. */
export function diffRuns(runs: { condition: string; run: LabRun }[]): DiffRow[] {
  const order: { stepId: string; label: string }[] = [];
  for (const { run } of runs)
    for (const s of run.steps)
      if (!order.some((o) => o.stepId === s.stepId)) order.push({ stepId: s.stepId, label: s.label });
  // Process ids differ by nature; compare what the server answered.
  const norm = (t: string) => t.replace(/pid \d+/g, "pid");
  return order.map(({ stepId, label }) => {
    const cells = runs.map(({ condition, run }) => {
      const step = run.steps.find((s) => s.stepId === stepId);
      return {
        condition,
        summary: step?.summary ?? "not in this run",
        ...(step?.summaryMsg ? { summaryMsg: step.summaryMsg } : {}),
        lane: step?.lane,
      };
    });
    return { stepId, label, cells, differs: new Set(cells.map((c) => norm(c.summary))).size > 1 };
  });
}
