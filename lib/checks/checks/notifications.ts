/** Digest §14 D: notifications, logging, progress and subscriptions (C33–C40). */
import type { Exchange } from "../../bridge/contract";
import { META_KEYS } from "../../protocol/meta";
import type { CheckContext } from "../context";
import { checkTitle, SPEC, isErrorCode, defineChecks, type CheckDef } from "../define";
import type { Verdict } from "../types";
import { msg, type Msg } from "../../i18n/translate";
import {
  clauses,
  replyMsg,
  isNotificationFrame,
  isRequestFrame,
  asObject,
  replyOf,
  responseHeaders,
  responseId,
  sentFrame,
  sentMeta,
  serverFrames,
  type JsonObject,
  type ServerFrame,
} from "../wire";

const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const FILTER_METHOD: Record<string, string> = {
  toolsListChanged: "notifications/tools/list_changed",
  promptsListChanged: "notifications/prompts/list_changed",
  resourcesListChanged: "notifications/resources/list_changed",
};
/** How long after the cancel was written a message still counts as racing it. */
const CANCEL_RACE_MS = 100;
const STREAM_METHODS = [...Object.values(FILTER_METHOD), "notifications/resources/updated"];

/** The frames of this exchange (not those left over from before it), and where the response is. */
function ownFrames(ex: Exchange): { frames: ServerFrame[]; responseAt: number } {
  const frames = serverFrames(ex).filter((f) => !f.unsolicited);
  const id = sentFrame(ex)?.id;
  const responseAt = frames.findIndex((f) => responseId(f.frame) === id && id !== undefined);
  return { frames, responseAt };
}

function subscriptionIdOf(frame: unknown): unknown {
  return asObject(asObject(asObject(frame)?.params)?._meta)?.[META_KEYS.subscriptionId];
}

