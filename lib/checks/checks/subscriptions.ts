/** Digest §14 D: subscriptions/listen — its acknowledgement, its filter and how the stream ends (C37, C38, C64). */
import type { Exchange } from "../../bridge/contract";
import { META_KEYS } from "../../protocol/meta";
import type { CheckContext } from "../context";
import { SPEC, defineChecks, type CheckDef } from "../define";
import type { Verdict } from "../types";
import { msg, type Msg } from "../../i18n/translate";
import {
  clauses,
  replyMsg,
  isNotificationFrame,
  asObject,
  replyOf,
  responseHeaders,
  serverFrames,
  type JsonObject,
  type ServerFrame,
} from "../wire";

const FILTER_METHOD: Record<string, string> = {
  toolsListChanged: "notifications/tools/list_changed",
  promptsListChanged: "notifications/prompts/list_changed",
  resourcesListChanged: "notifications/resources/list_changed",
};
const STREAM_METHODS = [...Object.values(FILTER_METHOD), "notifications/resources/updated"];

/** The subscription a frame belongs to (its _meta tag). */
export function subscriptionIdOf(frame: unknown): unknown {
  return asObject(asObject(asObject(frame)?.params)?._meta)?.[META_KEYS.subscriptionId];
}

interface Listen {
  id: string;
  exchange: Exchange;
  frames: ServerFrame[];
  ackIndex: number;
}

/** Opens subscriptions/listen, watches it for the window, then lets it go (stdio: notifications/cancelled). */
async function listen(ctx: CheckContext, filter: JsonObject): Promise<Listen> {
  const id = ctx.nextId();
  const exchange = await ctx.raw(ctx.frame("subscriptions/listen", { notifications: filter }, {}, id), {
    ...ctx.labelled(msg("checkLabels.listenWatched", { ms: ctx.options.listenWindowMs })),
    timeoutMs: ctx.options.listenWindowMs,
  });
  if (ctx.transport === "stdio" && exchange.outcome.kind === "failure") {
    await ctx.notify("notifications/cancelled", { requestId: id, reason: "playground check: end of the watch window" });
  }
  const frames = serverFrames(exchange).filter((f) => !f.unsolicited);
  const ackIndex = frames.findIndex(
    (f) => isNotificationFrame(f.frame, "notifications/subscriptions/acknowledged") && subscriptionIdOf(f.frame) === id,
  );
  return { id, exchange, frames, ackIndex };
}

const NOTHING_TO_LISTEN = msg("checks.d.listen.nothing");

/** One listen with every filter the server declares, watched once for the run (C37 judges its start, C64 its end). */
async function fullListen(ctx: CheckContext): Promise<{ l: Listen; filter: JsonObject } | undefined> {
  const filter = await listenFilter(ctx);
  if (!filter) return undefined;
  const l = await ctx.once("listen:full", () => listen(ctx, filter));
  ctx.cite(l.exchange);
  return { l, filter };
}

/** A check on the run's full listen stream (see fullListen): skipped when the server declares no listChanged. */
const onFullListen =
  (judge: (ctx: CheckContext, l: Listen, filter: JsonObject) => Verdict) =>
  async (ctx: CheckContext): Promise<Verdict> => {
    const full = await fullListen(ctx);
    return full ? judge(ctx, full.l, full.filter) : ctx.skip(NOTHING_TO_LISTEN);
  };

/** Which subscription filters the server's capabilities make meaningful. */
export async function listenFilter(ctx: CheckContext): Promise<JsonObject | undefined> {
  const caps = (await ctx.discover()).capabilities;
  const filter: JsonObject = {};
  if (asObject(caps.tools)?.listChanged === true) filter.toolsListChanged = true;
  if (asObject(caps.prompts)?.listChanged === true) filter.promptsListChanged = true;
  if (asObject(caps.resources)?.listChanged === true) filter.resourcesListChanged = true;
  return Object.keys(filter).length ? filter : undefined;
}

function listenError(ctx: CheckContext, l: Listen) {
  const reply = replyOf(l.exchange);
  if (reply.kind === "error") return ctx.fail(msg("checks.d.listen.refused", { reply: replyMsg(reply) }));
  return undefined;
}

