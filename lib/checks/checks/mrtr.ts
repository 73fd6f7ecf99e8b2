/** Digest §14 C: multi round-trip requests (C24–C32). */
import type { Exchange } from "../../bridge/contract";
import { FULL_CAPABILITIES, type CheckContext, type MrtrProbe } from "../context";
import { checkTitle, SPEC, errorData, wrongStatus, defineChecks, type CheckDef } from "../define";
import { capabilityFor, declares } from "../synthesize";
import type { Verdict } from "../types";
import { describeReply, asObject, replyOf, sentFrame, sentMeta, serverFrames, type JsonObject } from "../wire";

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
    `No request of this run answered input_required (prompts/get, resources/read${ctx.options.toolCalls === "none" ? "" : ", and the tools the run may call"} were tried with every input capability declared; tool calls: ${ctx.options.toolCalls}).`,
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
    title: checkTitle("C24"),
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
        return ctx.fail(
          `${[...new Set(wrong.map((w) => w.method))].join(", ")} answered input_required; only tools/call, prompts/get and resources/read may — return the final result or an error.`,
        );
      return ctx.pass(
        `Every input_required in this run came from ${MRTR_METHODS.join(", ")} (${inputRequiredResults(ctx.observed()).length} seen).`,
      );
    },
  },
  {
    id: "C25",
    title: checkTitle("C25"),
    level: "MUST",
    section: "§6.1",
    aggregate: true,
    async run(ctx) {
      await ctx.mrtr();
      const all = inputRequiredResults(ctx.observed());
      if (!all.length) return noProbe(ctx);
      const problems: string[] = [];
      const hints: string[] = [];
      for (const { ex, method, result } of all) {
        const requests = asObject(result.inputRequests);
        const hasRequests = requests !== undefined && Object.keys(requests).length > 0;
        if (!hasRequests && typeof result.requestState !== "string")
          problems.push(`${method}: neither inputRequests nor requestState`);
        for (const [key, value] of Object.entries(requests ?? {})) {
          const m = asObject(value)?.method;
          if (!INPUT_METHODS.includes(String(m)))
            problems.push(`${method}: inputRequests.${key}.method is ${JSON.stringify(m)}`);
        }
        if ("ttlMs" in result || "cacheScope" in result) hints.push(method);
        if (problems.length || hints.length) ctx.cite(ex);
      }
      if (problems.length)
        return ctx.fail(
          `${problems.slice(0, 3).join("; ")}; an InputRequiredResult needs inputRequests and/or requestState, each request one of ${INPUT_METHODS.join(", ")}.`,
        );
      if (hints.length)
        return ctx.warn(
          `${hints.join(", ")} put ttlMs/cacheScope on an input_required result, which is not cacheable; leave them off.`,
        );
      return ctx.pass(`${all.length} input_required result(s), all well formed.`);
    },
  },
  {
    id: "C26",
    title: checkTitle("C26"),
    level: "MUST",
    section: "§6.2",
    run: withMrtrProbe(async (ctx, probe) => {
      const reply = await ctx.request(probe.method, probe.params, { envelope: { capabilities: {} } });
      const fix =
        "check the request's clientCapabilities and answer -32021 with data.requiredCapabilities (HTTP 400) instead of asking.";
      if (reply.kind === "error") {
        if (reply.code !== -32021)
          return ctx.fail(`${probe.label} with no declared capabilities answered ${describeReply(reply)}; ${fix}`);
        if (!asObject(errorData(reply)?.requiredCapabilities))
          return ctx.fail(
            `-32021 without data.requiredCapabilities; name the missing capabilities, e.g. {"elicitation":{}}.`,
          );
        const status = wrongStatus(reply, 400);
        if (status) return ctx.fail(`-32021 with ${status}; ${fix}`);
      } else if (
        reply.kind === "result" &&
        reply.result.resultType === "input_required" &&
        Object.keys(asObject(reply.result.inputRequests) ?? {}).length
      ) {
        return ctx.fail(
          `${probe.label} asked for ${Object.keys(asObject(reply.result.inputRequests)!).join(", ")} although the request declared no capabilities; ${fix}`,
        );
      } else if (reply.kind === "none") {
        return ctx.fail(`${probe.label} with no declared capabilities got ${describeReply(reply)}; ${fix}`);
      }
      // The whole run: no input request needs a top-level capability its request left out (url mode is C27's rule).
      for (const { ex, method, result, caps } of inputRequiredResults(ctx.observed())) {
        for (const [key, value] of Object.entries(asObject(result.inputRequests) ?? {})) {
          const need = capabilityFor(value);
          if (need && need !== "elicitation.url" && !declares(caps, need)) {
            ctx.cite(ex);
            return ctx.fail(`${method} asked for ${key} (${need}) that its request did not declare; ${fix}`);
          }
        }
      }
      return ctx.pass(
        `With no capabilities declared, ${probe.label} answered ${describeReply(reply)}${reply.kind === "error" ? ` naming ${JSON.stringify(errorData(reply)?.requiredCapabilities)}` : ""}.`,
      );
    }),
  },
  {
    id: "C27",
    title: checkTitle("C27"),
    level: "MUST",
    spec: { section: "§11", path: SPEC.elicitation },
    run: withMrtrProbe(async (ctx, probe) => {
      await ctx.request(probe.method, probe.params, { envelope: { capabilities: { elicitation: {} } } });
      for (const { ex, method, result, caps } of inputRequiredResults(ctx.observed())) {
        for (const [key, value] of Object.entries(asObject(result.inputRequests) ?? {})) {
          if (capabilityFor(value) === "elicitation.url" && !declares(caps, "elicitation.url")) {
            ctx.cite(ex);
            return ctx.fail(
              `${method} asked for ${key} in URL mode though the request declared elicitation without url (form only); fall back to form mode or answer -32021.`,
            );
          }
        }
      }
      return ctx.pass(`With elicitation {} (form only) declared, ${probe.label} requested no URL-mode input.`);
    }),
  },
  {
    id: "C28",
    title: checkTitle("C28"),
    level: "MUST",
    run: withMrtrProbe(async (ctx, probe) => {
      const reply = await retry(ctx, probe, ctx.retryParams(probe), ctx.transport === "stdio");
      const where = ctx.transport === "stdio" ? "on a fresh process" : "as a new request";
      if (reply.kind === "result")
        return ctx.pass(
          `The retry ${where} with inputResponses and the exact requestState answered ${describeReply(reply)}.`,
        );
      return ctx.fail(
        `The retry ${where} answered ${describeReply(reply)}; keep everything the retry needs in requestState (or the request), not in connection or process memory.`,
      );
    }),
  },
  {
    id: "C29",
    title: checkTitle("C29"),
    level: "SHOULD",
    run: withMrtrProbe(async (ctx, probe) => {
      if (!Object.keys(asObject(probe.first.result.inputRequests) ?? {}).length)
        return ctx.skip("The input_required carried no inputRequests (state only): nothing to leave unanswered.");
      const reply = await retry(ctx, probe, ctx.retryParams(probe, { inputResponses: {} }), false);
      if (reply.kind === "result")
        return ctx.pass(`With requestState but no inputResponses it answered ${describeReply(reply)}.`);
      return ctx.fail(
        `With requestState but no inputResponses it answered ${describeReply(reply)}; answer a new input_required that asks again.`,
      );
    }),
  },
  {
    id: "C30",
    title: checkTitle("C30"),
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
        return ctx.pass(
          `With and without an extra playground_extra answer the retry answered ${describeReply(extra)}.`,
        );
      return ctx.fail(
        `Without the extra key: ${describeReply(plain)}; with it: ${describeReply(extra)}; ignore inputResponses keys you did not ask for.`,
      );
    }),
  },
  {
    id: "C31",
    title: checkTitle("C31"),
    level: "MUST",
    run: withMrtrProbe(async (ctx, probe) => {
      const state = probe.first.result.requestState;
      if (typeof state !== "string") return ctx.skip("The input_required carried no requestState.");
      const reply = await retry(ctx, probe, ctx.retryParams(probe, { requestState: tamper(state) }), false);
      if (reply.kind === "error" || (reply.kind === "result" && reply.result.resultType === "input_required")) {
        return ctx.pass(`A requestState with one character changed was answered ${describeReply(reply)}.`);
      }
      return ctx.warn(
        `A requestState with one character changed was answered ${describeReply(reply)}: fine only if the state carries nothing that affects authorization, resources or business logic (then this rule does not apply); otherwise sign it and reject tampering.`,
      );
    }),
  },
  {
    id: "C32",
    title: checkTitle("C32"),
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
            `${String(sentFrame(ex)?.method)}: ${sse.length - 1 - idx} message(s) followed the input_required result on its SSE stream — ambiguous in the spec (AMBIG-22): the transport page says the final response SHOULD end the stream, SEP-2322 says an InputRequiredResult must be the last message; end the stream with it.`,
          );
        }
      }
      if (!streamed)
        return ctx.skip(
          "No input_required result arrived over SSE in this run (JSON responses have nothing to order).",
        );
      return ctx.pass(`${streamed} input_required result(s) over SSE, each the last message of its stream.`);
    },
  },
]);