/** A few requests the run may repeat with extra _meta keys: lists, and one callable tool. */
async function sampleRequests(
  ctx: CheckContext,
  meta: { logLevel?: string; progressToken?: string },
): Promise<Exchange[]> {
  const out: Exchange[] = [];
  const send = async (method: string, params: JsonObject = {}) => {
    const r = await ctx.request(method, params, { envelope: meta });
    out.push(r.exchange);
  };
  await send("server/discover");
  if (await ctx.declares("tools")) await send("tools/list");
  const [tool] = await ctx.callableTools();
  if (tool) await send("tools/call", { name: tool.name, arguments: ctx.toolArguments(tool) });
  return out;
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
    label: `${ctx.checkId} subscriptions/listen (watched ${ctx.options.listenWindowMs} ms)`,
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
async function listenFilter(ctx: CheckContext): Promise<JsonObject | undefined> {
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

export const NOTIFICATION_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§8.4", path: SPEC.logging }, transports: "both" },
  [
    {
      id: "C33",
      title: checkTitle("C33"),
      level: "MUST",
      aggregate: true,
      async run(ctx) {
        await sampleRequests(ctx, {});
        let judged = 0;
        for (const ex of ctx.observed()) {
          const meta = sentMeta(ex);
          if (!meta || META_KEYS.logLevel in meta || sentFrame(ex)?.method === "subscriptions/listen") continue;
          judged += 1;
          const log = ownFrames(ex).frames.find((f) => isNotificationFrame(f.frame, "notifications/message"));
          if (log) {
            ctx.cite(ex);
            return ctx.fail(msg("checks.d.C33.fail", { method: String(sentFrame(ex)?.method) }));
          }
        }
        return ctx.pass(msg("checks.d.C33.pass", { n: String(judged) }));
      },
    },
    {
      id: "C34",
      title: checkTitle("C34"),
      level: "SHOULD",
      async run(ctx) {
        const method = (await ctx.declares("tools")) ? "tools/list" : "server/discover";
        const reply = await ctx.request(method, {}, { envelope: { logLevel: "verbose" } });
        if (isErrorCode(reply, -32602)) return ctx.pass(msg("checks.d.C34.pass"));
        return ctx.fail(msg("checks.d.C34.fail", { reply: replyMsg(reply) }));
      },
    },
    {
      id: "C35",
      title: checkTitle("C35"),
      level: "MUST",
      async run(ctx) {
        const exchanges = await sampleRequests(ctx, { logLevel: "debug" });
        const declared = await ctx.declares("logging");
        let count = 0;
        for (const ex of exchanges) {
          const { frames, responseAt } = ownFrames(ex);
          for (const [i, f] of frames.entries()) {
            if (!isNotificationFrame(f.frame, "notifications/message")) continue;
            count += 1;
            const level = asObject(f.frame.params)?.level;
            const method = String(sentFrame(ex)?.method);
            if (!declared && (await ctx.capabilitiesUnknown())) return ctx.blocked(msg("checks.d.C35.unknown"));
            if (!declared) return ctx.fail(msg("checks.d.C35.undeclared", { method }));
            if (responseAt >= 0 && i > responseAt) return ctx.fail(msg("checks.d.C35.late", { method }));
            if (subscriptionIdOf(f.frame) !== undefined) return ctx.fail(msg("checks.d.C35.tagged"));
            if (!LOG_LEVELS.includes(String(level)))
              return ctx.fail(
                msg("checks.d.C35.level", { level: JSON.stringify(level), levels: LOG_LEVELS.join(", ") }),
              );
          }
        }
        if (!count) return ctx.pass(msg("checks.d.C35.none", { n: String(exchanges.length) }));
        return ctx.pass(msg("checks.d.C35.pass", { n: String(count) }));
      },
    },
    {
      id: "C36",
      title: checkTitle("C36"),
      level: "MUST",
      spec: { section: "§8.2", path: SPEC.progress },
      async run(ctx) {
        const token = `${ctx.checkId}-progress`;
        const exchanges = await sampleRequests(ctx, { progressToken: token });
        let count = 0;
        for (const ex of exchanges) {
          const { frames, responseAt } = ownFrames(ex);
          let last = -Infinity;
          for (const [i, f] of frames.entries()) {
            if (!isNotificationFrame(f.frame, "notifications/progress")) continue;
            count += 1;
            const p = asObject(f.frame.params) ?? {};
            const method = String(sentFrame(ex)?.method);
            if (p.progressToken !== token)
              return ctx.fail(
                msg("checks.d.C36.token", {
                  method,
                  got: JSON.stringify(p.progressToken),
                  token: JSON.stringify(token),
                }),
              );
            if (typeof p.progress !== "number" || p.progress <= last)
              return ctx.fail(
                msg("checks.d.C36.notIncreasing", { method, from: String(last), to: JSON.stringify(p.progress) }),
              );
            if (responseAt >= 0 && i > responseAt) return ctx.fail(msg("checks.d.C36.afterResponse", { method }));
            last = p.progress;
          }
        }
        // Late progress shows up as frames left over before the next exchange.
        const after = await ctx.request("server/discover");
        const late = serverFrames(after.exchange).find(
          (f) =>
            f.unsolicited &&
            isNotificationFrame(f.frame, "notifications/progress") &&
            asObject(f.frame.params)?.progressToken === token,
        );
        if (late) return ctx.fail(msg("checks.d.C36.late"));
        if (!count) return ctx.pass(msg("checks.d.C36.none", { n: String(exchanges.length) }));
        return ctx.pass(msg("checks.d.C36.pass", { n: String(count) }));
      },
    },
    {
      id: "C37",
      title: checkTitle("C37"),
      level: "MUST",
      spec: { section: "§8.1", path: SPEC.subscriptions },
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
      title: checkTitle("C38"),
      level: "MUST",
      spec: { section: "§8.1", path: SPEC.subscriptions },
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
      title: checkTitle("C64"),
      level: "SHOULD",
      spec: { section: "§8.1", path: SPEC.subscriptions },
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
    {
      id: "C39",
      title: checkTitle("C39"),
      level: "MUST",
      spec: { section: "§8.3", path: SPEC.cancellation },
      transports: "stdio",
      async run(ctx) {
        const filter = await listenFilter(ctx);
        if (!filter) return ctx.skip(msg("checks.d.C39.nothing"));
        const id = ctx.nextId();
        const window = ctx.options.listenWindowMs;
        const pending = ctx.raw(ctx.frame("subscriptions/listen", { notifications: filter }, {}, id), {
          label: `${ctx.checkId} subscriptions/listen (to be cancelled)`,
          timeoutMs: window,
        });
        await ctx.sleep(Math.floor(window / 2));
        const cancel = await ctx.notify("notifications/cancelled", { requestId: id, reason: "playground check" });
        const listenEx = await pending;
        await ctx.sleep(Math.floor(window / 2)); // late messages then wait for the next exchange as unsolicited
        const flush = await ctx.request("server/discover");
        // A message the server wrote before it read the cancel is a race, not a violation.
        const cancelAt = cancel.startedAt;
        const frames = [...serverFrames(listenEx), ...serverFrames(cancel), ...serverFrames(flush.exchange)];
        const related = (f: ServerFrame) => responseId(f.frame) === id || subscriptionIdOf(f.frame) === id;
        const ack = frames.find(
          (f) => related(f) && isNotificationFrame(f.frame, "notifications/subscriptions/acknowledged"),
        );
        if (!ack) return ctx.blocked(msg("checks.d.C39.noAck"));
        if (ack.at >= cancelAt) return ctx.blocked(msg("checks.d.C39.race"));
        const late = frames.filter((f) => related(f) && f.at > cancelAt + CANCEL_RACE_MS);
        const notifications = late.filter((f) => isNotificationFrame(f.frame));
        if (notifications.length)
          return ctx.fail(msg("checks.d.C39.fail", { method: String(asObject(notifications[0].frame)?.method) }));
        if (late.some((f) => responseId(f.frame) === id)) return ctx.pass(msg("checks.d.C39.passResponse"));
        return ctx.pass(msg("checks.d.C39.pass"));
      },
    },
    {
      id: "C40",
      title: checkTitle("C40"),
      level: "MUST",
      spec: { section: "§1.1", path: SPEC.base },
      aggregate: true,
      async run(ctx) {
        await sampleRequests(ctx, {});
        for (const ex of ctx.observed()) {
          if (!sentMeta(ex)) continue; // legacy-shaped requests (C12, C62) may legitimately meet a legacy server's requests
          const req = serverFrames(ex).find((f) => isRequestFrame(f.frame));
          if (req) {
            ctx.cite(ex);
            return ctx.fail(msg("checks.d.C40.fail", { method: String(asObject(req.frame)?.method) }));
          }
        }
        return ctx.pass(msg("checks.d.C40.pass", { n: String(ctx.observed().length) }));
      },
    },
  ],
);
