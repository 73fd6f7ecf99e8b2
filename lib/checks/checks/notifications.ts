/** Digest §14 D: notifications, logging, progress and subscriptions (C33–C40). */
import type { Exchange } from "../../bridge/contract";
import { META_KEYS } from "../../protocol/meta";
import type { CheckContext } from "../context";
import { checkTitle, SPEC, isErrorCode, defineChecks, type CheckDef } from "../define";
import type { Verdict } from "../types";
import {
  describeReply,
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

const NOTHING_TO_LISTEN = "The server declares no listChanged capability: nothing to subscribe to.";

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
  if (reply.kind === "error")
    return ctx.fail(
      `subscriptions/listen answered ${describeReply(reply)} although the server declares listChanged; serve subscriptions/listen or drop listChanged.`,
    );
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
            return ctx.fail(
              `${String(sentFrame(ex)?.method)} carried no io.modelcontextprotocol/logLevel but got notifications/message; log only when the request opts in (stdio servers can log to stderr).`,
            );
          }
        }
        return ctx.pass(`None of the ${judged} requests without a logLevel got a notifications/message.`);
      },
    },
    {
      id: "C34",
      title: checkTitle("C34"),
      level: "SHOULD",
      async run(ctx) {
        const method = (await ctx.declares("tools")) ? "tools/list" : "server/discover";
        const reply = await ctx.request(method, {}, { envelope: { logLevel: "verbose" } });
        if (isErrorCode(reply, -32602)) return ctx.pass(`logLevel "verbose" answered -32602.`);
        return ctx.fail(
          `logLevel "verbose" answered ${describeReply(reply)}; reject levels outside debug…emergency with -32602.`,
        );
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
            if (!declared && (await ctx.capabilitiesUnknown()))
              return ctx.blocked(
                "Log messages arrived, but server/discover did not answer (see C01), so whether logging is declared is unknown.",
              );
            if (!declared)
              return ctx.fail(
                `${method} got log messages but server/discover declares no logging capability; declare logging or stop emitting them.`,
              );
            if (responseAt >= 0 && i > responseAt)
              return ctx.fail(
                `${method} got a notifications/message after its response; logs belong before the final response on that request's stream.`,
              );
            if (subscriptionIdOf(f.frame) !== undefined)
              return ctx.fail(
                `A request's log message carried a subscriptionId; log messages are never sent on a listen stream.`,
              );
            if (!LOG_LEVELS.includes(String(level)))
              return ctx.fail(`A log message has level ${JSON.stringify(level)}; use one of ${LOG_LEVELS.join(", ")}.`);
          }
        }
        if (!count)
          return ctx.pass(
            `No notifications/message was emitted for ${exchanges.length} requests with logLevel "debug" (servers may send none).`,
          );
        return ctx.pass(`${count} log message(s), all before their response, untagged and with valid levels.`);
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
                `${method} got progress for token ${JSON.stringify(p.progressToken)} instead of ${JSON.stringify(token)}; echo the request's progressToken.`,
              );
            if (typeof p.progress !== "number" || p.progress <= last)
              return ctx.fail(
                `${method}: progress went from ${last} to ${JSON.stringify(p.progress)}; each notification must increase it.`,
              );
            if (responseAt >= 0 && i > responseAt)
              return ctx.fail(`${method} got progress after its response; stop when the request completes.`);
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
        if (late)
          return ctx.fail(
            "Progress for a completed request arrived later; stop sending progress once the response is out.",
          );
        if (!count)
          return ctx.pass(
            `No progress was sent for ${exchanges.length} requests with a progressToken (servers may send none).`,
          );
        return ctx.pass(
          `${count} progress notification(s), all with the request's token, increasing, before the response.`,
        );
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
            `No notifications/subscriptions/acknowledged tagged ${JSON.stringify(l.id)} within ${ctx.options.listenWindowMs} ms; acknowledge a listen request immediately.`,
          );
        const ack = asObject(firstTagged.frame)!;
        if (ack.method !== "notifications/subscriptions/acknowledged")
          return ctx.fail(
            `The first message of the subscription was ${String(ack.method)}, not the acknowledgement; send notifications/subscriptions/acknowledged before anything else.`,
          );
        if (ctx.transport === "http") {
          const earlier = l.frames.slice(0, l.ackIndex);
          if (earlier.length)
            return ctx.fail(
              `${earlier.length} message(s) came before the acknowledgement on the listen stream; the acknowledgement must be first.`,
            );
          const type = responseHeaders(l.exchange).get("content-type") ?? "";
          if (!type.startsWith("text/event-stream"))
            return ctx.fail(
              `The listen response is ${type || "without Content-Type"}; answer subscriptions/listen with a text/event-stream that stays open.`,
            );
        }
        const honoured = asObject(asObject(ack.params)?.notifications) ?? {};
        const extra = Object.keys(honoured).filter((k) => honoured[k] === true && filter[k] !== true);
        if (extra.length)
          return ctx.fail(
            `The acknowledgement lists ${extra.join(", ")}, which was not requested; acknowledge a subset of the request's filter.`,
          );
        return ctx.pass(
          `Acknowledged first, tagged ${JSON.stringify(l.id)}, honouring ${Object.keys(honoured).join(", ") || "nothing"}.`,
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
        if (l.ackIndex < 0) return ctx.blocked("No acknowledgement arrived (see C37); nothing to judge.");
        const honoured = asObject(asObject(asObject(l.frames[l.ackIndex].frame)?.params)?.notifications) ?? {};
        const allowed = honoured[only] === true ? [FILTER_METHOD[only]] : [];
        const after = l.frames.slice(l.ackIndex + 1).filter((f) => isNotificationFrame(f.frame));
        for (const f of after) {
          const n = asObject(f.frame)!;
          const method = String(n.method);
          const sub = subscriptionIdOf(n);
          const onStream = ctx.transport === "http" || sub === l.id;
          if (STREAM_METHODS.includes(method) && sub === undefined)
            return ctx.fail(
              `${method} arrived without _meta subscriptionId; tag every listen notification with the listen request's id.`,
            );
          if (!onStream) continue;
          if (method === "notifications/progress" || method === "notifications/message")
            return ctx.fail(`${method} arrived on the listen stream; request-scoped notifications never go there.`);
          if (sub !== l.id)
            return ctx.fail(`${method} on the stream is tagged ${JSON.stringify(sub)}, not ${JSON.stringify(l.id)}.`);
          if (!allowed.includes(method))
            return ctx.fail(
              `${method} arrived although only ${only} was requested${allowed.length ? "" : " (and not acknowledged)"}; send only requested, acknowledged types.`,
            );
        }
        const seen = after.filter((f) => subscriptionIdOf(f.frame) === l.id).length;
        if (!seen)
          return ctx.pass(
            `Only the acknowledgement arrived in the ${ctx.options.listenWindowMs} ms window (no change happened to report).`,
          );
        return ctx.pass(
          `${seen} notification(s) after the acknowledgement, all tagged ${JSON.stringify(l.id)} and of the requested type.`,
        );
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
          return ctx.skip(
            `The server kept the subscription open for the ${ctx.options.listenWindowMs} ms window: no server-initiated end to judge.`,
          );
        const reply = replyOf(l.exchange);
        if (reply.kind === "error")
          return ctx.skip(`subscriptions/listen answered ${describeReply(reply)} (C37 judges a refused listen).`);
        if (reply.kind !== "result") {
          return ctx.fail(
            `The server ended the listen stream without a result (${describeReply(reply)}); end a subscription with {"resultType":"complete","_meta":{"${META_KEYS.subscriptionId}":${JSON.stringify(l.id)}}} so the client knows it was not cut off.`,
          );
        }
        const problems: string[] = [];
        if (reply.result.resultType !== "complete")
          problems.push(`resultType is ${JSON.stringify(reply.result.resultType)}`);
        if (asObject(reply.result._meta)?.[META_KEYS.subscriptionId] !== l.id)
          problems.push(
            `_meta subscriptionId is ${JSON.stringify(asObject(reply.result._meta)?.[META_KEYS.subscriptionId] ?? null)}, not ${JSON.stringify(l.id)}`,
          );
        if (problems.length)
          return ctx.fail(
            `The closing result of the subscription: ${problems.join("; ")}; send {"resultType":"complete"} tagged with the listen request's id.`,
          );
        return ctx.pass(`The server ended the subscription with a complete result tagged ${JSON.stringify(l.id)}.`);
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
        if (!filter) return ctx.skip("The server declares no listChanged capability: no long-lived request to cancel.");
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
        if (!ack)
          return ctx.blocked(
            `No acknowledgement arrived for the listen request (see C37); nothing was in flight to cancel.`,
          );
        if (ack.at >= cancelAt)
          return ctx.blocked("The acknowledgement arrived only after the cancel was written (a race); cannot judge.");
        const late = frames.filter((f) => related(f) && f.at > cancelAt + CANCEL_RACE_MS);
        const notifications = late.filter((f) => isNotificationFrame(f.frame));
        if (notifications.length)
          return ctx.fail(
            `${String(asObject(notifications[0].frame)?.method)} was sent for the cancelled request; stop all messages for a request once it is cancelled.`,
          );
        if (late.some((f) => responseId(f.frame) === id))
          return ctx.pass(
            "A response followed the cancel (tolerated as a race; servers SHOULD not respond), nothing else.",
          );
        return ctx.pass("Nothing more was sent for the cancelled subscriptions/listen request.");
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
            return ctx.fail(
              `The server sent a ${String(asObject(req.frame)?.method)} request; 2026-07-28 servers MUST NOT send requests — ask through input_required instead.`,
            );
          }
        }
        return ctx.pass(`No server-to-client request in ${ctx.observed().length} exchanges.`);
      },
    },
  ],
);