export const SUBSCRIPTION_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§8.1", path: SPEC.subscriptions }, transports: "both" },
  [
    {
      id: "C37",
      level: "MUST",
      run: onFullListen((ctx, l, filter) => {
        const failed = listenError(ctx, l);
        if (failed) return failed;
        const firstTagged = l.frames.find((f) => subscriptionIdOf(f.frame) === l.id);
        if (!firstTagged)
          return ctx.fail(
            msg("checks.d.C37.noAck", { id: JSON.stringify(l.id), ms: String(ctx.options.listenWindowMs) }),
          );
        const ack = asObject(firstTagged.frame)!;
        if (ack.method !== "notifications/subscriptions/acknowledged")
          return ctx.fail(msg("checks.d.C37.notFirst", { method: String(ack.method) }));
        if (ctx.transport === "http") {
          const earlier = l.frames.slice(0, l.ackIndex);
          if (earlier.length) return ctx.fail(msg("checks.d.C37.before", { n: String(earlier.length) }));
          const type = responseHeaders(l.exchange).get("content-type") ?? "";
          if (!type.startsWith("text/event-stream"))
            return ctx.fail(type ? msg("checks.d.C37.type", { type }) : msg("checks.d.C37.noType"));
        }
        const honoured = asObject(asObject(ack.params)?.notifications) ?? {};
        const extra = Object.keys(honoured).filter((k) => honoured[k] === true && filter[k] !== true);
        if (extra.length) return ctx.fail(msg("checks.d.C37.extra", { types: extra.join(", ") }));
        const types = Object.keys(honoured).join(", ");
        return ctx.pass(
          types
            ? msg("checks.d.C37.pass", { id: JSON.stringify(l.id), types })
            : msg("checks.d.C37.passNothing", { id: JSON.stringify(l.id) }),
        );
      }),
    },
    {
      id: "C38",
      level: "MUST",
      async run(ctx) {
        const full = await listenFilter(ctx);
        if (!full) return ctx.skip(NOTHING_TO_LISTEN);
        const [only] = Object.keys(full); // one type, so anything else on the stream is a filtering error
        const l = await listen(ctx, { [only]: true });
        const failed = listenError(ctx, l);
        if (failed) return failed;
        if (l.ackIndex < 0) return ctx.blocked(msg("checks.d.C38.noAck"));
        const honoured = asObject(asObject(asObject(l.frames[l.ackIndex].frame)?.params)?.notifications) ?? {};
        const allowed = honoured[only] === true ? [FILTER_METHOD[only]] : [];
        const after = l.frames.slice(l.ackIndex + 1).filter((f) => isNotificationFrame(f.frame));
        for (const f of after) {
          const n = asObject(f.frame)!;
          const method = String(n.method);
          const sub = subscriptionIdOf(n);
          const onStream = ctx.transport === "http" || sub === l.id;
          if (STREAM_METHODS.includes(method) && sub === undefined)
            return ctx.fail(msg("checks.d.C38.untagged", { method }));
          if (!onStream) continue;
          if (method === "notifications/progress" || method === "notifications/message")
            return ctx.fail(msg("checks.d.C38.requestScoped", { method }));
          if (sub !== l.id)
            return ctx.fail(
              msg("checks.d.C38.wrongTag", { method, tag: JSON.stringify(sub), id: JSON.stringify(l.id) }),
            );
          if (!allowed.includes(method))
            return ctx.fail(
              msg(allowed.length ? "checks.d.C38.notRequested" : "checks.d.C38.notAcknowledged", { method, only }),
            );
        }
        const seen = after.filter((f) => subscriptionIdOf(f.frame) === l.id).length;
        if (!seen) return ctx.pass(msg("checks.d.C38.quiet", { ms: String(ctx.options.listenWindowMs) }));
        return ctx.pass(msg("checks.d.C38.pass", { n: String(seen), id: JSON.stringify(l.id) }));
      },
    },
    {
      id: "C64",
      level: "SHOULD",
      run: onFullListen((ctx, l) => {
        const { outcome } = l.exchange;
        // Only the server can end a subscription gracefully; one still open at the end of the window has nothing to judge.
        if (outcome.kind === "failure" && outcome.failure === "timeout")
          return ctx.skip(msg("checks.d.C64.open", { ms: String(ctx.options.listenWindowMs) }));
        const reply = replyOf(l.exchange);
        if (reply.kind === "error") return ctx.skip(msg("checks.d.C64.refused", { reply: replyMsg(reply) }));
        if (reply.kind !== "result") {
          const closing = `{"resultType":"complete","_meta":{"${META_KEYS.subscriptionId}":${JSON.stringify(l.id)}}}`;
          return ctx.fail(msg("checks.d.C64.noResult", { reply: replyMsg(reply), closing }));
        }
        const problems: Msg[] = [];
        if (reply.result.resultType !== "complete")
          problems.push(msg("checks.d.C64.resultType", { value: JSON.stringify(reply.result.resultType) }));
        if (asObject(reply.result._meta)?.[META_KEYS.subscriptionId] !== l.id)
          problems.push(
            msg("checks.d.C64.tag", {
              value: JSON.stringify(asObject(reply.result._meta)?.[META_KEYS.subscriptionId] ?? null),
              id: JSON.stringify(l.id),
            }),
          );
        if (problems.length)
          return ctx.fail(
            msg("checks.d.C64.fail", { problems: clauses(problems), complete: '{"resultType":"complete"}' }),
          );
        return ctx.pass(msg("checks.d.C64.pass", { id: JSON.stringify(l.id) }));
      }),
    },
  ],
);
