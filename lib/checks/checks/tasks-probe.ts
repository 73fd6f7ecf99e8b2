/**
 * How the Tasks checks find and drive a task: the survey of the run's callable tools called with the extension
 * declared, tasks/get and following a task to a terminal state within a budget. Pure: all I/O through the context.
 */
import { TASKS_EXTENSION } from "../../tasks/shapes";
import { FULL_CAPABILITIES, type CheckContext } from "../context";
import type { Verdict } from "../types";
import { asObject as obj, type JsonObject as Json, type Reply } from "../wire";
import { msg } from "../../i18n/translate";

export const EXT = TASKS_EXTENSION;
export const NOT_A_TASKS_SERVER = msg("checks.d.tasks.notTasksServer", { ext: EXT });

export const EXT_CAPS: Json = { ...FULL_CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } };
const MAX_TOOLS = 6;
/** How long a check follows a task before it gives up (the demo's slowest probe needs ~3 s). */
export const FOLLOW_BUDGET_MS = 12_000;
const MIN_POLL_MS = 250;
export const TASKS_SPEC = "ext-tasks:docs/specification/draft/tasks.mdx";

interface TaskProbe {
  tool: string;
  args: Json;
  created: Reply & { kind: "result" };
}

interface Survey {
  advertised: boolean;
  /** Every tool called with the extension declared, and the first reply. */
  calls: { tool: string; args: Json; reply: Reply }[];
  probes: TaskProbe[];
}

export function survey(ctx: CheckContext): Promise<Survey> {
  return ctx.once("tasks-survey", async () => {
    const discover = await ctx.discover();
    const advertised = obj(obj(discover.capabilities.extensions)?.[TASKS_EXTENSION]) !== undefined;
    const calls: Survey["calls"] = [];
    const probes: TaskProbe[] = [];
    for (const t of (await ctx.callableTools()).slice(0, MAX_TOOLS)) {
      if (typeof t.name !== "string") continue;
      const args = ctx.toolArguments(t);
      const reply = await ctx.request(
        "tools/call",
        { name: t.name, arguments: args },
        { envelope: { capabilities: EXT_CAPS }, label: `tasks: ${t.name} with the extension declared` },
      );
      calls.push({ tool: t.name, args, reply });
      if (reply.kind === "result" && reply.result.resultType === "task")
        probes.push({ tool: t.name, args, created: reply });
    }
    return { advertised, calls, probes };
  });
}

export function taskIdOf(reply: Reply): string | undefined {
  return reply.kind === "result" && typeof reply.result.taskId === "string" ? reply.result.taskId : undefined;
}

export function get(
  ctx: CheckContext,
  taskId: string,
  label: string,
  opts: { headers?: Record<string, string>; http?: { omitImplied?: string[] } } = {},
) {
  return ctx.request(
    "tasks/get",
    { taskId },
    { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} tasks/get (${label})`, ...opts },
  );
}

/** Polls tasks/get until `done` holds or the budget runs out; returns every reply. */
export async function follow(
  ctx: CheckContext,
  taskId: string,
  done: (r: Reply) => boolean,
  budgetMs = FOLLOW_BUDGET_MS,
): Promise<Reply[]> {
  const replies: Reply[] = [];
  const started = Date.now();
  let interval = 500;
  while (Date.now() - started < budgetMs) {
    await ctx.sleep(interval);
    const r = await get(ctx, taskId, `poll ${replies.length + 1}`);
    replies.push(r);
    if (r.kind !== "result" || done(r)) break;
    const p = r.result.pollIntervalMs;
    interval = typeof p === "number" && p >= MIN_POLL_MS ? Math.min(p, 2000) : 500;
  }
  return replies;
}

export const terminal = (r: Reply) =>
  r.kind === "result" && ["completed", "failed", "cancelled"].includes(String(r.result.status));

/** Skip unless the server makes tasks (or advertises the extension, for the checks that only need that). */
/** The probe's tool called with every capability but the tasks extension. */
export function callWithoutExtension(ctx: CheckContext, probe: TaskProbe) {
  const label = `${ctx.checkId} ${probe.tool} without the extension`;
  return ctx.request(
    "tools/call",
    { name: probe.tool, arguments: probe.args },
    { envelope: { capabilities: FULL_CAPABILITIES }, label },
  );
}

export async function withProbe(
  ctx: CheckContext,
  run: (probe: TaskProbe, s: Survey) => Promise<Verdict>,
): Promise<Verdict> {
  const s = await survey(ctx);
  const probe = s.probes[0];
  if (!probe) {
    return ctx.skip(
      s.advertised
        ? msg("checks.d.tasks.noTaskTool", { ext: EXT, n: String(s.calls.length), policy: ctx.options.toolCalls })
        : NOT_A_TASKS_SERVER,
    );
  }
  ctx.cite(probe.created);
  return run(probe, s);
}
