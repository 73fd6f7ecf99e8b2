/**
 * The Tasks extension (io.modelcontextprotocol/tasks; ext-tasks tasks.mdx, digest §6.8): T01–T10. They run only
 * against a server that advertises the extension or makes a task when asked; a task is found by calling the
 * run's callable tools with the extension declared. Pure: all I/O through the context.
 */
import { readTask, TASKS_EXTENSION } from "../../tasks/shapes";
import { FULL_CAPABILITIES, type CheckContext } from "../context";
import { checkTitle, MODERN_ONLY, isErrorCode, wrongStatus, wrongStatusMsg, type CheckDef } from "../define";
import { answerInputRequests } from "../synthesize";
import type { Level, Verdict } from "../types";
import { asObject as obj, clauses, replyMsg, type Reply } from "../wire";
import { msg, say, type Msg } from "../../i18n/translate";
import {
  EXT,
  NOT_A_TASKS_SERVER,
  EXT_CAPS,
  FOLLOW_BUDGET_MS,
  TASKS_SPEC,
  survey,
  taskIdOf,
  get,
  follow,
  terminal,
  callWithoutExtension,
  withProbe,
} from "./tasks-probe";

function check(
  id: string,
  level: Level,
  transports: CheckDef["transports"],
  run: (ctx: CheckContext) => Promise<Verdict>,
): CheckDef {
  return {
    id,
    title: checkTitle(id),
    level,
    spec: { section: "§6.8", path: TASKS_SPEC },
    transports,
    eras: MODERN_ONLY,
    run,
  };
}

