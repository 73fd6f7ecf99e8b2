/** Digest §14 F: stdio framing and lifecycle (C58, C60–C62). stdio targets only. C59 is a client rule. */
import { LEGACY_SPEC, SPEC, check, defineChecks, type CheckDef } from "../define";
import { msg } from "../../i18n/translate";
import { asObject, replyMsg, serverFrames, truncate } from "../wire";
import { eventFrame, sentText } from "../../protocol/exchange";

export const STDIO_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§9.1", path: SPEC.stdio }, transports: "stdio" },
  [
    check(
      "C58",
      "MUST",
      async (ctx) => {
        // A fresh process shows what the server prints at start-up, where banners usually hide.
        await ctx.rawRequest(ctx.openingFrame(), {
          processMode: "fresh",
          ...ctx.labelled(msg("checkLabels.openingStartup")),
        });
        let lines = 0;
        let stderr = 0;
        for (const ex of ctx.observed()) {
          if (ex.transport !== "stdio" || sentText(ex).trimStart().startsWith("[")) continue; // C62's batch is judged there
          for (const e of ex.events) {
            if (e.kind === "stderr") stderr += 1;
            if (e.kind !== "stdout" || e.text.trim() === "") continue;
            lines += 1;
            const frame = eventFrame(e);
            const f = asObject(frame);
            const problem =
              e.parseError !== undefined || frame === undefined
                ? "notJson"
                : !f
                  ? "notObject"
                  : f.jsonrpc !== "2.0"
                    ? "noJsonrpc"
                    : undefined;
            if (problem) {
              ctx.cite(ex);
              return ctx.fail(msg(`checks.d.C58.${problem}`, { line: JSON.stringify(truncate(e.text, 80)) }));
            }
          }
        }
        return ctx.pass(
          stderr
            ? msg("checks.d.C58.passStderr", { n: String(lines), stderr: String(stderr) })
            : msg("checks.d.C58.pass", { n: String(lines) }),
        );
      },
      true,
      LEGACY_SPEC.stdio,
    ),
    check(
      "C60",
      "SHOULD",
      async (ctx) => {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          processMode: "fresh",
          ...ctx.labelled(msg("checkLabels.openingStdinCloses")),
        });
        const exit = reply.exchange.events.find((e) => e.kind === "exit");
        if (!exit || exit.kind !== "exit") return ctx.blocked(msg("checks.d.C60.noExit"));
        const answeredAt = reply.exchange.events.filter((e) => e.kind === "stdout").at(-1)?.t ?? 0;
        if (exit.signal) return ctx.fail(msg("checks.d.C60.fail", { signal: exit.signal }));
        return ctx.pass(
          msg("checks.d.C60.pass", {
            code: String(exit.code),
            ms: String(Math.max(0, Math.round(exit.t - answeredAt))),
          }),
        );
      },
      false,
      `${LEGACY_SPEC.lifecycle}#stdio`,
    ),
    check("C61", "MUST", async (ctx) => {
      const method = (await ctx.declares("tools"))
        ? "tools/list"
        : (await ctx.declares("prompts"))
          ? "prompts/list"
          : (await ctx.declares("resources"))
            ? "resources/list"
            : "server/discover";
      const reply = await ctx.request(
        method,
        {},
        { processMode: "fresh", ...ctx.labelled(msg("checkLabels.firstOfFresh", { method })) },
      );
      if (reply.kind === "result" && typeof reply.result.resultType === "string")
        return ctx.pass(msg("checks.d.C61.pass", { method, reply: replyMsg(reply) }));
      // Served, with no handshake before it: the rule holds. A missing resultType is C13's failure, not this one's.
      if (reply.kind === "result") return ctx.pass(msg("checks.d.C61.passNoResultType", { method }));
      return ctx.fail(msg("checks.d.C61.fail", { method, reply: replyMsg(reply) }));
    }),
    check("C62", "MAY", async (ctx) => {
      const ids = [ctx.nextId(), ctx.nextId()];
      const batch = JSON.stringify(
        ids.map((id) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: ctx.envelope() } })),
      );
      const ex = await ctx.raw(batch, {
        ...ctx.labelled(msg("checkLabels.batch")),
        processMode: "fresh",
        insist: true,
        timeoutMs: Math.min(1000, ctx.options.timeoutMs),
      });
      const frames = serverFrames(ex).map((f) => f.frame);
      const processed = frames.some((f) => Array.isArray(f) || ids.includes(String(asObject(f)?.id)));
      if (processed) return ctx.warn(msg("checks.d.C62.processed"));
      const err = frames.map(asObject).find((f) => asObject(f?.error));
      return ctx.pass(
        err ? msg("checks.d.C62.rejected", { code: String(asObject(err!.error)?.code) }) : msg("checks.d.C62.ignored"),
      );
    }),
  ],
);
