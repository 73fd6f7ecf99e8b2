/** Digest §14 F: stdio framing and lifecycle (C58, C60–C62). stdio targets only. C59 is a client rule. */
import { checkTitle, BOTH_ERAS, LEGACY_SPEC, SPEC, check, defineChecks, type CheckDef } from "../define";
import { describeReply, asObject, serverFrames, truncate } from "../wire";

export const STDIO_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§9.1", path: SPEC.stdio }, transports: "stdio" },
  [
    check(
      "C58",
      checkTitle("C58"),
      "MUST",
      async (ctx) => {
        // A fresh process shows what the server prints at start-up, where banners usually hide.
        await ctx.rawRequest(ctx.openingFrame(), {
          processMode: "fresh",
          label: `${ctx.checkId} opening request (fresh process: start-up output)`,
        });
        let lines = 0;
        let stderr = 0;
        for (const ex of ctx.observed()) {
          if (ex.transport !== "stdio" || ex.sent.trimStart().startsWith("[")) continue; // C62's batch is judged there
          for (const e of ex.events) {
            if (e.kind === "stderr") stderr += 1;
            if (e.kind !== "stdout" || e.text.trim() === "") continue;
            lines += 1;
            const f = asObject(e.frame);
            const problem =
              e.parseError !== undefined || e.frame === undefined
                ? "is not JSON"
                : !f
                  ? "is JSON but not an object"
                  : f.jsonrpc !== "2.0"
                    ? 'has no "jsonrpc":"2.0"'
                    : undefined;
            if (problem) {
              ctx.cite(ex);
              return ctx.fail(
                `A stdout line ${problem}: ${JSON.stringify(truncate(e.text, 80))}; write only JSON-RPC messages to stdout, one per line, and send logs and banners to stderr.`,
              );
            }
          }
        }
        return ctx.pass(
          `All ${lines} stdout lines were single JSON-RPC messages${stderr ? ` (${stderr} stderr lines, which is fine)` : ""}.`,
        );
      },
      true,
      BOTH_ERAS,
      LEGACY_SPEC.stdio,
    ),
    check(
      "C60",
      checkTitle("C60"),
      "SHOULD",
      async (ctx) => {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          processMode: "fresh",
          label: `${ctx.checkId} opening request (fresh process, then stdin closes)`,
        });
        const exit = reply.exchange.events.find((e) => e.kind === "exit");
        if (!exit || exit.kind !== "exit")
          return ctx.blocked("The exchange recorded no process exit, so the shutdown could not be observed.");
        const answeredAt = reply.exchange.events.filter((e) => e.kind === "stdout").at(-1)?.t ?? 0;
        if (exit.signal)
          return ctx.fail(
            `The process did not exit after stdin closed and was ended with ${exit.signal}; exit promptly on stdin EOF.`,
          );
        return ctx.pass(
          `Exited with code ${exit.code} ${Math.max(0, Math.round(exit.t - answeredAt))} ms after its last answer, once stdin closed.`,
        );
      },
      false,
      BOTH_ERAS,
      `${LEGACY_SPEC.lifecycle}#stdio`,
    ),
    check("C61", checkTitle("C61"), "MUST", async (ctx) => {
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
        { processMode: "fresh", label: `${ctx.checkId} ${method} as the first message of a fresh process` },
      );
      if (reply.kind === "result" && typeof reply.result.resultType === "string")
        return ctx.pass(`${method} as the very first message answered ${describeReply(reply)}.`);
      return ctx.fail(
        `${method} as the first message of a fresh process answered ${describeReply(reply)}; serve every 2026-07-28 request on its own, without server/discover or initialize before it.`,
      );
    }),
    check("C62", checkTitle("C62"), "MAY", async (ctx) => {
      const ids = [ctx.nextId(), ctx.nextId()];
      const batch = JSON.stringify(
        ids.map((id) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: ctx.envelope() } })),
      );
      const ex = await ctx.raw(batch, {
        label: `${ctx.checkId} a batch of two tools/list`,
        processMode: "fresh",
        insist: true,
        timeoutMs: Math.min(1000, ctx.options.timeoutMs),
      });
      const frames = serverFrames(ex).map((f) => f.frame);
      const processed = frames.some((f) => Array.isArray(f) || ids.includes(String(asObject(f)?.id)));
      if (processed)
        return ctx.warn(
          "The batch was processed (answers for its members came back); 2026-07-28 has no batching — answer -32600 or ignore arrays.",
        );
      const err = frames.map(asObject).find((f) => asObject(f?.error));
      return ctx.pass(
        err ? `Rejected with error ${String(asObject(err!.error)?.code)}.` : "No answer: the array was not processed.",
      );
    }),
  ],
);