export const TASK_CHECKS: CheckDef[] = [
  check("T01", "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (s.advertised)
      return ctx.pass(
        s.probes.length
          ? msg("checks.d.T01.passTools", { ext: EXT, tools: s.probes.map((p) => p.tool).join(", ") })
          : msg("checks.d.T01.pass", { ext: EXT }),
      );
    if (!s.probes.length) return ctx.skip(NOT_A_TASKS_SERVER);
    ctx.cite(s.probes[0].created);
    return ctx.fail(msg("checks.d.T01.fail", { tool: s.probes[0].tool, ext: EXT }));
  }),

  check("T02", "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const reply = await callWithoutExtension(ctx, probe);
      if (reply.kind === "result" && reply.result.resultType === "task")
        return ctx.fail(msg("checks.d.T02.fail", { tool: probe.tool, ext: EXT }));
      return ctx.pass(msg("checks.d.T02.pass", { tool: probe.tool, reply: replyMsg(reply) }));
    }),
  ),

  check("T03", "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const reply = await callWithoutExtension(ctx, probe);
      if (reply.kind === "result" && reply.result.resultType !== "task")
        return ctx.skip(msg("checks.d.T03.noTaskNeeded", { tool: probe.tool, reply: replyMsg(reply) }));
      if (!isErrorCode(reply, -32021))
        return ctx.fail(msg("checks.d.T03.fail", { tool: probe.tool, reply: replyMsg(reply), ext: EXT }));
      const named = obj(obj(obj(reply.data)?.requiredCapabilities)?.extensions)?.[TASKS_EXTENSION] !== undefined;
      if (!named) return ctx.fail(msg("checks.d.T03.unnamed", { ext: EXT }));
      const badStatus = wrongStatusMsg(reply, 400);
      if (badStatus) return ctx.fail(msg("checks.d.T03.status", { status: badStatus }));
      return ctx.pass(msg("checks.d.T03.pass", { ext: EXT }));
    }),
  ),

  check("T04", "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const reply = await get(ctx, taskId, "right after creation");
      if (reply.kind !== "result") return ctx.fail(msg("checks.d.T04.fail", { reply: replyMsg(reply) }));
      if (reply.result.taskId !== taskId)
        return ctx.fail(msg("checks.d.T04.otherTask", { got: JSON.stringify(reply.result.taskId), taskId }));
      return ctx.pass(msg("checks.d.T04.pass", { status: String(reply.result.status) }));
    }),
  ),

  check("T05", "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const replies = await follow(ctx, taskId, terminal);
      // Each problem once (by its English), however many polls showed it.
      const problems = new Map<string, Msg>();
      const add = (m: Msg) => problems.set(say(m), m);
      for (const r of replies) {
        if (r.kind !== "result") {
          add(msg("checks.d.T05.poll", { reply: replyMsg(r) }));
          continue;
        }
        if (r.result.resultType !== "complete")
          add(msg("checks.d.T05.resultType", { value: JSON.stringify(r.result.resultType) }));
        // The task reader's own sentences (lib/tasks), in the reader's language.
        for (const p of readTask(r.result).problemMsgs) add(p);
      }
      const last = replies[replies.length - 1];
      if (problems.size) return ctx.fail(msg("checks.d.T05.fail", { problems: clauses([...problems.values()]) }));
      if (!last || !terminal(last))
        return ctx.warn(
          msg("checks.d.T05.unfinished", { s: String(FOLLOW_BUDGET_MS / 1000), n: String(replies.length) }),
        );
      const status = String((last as Reply & { kind: "result" }).result.status);
      return ctx.pass(
        msg(status === "completed" ? "checks.d.T05.passInline" : "checks.d.T05.pass", {
          n: String(replies.length),
          status,
        }),
      );
    }),
  ),

  check("T06", "MUST", "http", (ctx) =>
    withProbe(ctx, async (probe) => {
      const taskId = taskIdOf(probe.created)!;
      const missing = await get(ctx, taskId, "no Mcp-Name", { http: { omitImplied: ["Mcp-Name"] } });
      const wrong = await get(ctx, taskId, "wrong Mcp-Name", { headers: { "Mcp-Name": "playground-wrong-task" } });
      const bad = [missing, wrong].filter((r) => !(isErrorCode(r, -32020) && !wrongStatus(r, 400)));
      if (bad.length)
        return ctx.fail(
          msg("checks.d.T06.fail", {
            bad: clauses(
              bad.map((r) =>
                r === missing
                  ? msg("checks.d.T06.missing", { reply: replyMsg(r) })
                  : msg("checks.d.T06.wrong", { value: "playground-wrong-task", reply: replyMsg(r) }),
              ),
            ),
          }),
        );
      return ctx.pass(msg("checks.d.T06.pass"));
    }),
  ),

  check("T07", "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.advertised && !s.probes.length) return ctx.skip(NOT_A_TASKS_SERVER);
    const reply = await get(ctx, "playground-no-such-task", "unknown id");
    if (isErrorCode(reply, -32602)) return ctx.pass(msg("checks.d.T07.pass", { reply: replyMsg(reply) }));
    return ctx.fail(msg("checks.d.T07.fail", { reply: replyMsg(reply) }));
  }),

  check("T08", "MUST", "both", (ctx) =>
    withProbe(ctx, async (probe) => {
      const created = await ctx.request(
        "tools/call",
        { name: probe.tool, arguments: probe.args },
        { envelope: { capabilities: EXT_CAPS }, ...ctx.labelled(msg("checkLabels.taskToCancel")) },
      );
      const taskId = taskIdOf(created);
      if (!taskId || created.kind !== "result" || created.result.resultType !== "task")
        return ctx.fail(msg("checks.d.T08.noTask", { tool: probe.tool, reply: replyMsg(created) }));
      const ack = await ctx.request(
        "tasks/cancel",
        { taskId },
        { envelope: { capabilities: EXT_CAPS }, label: `${ctx.checkId} tasks/cancel` },
      );
      if (ack.kind !== "result") return ctx.fail(msg("checks.d.T08.notAck", { reply: replyMsg(ack) }));
      const extra = Object.keys(ack.result).filter((k) => k !== "resultType" && k !== "_meta");
      if (ack.result.resultType !== "complete" || extra.length) {
        const carries = extra.length ? extra.join(", ") : `resultType ${JSON.stringify(ack.result.resultType)}`;
        return ctx.fail(msg("checks.d.T08.notEmpty", { carries }));
      }
      return ctx.pass(msg("checks.d.T08.pass"));
    }),
  ),

  check("T09", "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.probes.length) return ctx.skip(msg("checks.d.T09.noTask", { policy: ctx.options.toolCalls }));
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
        return ctx.fail(msg("checks.d.T09.notAck", { reply: replyMsg(ack) }));
      const after = (
        await follow(ctx, taskId, (r) => r.kind !== "result" || r.result.status !== "input_required", 6000)
      ).at(-1);
      if (after?.kind === "result" && after.result.status !== "input_required")
        return ctx.pass(msg("checks.d.T09.pass", { tool: probe.tool, status: String(after.result.status) }));
      return ctx.fail(
        msg("checks.d.T09.stuck", { tool: probe.tool, reply: after ? replyMsg(after) : msg("checks.d.T09.noPoll") }),
      );
    }
    return ctx.skip(msg("checks.d.T09.noInput", { tools: s.probes.map((p) => p.tool).join(", ") }));
  }),

  check("T10", "MUST", "both", async (ctx) => {
    const s = await survey(ctx);
    if (!s.advertised && !s.probes.length) return ctx.skip(NOT_A_TASKS_SERVER);
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
      ...ctx.labelled(msg("checkLabels.listenNoExtension")),
      timeoutMs: window,
    });
    // A stream the server opened anyway is ended as a client ends it (stdio: cancel; HTTP: the bridge closed it).
    if (ctx.transport === "stdio" && reply.kind === "none")
      await ctx.notify("notifications/cancelled", {
        requestId: id,
        reason: "playground check: listen refused expected",
      });
    if (isErrorCode(reply, -32021)) return ctx.pass(msg("checks.d.T10.pass", { reply: replyMsg(reply) }));
    return ctx.fail(msg("checks.d.T10.fail", { ext: EXT, reply: replyMsg(reply) }));
  }),
];
