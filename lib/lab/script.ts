/**
 * Lab scripts: an ordered list of frames, some built from earlier replies, run under several conditions.
 * A script is data (versioned JSON, kept in lib/lab/scripts/ for the built-in experiments); this module
 * validates it and resolves references. Pure: no React, Next or Node.
 */
import { z } from "zod";
import { TargetSchema } from "../bridge/contract";

export const LAB_SCRIPT_FORMAT = "mcp-playground/lab-script@1";

const json = z.unknown();

const FrameStep = z.object({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, "step ids are short names like A, B, open"),
  label: z.string().max(200),
  /** The frame to send; string values may hold {{step.path}} references to earlier replies. */
  frame: z.record(z.string(), json),
  /** This step's frame under the legacy-era conditions, when the 2025 wire spells it differently (e.g. tasks). */
  legacyFrame: z.record(z.string(), json).optional(),
  /** Pause before sending, e.g. to let a task finish before the next poll. */
  waitMs: z.number().int().min(0).max(10_000).optional(),
});

const RetryStep = z.object({
  id: FrameStep.shape.id,
  label: z.string().max(200),
  /** Retry of an earlier step's request (new id, same method and params) with these answers and its requestState. */
  retryOf: z.string(),
  answers: z.record(z.string(), json).default({}),
});

export const StepSchema = z.union([FrameStep.strict(), RetryStep.strict()]);
export type LabStep = z.infer<typeof StepSchema>;

export const VerdictRuleSchema = z.discriminatedUnion("kind", [
  /** Did `finish` complete the round trip `start` began, and in which process? */
  z.object({ kind: z.literal("continuation"), start: z.string(), finish: z.string() }),
  /** Does the list read by `reader` contain what `writer` created? Paths use {{…}} syntax without braces. */
  z.object({
    kind: z.literal("state"),
    writer: z.string(),
    createdId: z.string(),
    reader: z.string(),
    list: z.string(),
    idField: z.string().default("id"),
  }),
]);
export type VerdictRule = z.infer<typeof VerdictRuleSchema>;

export const LabScriptSchema = z
  .object({
    format: z.literal(LAB_SCRIPT_FORMAT),
    title: z.string().max(200),
    description: z.string().max(2000).default(""),
    target: TargetSchema,
    steps: z.array(StepSchema).min(1).max(20),
    verdicts: z.array(VerdictRuleSchema).max(10).default([]),
  })
  .superRefine((script, ctx) => {
    const seen = new Set<string>();
    script.steps.forEach((step, i) => {
      if (seen.has(step.id))
        ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `step id "${step.id}" is used twice` });
      if ("retryOf" in step && !seen.has(step.retryOf)) {
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "retryOf"],
          message: `step "${step.id}" retries "${step.retryOf}", which is not an earlier step`,
        });
      }
      seen.add(step.id);
    });
  });
export type LabScript = z.infer<typeof LabScriptSchema>;

export type ParseScriptResult = { ok: true; script: LabScript } | { ok: false; error: string };

export function parseLabScript(input: unknown): ParseScriptResult {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (e) {
      return { ok: false, error: `The script is not JSON: ${(e as Error).message}` };
    }
  }
  const parsed = LabScriptSchema.safeParse(value);
  if (parsed.success) return { ok: true, script: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: `The script is not a ${LAB_SCRIPT_FORMAT} script: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
  };
}

/** What a step produced, as seen by later references: the frame sent and the reply received. */
export interface StepRecord {
  request?: Record<string, unknown>;
  /** The JSON-RPC response frame, when one arrived. */
  response?: Record<string, unknown>;
}

export type Resolved<T> = { ok: true; value: T } | { ok: false; error: string };

const WHOLE_REF = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const ANY_REF = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * Reads `B.result.structuredContent.id` or `C.result.contents[0].text|json` from the step records.
 * `result`/`error` read the response; `request` reads the sent frame; `|json` parses a JSON string.
 */
export function readPath(records: Record<string, StepRecord>, path: string): Resolved<unknown> {
  const [expr, ...pipes] = path.split("|").map((s) => s.trim());
  const parts = expr
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean);
  const [stepId, root, ...rest] = parts;
  const record = records[stepId];
  if (!record) return { ok: false, error: `step "${stepId}" has not run` };
  let value: unknown;
  if (root === "request") value = record.request;
  else if (root === "result" || root === "error") value = record.response?.[root];
  else return { ok: false, error: `"${path}": after the step id write result, error or request` };
  if (value === undefined) return { ok: false, error: `step "${stepId}" has no ${root}` };
  for (const key of rest) {
    if (value === null || typeof value !== "object") return { ok: false, error: `"${path}": nothing at "${key}"` };
    value = (value as Record<string, unknown>)[key];
    if (value === undefined) return { ok: false, error: `"${path}": step "${stepId}" ${root} has no "${key}"` };
  }
  for (const pipe of pipes) {
    if (pipe !== "json") return { ok: false, error: `"${path}": unknown filter |${pipe} (only |json)` };
    if (typeof value !== "string") return { ok: false, error: `"${path}": |json needs a string` };
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, error: `"${path}": the value is not JSON text` };
    }
  }
  return { ok: true, value };
}

/** Replaces every {{ref}} in a frame: a string that is only a ref takes the value's JSON type. */
export function resolveRefs(value: unknown, records: Record<string, StepRecord>): Resolved<unknown> {
  if (typeof value === "string") {
    const whole = WHOLE_REF.exec(value);
    if (whole) return readPath(records, whole[1]);
    let error: string | undefined;
    const text = value.replace(ANY_REF, (_m, ref: string) => {
      const r = readPath(records, ref);
      if (!r.ok) error ??= r.error;
      return r.ok ? (typeof r.value === "string" ? r.value : JSON.stringify(r.value)) : "";
    });
    return error ? { ok: false, error } : { ok: true, value: text };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const r = resolveRefs(item, records);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolveRefs(v, records);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

/**
 * Builds the frame a step sends. Ids are assigned by the runner (unique across the run) so a retry always
 * carries a new id, as MRTR requires.
 */
export function buildStepFrame(
  step: LabStep,
  records: Record<string, StepRecord>,
  id: number,
): Resolved<Record<string, unknown>> {
  if ("frame" in step) {
    const r = resolveRefs(step.frame, records);
    if (!r.ok) return r;
    const frame = r.value as Record<string, unknown>;
    return {
      ok: true,
      value:
        "id" in frame || typeof frame.method !== "string" || frame.method.startsWith("notifications/")
          ? frame
          : { jsonrpc: "2.0", id, ...frame },
    };
  }
  const original = records[step.retryOf];
  if (!original?.request) return { ok: false, error: `step "${step.retryOf}" sent no request to retry` };
  const result = original.response?.result as Record<string, unknown> | undefined;
  if (!result || result.resultType !== "input_required") {
    return { ok: false, error: `step "${step.retryOf}" did not answer input_required, so there is nothing to retry` };
  }
  const answers = resolveRefs(step.answers, records);
  if (!answers.ok) return answers;
  const params = { ...((original.request.params as Record<string, unknown>) ?? {}) };
  delete params.inputResponses;
  delete params.requestState;
  const retryParams: Record<string, unknown> = { ...params, inputResponses: answers.value };
  if (typeof result.requestState === "string") retryParams.requestState = result.requestState;
  return { ok: true, value: { jsonrpc: "2.0", id, method: original.request.method, params: retryParams } };
}
