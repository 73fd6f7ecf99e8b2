/**
 * The Tasks extension (io.modelcontextprotocol/tasks; ext-tasks tasks.mdx, digest §6.8): T01–T10. They run only
 * against a server that advertises the extension or makes a task when asked; a task is found by calling the
 * run's callable tools with the extension declared. Pure: all I/O through the context.
 */
import { readTask, TASKS_EXTENSION } from "../../tasks/shapes";
import { FULL_CAPABILITIES, type CheckContext } from "../context";
import { checkTitle, MODERN_ONLY, isErrorCode, wrongStatus, type CheckDef } from "../define";
import { answerInputRequests } from "../synthesize";
import type { Level, Verdict } from "../types";
import { asObject as obj, describeReply, type JsonObject as Json, type Reply } from "../wire";

const EXT_CAPS: Json = { ...FULL_CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } };
const MAX_TOOLS = 6;
/** How long a check follows a task before it gives up (the demo's slowest probe needs ~3 s). */
const FOLLOW_BUDGET_MS = 12_000;
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

function survey(ctx: CheckContext): Promise<Survey> {
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

function taskIdOf(reply: Reply): string | undefined {
  return reply.kind === "result" && typeof reply.result.taskId === "string" ? reply.result.taskId : undefined;
}

function get(
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
async function follow(
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

const terminal = (r: Reply) =>
  r.kind === "result" && ["completed", "failed", "cancelled"].includes(String(r.result.status));

/** Skip unless the server makes tasks (or advertises the extension, for the checks that only need that). */
/** The probe's tool called with every capability but the tasks extension. */
function callWithoutExtension(ctx: CheckContext, probe: TaskProbe) {
  const label = `${ctx.checkId} ${probe.tool} without the extension`;
  return ctx.request(
    "tools/call",
    { name: probe.tool, arguments: probe.args },
    { envelope: { capabilities: FULL_CAPABILITIES }, label },
  );
}

async function withProbe(ctx: CheckContext, run: (probe: TaskProbe, s: Survey) => Promise<Verdict>): Promise<Verdict> {
  const s = await survey(ctx);
  const probe = s.probes[0];
  if (!probe) {
    return ctx.skip(
      s.advertised
        ? `The server advertises ${TASKS_EXTENSION} but none of the ${s.calls.length} tool(s) this run may call (tool calls: ${ctx.options.toolCalls}) answered resultType "task".`
        : `Not a tasks server: no ${TASKS_EXTENSION} in server/discover and no tool answered resultType "task".`,
    );
  }
  ctx.cite(probe.created);
  return run(probe, s);
}

function check(
  id: string,
  title: string,
  level: Level,
  transports: CheckDef["transports"],
  run: (ctx: CheckContext) => Promise<Verdict>,
): CheckDef {
  return { id, title, level, spec: { section: "§6.8", path: TASKS_SPEC }, transports, eras: MODERN_ONLY, run };
}

export const TASK_CHECKS: CheckDef[] = [
  check("T01", checkTitle("T01"), "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (s.advertised)
      return ctx.pass(
        `capabilities.extensions carries ${TASKS_EXTENSION}${s.probes.length ? ` and ${s.probes.map((p) => p.tool).join(", ")} made tasks` : ""}.`,
      );
    if (!s.probes.length)
      return ctx.skip(
        `Not a tasks server: no ${TASKS_EXTENSION} in server/discover and no tool answered resultType "task".`,
      );
    ctx.cite(s.probes[0].created);
    return ctx.fail(
      `${s.probes[0].tool} answered resultType "task" but server/discover does not advertise ${TASKS_EXTENSION} in capabilities.extensions; add it.`,
    );
  }),

  check("T02", checkTitle("T02"), "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const reply = await callWithoutExtension(ctx, probe);
      if (reply.kind === "result" && reply.result.resultType === "task")
        return ctx.fail(
          `${probe.tool} answered resultType "task" to a request that did not declare ${TASKS_EXTENSION}; answer the result, or -32021.`,
        );
      return ctx.pass(`Without the extension ${probe.tool} answered ${describeReply(reply)}, not a task.`);
    }),
  ),

  check("T03", checkTitle("T03"), "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const reply = await callWithoutExtension(ctx, probe);
      if (reply.kind === "result" && reply.result.resultType !== "task")
        return ctx.skip(
          `${probe.tool} can run without a task (it answered ${describeReply(reply)}), so no -32021 is due.`,
        );
      if (!isErrorCode(reply, -32021))
        return ctx.fail(
          `${probe.tool} without the extension answered ${describeReply(reply)}; a server that cannot serve it without a task answers -32021 with data.requiredCapabilities.extensions["${TASKS_EXTENSION}"].`,
        );
      const named = obj(obj(obj(reply.data)?.requiredCapabilities)?.extensions)?.[TASKS_EXTENSION] !== undefined;
      if (!named)
        return ctx.fail(`-32021 came back but data.requiredCapabilities.extensions does not name ${TASKS_EXTENSION}.`);
      const badStatus = wrongStatus(reply, 400);
      if (badStatus) return ctx.fail(`-32021 naming the extension, but ${badStatus}.`);
      return ctx.pass(`-32021 with data.requiredCapabilities.extensions["${TASKS_EXTENSION}"].`);
    }),
  ),

  check("T04", checkTitle("T04"), "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const reply = await get(ctx, taskId, "right after creation");
      if (reply.kind !== "result")
        return ctx.fail(
          `tasks/get right after the CreateTaskResult answered ${describeReply(reply)}; return CreateTaskResult only once tasks/get for it would resolve.`,
        );
      if (reply.result.taskId !== taskId)
        return ctx.fail(`tasks/get answered for taskId ${JSON.stringify(reply.result.taskId)}, not ${taskId}.`);
      return ctx.pass(`tasks/get resolved at once (status ${String(reply.result.status)}).`);
    }),
  ),

  check("T05", checkTitle("T05"), "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const replies = await follow(ctx, taskId, terminal);
      const problems = new Set<string>();
      for (const r of replies) {
        if (r.kind !== "result") {
          problems.add(`a poll answered ${describeReply(r)}`);
          continue;
        }
        if (r.result.resultType !== "complete")
          problems.add(`tasks/get answered resultType ${JSON.stringify(r.result.resultType)}, not "complete"`);
        for (const p of readTask(r.result).problems) problems.add(p);
      }
      const last = replies[replies.length - 1];
      if (problems.size) return ctx.fail(`${[...problems].join("; ")}.`);
      if (!last || !terminal(last))
        return ctx.warn(
          `The task did not reach a terminal state within ${FOLLOW_BUDGET_MS / 1000} s (${replies.length} polls); every answer so far was well formed.`,
        );
      return ctx.pass(
        `${replies.length} poll(s), each a well-formed task; it ended ${String((last as Reply & { kind: "result" }).result.status)}${(last as Reply & { kind: "result" }).result.status === "completed" ? " with the result inline" : ""}.`,
      );
    }),
  ),

  check("T06", checkTitle("T06"), "MUST", "http", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const missing = await get(ctx, taskId, "no Mcp-Name", { http: { omitImplied: ["Mcp-Name"] } });
      const wrong = await get(ctx, taskId, "wrong Mcp-Name", { headers: { "Mcp-Name": "playground-wrong-task" } });
      const bad = [missing, wrong].filter((r) => !(isErrorCode(r, -32020) && !wrongStatus(r, 400)));
      if (bad.length)
        return ctx.fail(
          `tasks/get ${bad.map((r) => (r === missing ? "without Mcp-Name" : "with Mcp-Name playground-wrong-task") + ` answered ${describeReply(r)}`).join("; ")}; the header must mirror params.taskId (routing affinity), mismatches get -32020.`,
        );
      return ctx.pass("Missing and wrong Mcp-Name were both refused with HTTP 400 and -32020.");
    }),
  ),

  check("T07", checkTitle("T07"), "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.advertised && !s.probes.length)
      return ctx.skip(
        `Not a tasks server: no ${TASKS_EXTENSION} in server/discover and no tool answered resultType "task".`,
      );
    const reply = await get(ctx, "playground-no-such-task", "unknown id");
    if (isErrorCode(reply, -32602)) return ctx.pass(`Unknown taskId answered ${describeReply(reply)}.`);
    return ctx.fail(
      `tasks/get for an unknown taskId answered ${describeReply(reply)}; it must be -32602 (Invalid params).`,
    );
  }),

  check("T08", checkTitle("T08"), "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const created = await ctx.request(
        "tools/call",
        { name: probe.tool, arguments: probe.args },
        { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} a task to cancel` },
      );
      const taskId = taskIdOf(created);
      if (!taskId || created.kind !== "result" || created.result.resultType !== "task")
        return ctx.fail(`A second call of ${probe.tool} answered ${describeReply(created)} instead of a task.`);
      const ack = await ctx.request(
        "tasks/cancel",
        { taskId },
        { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} tasks/cancel` },
      );
      if (ack.kind !== "result")
        return ctx.fail(`tasks/cancel answered ${describeReply(ack)}; acknowledge with an empty result.`);
      const extra = Object.keys(ack.result).filter((k) => k !== "resultType" && k !== "_meta");
      if (ack.result.resultType !== "complete" || extra.length) {
        return ctx.fail(
          `The ack carries ${extra.length ? extra.join(", ") : `resultType ${JSON.stringify(ack.result.resultType)}`}; it must be an empty result with resultType "complete" (the task is read with tasks/get).`,
        );
      }
      return ctx.pass('tasks/cancel answered an empty result with resultType "complete".');
    }),
  ),

  check("T09", checkTitle("T09"), "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.probes.length) return ctx.skip(`No tool of this run made a task (tool calls: ${ctx.options.toolCalls}).`);
    for (const probe of s.probes) {
      const created = await ctx.request(
        "tools/call",
        { name: probe.tool, arguments: probe.args },
        { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} ${probe.tool}` },
      );
      const taskId = taskIdOf(created);
      if (!taskId) continue;
      const asking = (
        await follow(
          ctx,
          taskId,
          (r) => terminal(r) || (r.kind === "result" && r.result.status === "input_required"),
          4000,
        )
      ).at(-1);
      if (!asking || asking.kind !== "result" || asking.result.status !== "input_required") continue;
      ctx.cite(asking);
      const ack = await ctx.request(
        "tasks/update",
        { taskId, inputResponses: answerInputRequests(asking.result.inputRequests) },
        { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} tasks/update` },
      );
      if (ack.kind !== "result" || ack.result.resultType !== "complete")
        return ctx.fail(`tasks/update answered ${describeReply(ack)}; acknowledge with an empty result.`);
      const after = (
        await follow(ctx, taskId, (r) => r.kind !== "result" || r.result.status !== "input_required", 6000)
      ).at(-1);
      if (after?.kind === "result" && after.result.status !== "input_required")
        return ctx.pass(`${probe.tool}: after tasks/update the task moved on to ${String(after.result.status)}.`);
      return ctx.fail(
        `${probe.tool}: the task was still input_required 6 s after tasks/update answered every key (${after ? describeReply(after) : "no poll"}); the answers were not taken.`,
      );
    }
    return ctx.skip(`None of ${s.probes.map((p) => p.tool).join(", ")} asked for input within 4 s.`);
  }),

  check("T10", checkTitle("T10"), "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.advertised && !s.probes.length)
      return ctx.skip(
        `Not a tasks server: no ${TASKS_EXTENSION} in server/discover and no tool answered resultType "task".`,
      );
    const taskId = (s.probes[0] && taskIdOf(s.probes[0].created)) ?? "playground-no-such-task";
    const id = ctx.nextId();
    const window = ctx.options.listenWindowMs;
    const frame = ctx.frame(
      "subscriptions/listen",
      { notifications: { taskIds: [taskId] } },
      { envelope: { capabilities: FULL_CAPABILITIES } },
      id,
    );
    const reply = await ctx.rawRequest(frame, {
      label: `${ctx.checkId} subscriptions/listen for tasks without the extension`,
      timeoutMs: window,
    });
    // A stream the server opened anyway is ended as a client ends it (stdio: cancel; HTTP: the bridge closed it).
    if (ctx.transport === "stdio" && reply.kind === "none")
      await ctx.notify("notifications/cancelled", {
        requestId: id,
        reason: "playground check: listen refused expected",
      });
    if (isErrorCode(reply, -32021))
      return ctx.pass(`Answered ${describeReply(reply)}: task notifications need the extension declared.`);
    return ctx.fail(
      `A listen for taskIds without ${TASKS_EXTENSION} in clientCapabilities.extensions answered ${describeReply(reply)}; refuse it with -32021 (data.requiredCapabilities naming the extension).`,
    );
  }),
];
