/** Digest §14 C: multi round-trip requests (C24–C32). */
import type { Exchange } from "../../bridge/contract";
import { FULL_CAPABILITIES, type CheckContext, type MrtrProbe } from "../context";
import { SPEC, errorData, wrongStatusMsg, defineChecks, type CheckDef } from "../define";
import { capabilityFor, declares } from "../synthesize";
import type { Verdict } from "../types";
import { replyMsg, asObject, replyOf, sentFrame, sentMeta, serverFrames, clauses, type JsonObject } from "../wire";
import { msg, type Msg } from "../../i18n/translate";

const MRTR_METHODS = ["tools/call", "prompts/get", "resources/read"];
const INPUT_METHODS = ["elicitation/create", "sampling/createMessage", "roots/list"];

/** Every input_required result observed in the run, with the request that got it. */
function inputRequiredResults(
  exchanges: readonly Exchange[],
): { ex: Exchange; method: string; result: JsonObject; caps: JsonObject }[] {
  const out: { ex: Exchange; method: string; result: JsonObject; caps: JsonObject }[] = [];
  for (const ex of exchanges) {
    const reply = replyOf(ex);
    if (reply.kind !== "result" || reply.result.resultType !== "input_required") continue;
    const caps = asObject(sentMeta(ex)?.["io.modelcontextprotocol/clientCapabilities"]) ?? {};
    out.push({ ex, method: String(sentFrame(ex)?.method), result: reply.result, caps });
  }
  return out;
}

function noProbe(ctx: CheckContext): Verdict {
  return ctx.skip(
    msg(ctx.options.toolCalls === "none" ? "checks.d.mrtr.noProbe" : "checks.d.mrtr.noProbeTools", {
      policy: ctx.options.toolCalls,
    }),
  );
}

/** The prelude most MRTR checks share: find a request that answers input_required, or skip saying why not. */
function withMrtrProbe(run: (ctx: CheckContext, probe: MrtrProbe) => Promise<Verdict>): CheckDef["run"] {
  return async (ctx) => {
    const probe = await ctx.mrtr();
    return probe ? run(ctx, probe) : noProbe(ctx);
  };
}

/** Replaces one base64url/base64 character in the middle, keeping the alphabet. */
export function tamper(state: string): string {
  if (!state.length) return "x";
  const i = Math.floor(state.length / 2);
  const c = state[i];
  const swap = c === "A" ? "B" : c === "a" ? "b" : /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : "A";
  return `${state.slice(0, i)}${swap}${state.slice(i + 1)}`;
}

function retry(ctx: CheckContext, probe: MrtrProbe, params: JsonObject, fresh: boolean) {
  return ctx.request(probe.method, params, {
    envelope: { capabilities: FULL_CAPABILITIES },
    processMode: fresh ? "fresh" : "keep",
  });
}

export const MRTR_CHECKS: CheckDef[] = defineChecks({ spec: { section: "§6", path: SPEC.mrtr }, transports: "both" }, [
  {
    id: "C24",
    level: "MUST",
    aggregate: true,
    async run(ctx) {
      await ctx.mrtr();
      if (await ctx.declares("completions")) {
        const prompt = (await ctx.declares("prompts")) ? (await ctx.list("prompts/list")).items[0] : undefined;
        const ref = prompt ? { type: "ref/prompt", name: prompt.name } : { type: "ref/prompt", name: "playground" };
        await ctx.request(
          "completion/complete",
          { ref, argument: { name: "x", value: "" } },
          { envelope: { capabilities: FULL_CAPABILITIES } },
        );
      }
      const wrong = inputRequiredResults(ctx.observed()).filter((r) => !MRTR_METHODS.includes(r.method));
      for (const w of wrong) ctx.cite(w.ex);
      if (wrong.length)
        return ctx.fail(msg("checks.d.C24.fail", { methods: [...new Set(wrong.map((w) => w.method))].join(", ") }));
      return ctx.pass(
        msg("checks.d.C24.pass", {
          methods: MRTR_METHODS.join(", "),
          n: String(inputRequiredResults(ctx.observed()).length),
        }),
      );
    },
  },
  {
    id: "C25",
    level: "MUST",
    section: "§6.1",
    aggregate: true,
    async run(ctx) {
      await ctx.mrtr();
      const all = inputRequiredResults(ctx.observed());
      if (!all.length) return noProbe(ctx);
      const problems: Msg[] = [];
      const hints: string[] = [];
      for (const { ex, method, result } of all) {
        const requests = asObject(result.inputRequests);
        const hasRequests = requests !== undefined && Object.keys(requests).length > 0;
        if (!hasRequests && typeof result.requestState !== "string")
          problems.push(msg("checks.d.C25.neither", { method }));
        for (const [key, value] of Object.entries(requests ?? {})) {
          const m = asObject(value)?.method;
          if (!INPUT_METHODS.includes(String(m)))
            problems.push(msg("checks.d.C25.badMethod", { method, key, value: JSON.stringify(m) }));
        }
        if ("ttlMs" in result || "cacheScope" in result) hints.push(method);
        if (problems.length || hints.length) ctx.cite(ex);
      }
      if (problems.length)
        return ctx.fail(
          msg("checks.d.C25.fail", { problems: clauses(problems.slice(0, 3)), methods: INPUT_METHODS.join(", ") }),
        );
      if (hints.length) return ctx.warn(msg("checks.d.C25.hints", { methods: hints.join(", ") }));
      return ctx.pass(msg("checks.d.C25.pass", { n: String(all.length) }));
    },
  },
  {
    id: "C26",
    level: "MUST",
    section: "§6.2",
    run: withMrtrProbe(async (ctx, probe) => {
      const reply = await ctx.request(probe.method, probe.params, { envelope: { capabilities: {} } });
      const fix = msg("checks.d.C26.fix");
      const label = probe.label;
      if (reply.kind === "error") {
        if (reply.code !== -32021) return ctx.fail(msg("checks.d.C26.noCaps", { label, reply: replyMsg(reply), fix }));
        if (!asObject(errorData(reply)?.requiredCapabilities))
          return ctx.fail(msg("checks.d.C26.noData", { example: '{"elicitation":{}}' }));
        const status = wrongStatusMsg(reply, 400);
        if (status) return ctx.fail(msg("checks.d.C26.status", { status, fix }));
      } else if (
        reply.kind === "result" &&
        reply.result.resultType === "input_required" &&
        Object.keys(asObject(reply.result.inputRequests) ?? {}).length
      ) {
        return ctx.fail(
          msg("checks.d.C26.asked", {
            label,
            keys: Object.keys(asObject(reply.result.inputRequests)!).join(", "),
            fix,
          }),
        );
      } else if (reply.kind === "none") {
        return ctx.fail(msg("checks.d.C26.none", { label, reply: replyMsg(reply), fix }));
      }
      // The whole run: no input request needs a top-level capability its request left out (url mode is C27's rule).
      for (const { ex, method, result, caps } of inputRequiredResults(ctx.observed())) {
        for (const [key, value] of Object.entries(asObject(result.inputRequests) ?? {})) {
          const need = capabilityFor(value);
          if (need && need !== "elicitation.url" && !declares(caps, need)) {
            ctx.cite(ex);
            return ctx.fail(msg("checks.d.C26.undeclared", { method, key, need, fix }));
          }
        }
      }
      return ctx.pass(
        reply.kind === "error"
          ? msg("checks.d.C26.passNaming", {
              label,
              reply: replyMsg(reply),
              required: JSON.stringify(errorData(reply)?.requiredCapabilities),
            })
          : msg("checks.d.C26.pass", { label, reply: replyMsg(reply) }),
      );
    }),
  },
  {
    id: "C27",
    level: "MUST",
    spec: { section: "§11", path: SPEC.elicitation },
    run: withMrtrProbe(async (ctx, probe) => {
      await ctx.request(probe.method, probe.params, { envelope: { capabilities: { elicitation: {} } } });
      for (const { ex, method, result, caps } of inputRequiredResults(ctx.observed())) {
        for (const [key, value] of Object.entries(asObject(result.inputRequests) ?? {})) {
          if (capabilityFor(value) === "elicitation.url" && !declares(caps, "elicitation.url")) {
            ctx.cite(ex);
            return ctx.fail(msg("checks.d.C27.fail", { method, key }));
          }
        }
      }
      return ctx.pass(msg("checks.d.C27.pass", { label: probe.label, declared: "elicitation {}" }));
    }),
  },
  {
    id: "C28",
    level: "MUST",
    run: withMrtrProbe(async (ctx, probe) => {
      const reply = await retry(ctx, probe, ctx.retryParams(probe), ctx.transport === "stdio");
      const where = msg(ctx.transport === "stdio" ? "checks.d.C28.fresh" : "checks.d.C28.newRequest");
      if (reply.kind === "result") return ctx.pass(msg("checks.d.C28.pass", { where, reply: replyMsg(reply) }));
      return ctx.fail(msg("checks.d.C28.fail", { where, reply: replyMsg(reply) }));
    }),
  },
  {
    id: "C29",
    level: "SHOULD",
    run: withMrtrProbe(async (ctx, probe) => {
      if (!Object.keys(asObject(probe.first.result.inputRequests) ?? {}).length)
        return ctx.skip(msg("checks.d.C29.stateOnly"));
      const reply = await retry(ctx, probe, ctx.retryParams(probe, { inputResponses: {} }), false);
      if (reply.kind === "result") return ctx.pass(msg("checks.d.C29.pass", { reply: replyMsg(reply) }));
      return ctx.fail(msg("checks.d.C29.fail", { reply: replyMsg(reply) }));
    }),
  },
  {
    id: "C30",
    level: "SHOULD",
    run: withMrtrProbe(async (ctx, probe) => {
      const base = ctx.retryParams(probe);
      const plain = await retry(ctx, probe, base, false);
      const extra = await retry(
        ctx,
        probe,
        { ...base, inputResponses: { ...asObject(base.inputResponses), playground_extra: { action: "accept" } } },
        false,
      );
      if (plain.kind === extra.kind)
        return ctx.pass(msg("checks.d.C30.pass", { key: "playground_extra", reply: replyMsg(extra) }));
      return ctx.fail(msg("checks.d.C30.fail", { plain: replyMsg(plain), extra: replyMsg(extra) }));
    }),
  },
  {
    id: "C31",
    level: "MUST",
    run: withMrtrProbe(async (ctx, probe) => {
      const state = probe.first.result.requestState;
      if (typeof state !== "string") return ctx.skip(msg("checks.d.C31.noState"));
      const reply = await retry(ctx, probe, ctx.retryParams(probe, { requestState: tamper(state) }), false);
      if (reply.kind === "error" || (reply.kind === "result" && reply.result.resultType === "input_required")) {
        return ctx.pass(msg("checks.d.C31.pass", { reply: replyMsg(reply) }));
      }
      return ctx.warn(msg("checks.d.C31.warn", { reply: replyMsg(reply) }));
    }),
  },
  {
    id: "C32",
    level: "SHOULD",
    spec: { section: "§9.2", path: SPEC.http },
    transports: "http",
    aggregate: true,
    async run(ctx) {
      await ctx.mrtr();
      let streamed = 0;
      for (const ex of ctx.observed()) {
        const sse = serverFrames(ex).filter((f) => f.via === "sse");
        if (!sse.length) continue;
        const idx = sse.findIndex((f) => asObject(asObject(f.frame)?.result)?.resultType === "input_required");
        if (idx < 0) continue;
        streamed += 1;
        if (idx !== sse.length - 1) {
          ctx.cite(ex);
          return ctx.warn(
            msg("checks.d.C32.warn", { method: String(sentFrame(ex)?.method), n: String(sse.length - 1 - idx) }),
          );
        }
      }
      if (!streamed) return ctx.skip(msg("checks.d.C32.noSse"));
      return ctx.pass(msg("checks.d.C32.pass", { n: String(streamed) }));
    },
  },
]);
