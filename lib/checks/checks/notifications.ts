/** Digest §14 D: notifications — logging, progress, cancellation and no server requests (C33–C36, C39, C40). */
import type { Exchange } from "../../bridge/contract";
import { META_KEYS } from "../../protocol/meta";
import type { CheckContext } from "../context";
import { SPEC, isErrorCode, defineChecks, type CheckDef } from "../define";
import type { Verdict } from "../types";
import { msg } from "../../i18n/translate";
import {
  replyMsg,
  isNotificationFrame,
  isRequestFrame,
  asObject,
  responseId,
  sentFrame,
  sentMeta,
  serverFrames,
  type JsonObject,
  type ServerFrame,
} from "../wire";
import { listenFilter, subscriptionIdOf } from "./subscriptions";

const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
/** How long after the cancel was written a message still counts as racing it. */
const CANCEL_RACE_MS = 100;

/** The frames of this exchange (not those left over from before it), and where the response is. */
function ownFrames(ex: Exchange): { frames: ServerFrame[]; responseAt: number } {
  const frames = serverFrames(ex).filter((f) => !f.unsolicited);
  const id = sentFrame(ex)?.id;
  const responseAt = frames.findIndex((f) => responseId(f.frame) === id && id !== undefined);
  return { frames, responseAt };
}

/** A notification the server sent while answering a request: which request, and whether after its response. */
interface OwnNotification {
  frame: JsonObject;
  params: JsonObject;
  during: string;
  afterResponse: boolean;
}

/** The exchange's own `method` notifications, in the order they came. */
function notificationsIn(ex: Exchange, method: string): OwnNotification[] {
  const { frames, responseAt } = ownFrames(ex);
  const during = String(sentFrame(ex)?.method);
  return frames.flatMap(({ frame }, i) =>
    isNotificationFrame(frame, method)
      ? [{ frame, params: asObject(frame.params) ?? {}, during, afterResponse: responseAt >= 0 && i > responseAt }]
      : [],
  );
}

/** A notification check's pass: how many notifications it judged, or that the `sampled` requests drew none. */
function passCounted(ctx: CheckContext, judged: number, sampled: number, noneKey: string, passKey: string): Verdict {
  return ctx.pass(judged ? msg(passKey, { n: String(judged) }) : msg(noneKey, { n: String(sampled) }));
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

export const NOTIFICATION_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§8.4", path: SPEC.logging }, transports: "both" },
  [
    {
      id: "C33",
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
      level: "MUST",
      async run(ctx) {
        const exchanges = await sampleRequests(ctx, { logLevel: "debug" });
        const declared = await ctx.declares("logging");
        const logs = exchanges.flatMap((ex) => notificationsIn(ex, "notifications/message"));
        for (const { frame, params, during: method, afterResponse } of logs) {
          if (!declared && (await ctx.capabilitiesUnknown())) return ctx.blocked(msg("checks.d.C35.unknown"));
          if (!declared) return ctx.fail(msg("checks.d.C35.undeclared", { method }));
          if (afterResponse) return ctx.fail(msg("checks.d.C35.late", { method }));
          if (subscriptionIdOf(frame) !== undefined) return ctx.fail(msg("checks.d.C35.tagged"));
          if (!LOG_LEVELS.includes(String(params.level)))
            return ctx.fail(
              msg("checks.d.C35.level", { level: JSON.stringify(params.level), levels: LOG_LEVELS.join(", ") }),
            );
        }
        return passCounted(ctx, logs.length, exchanges.length, "checks.d.C35.none", "checks.d.C35.pass");
      },
    },
    {
      id: "C36",
      level: "MUST",
      spec: { section: "§8.2", path: SPEC.progress },
      async run(ctx) {
        const token = `${ctx.checkId}-progress`;
        const exchanges = await sampleRequests(ctx, { progressToken: token });
        const progress = exchanges.map((ex) => notificationsIn(ex, "notifications/progress"));
        for (const ofOneRequest of progress) {
          let last = -Infinity;
          for (const { params: p, during: method, afterResponse } of ofOneRequest) {
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
            if (afterResponse) return ctx.fail(msg("checks.d.C36.afterResponse", { method }));
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
        return passCounted(ctx, progress.flat().length, exchanges.length, "checks.d.C36.none", "checks.d.C36.pass");
      },
    },
    {
      id: "C39",
      level: "MUST",
      spec: { section: "§8.3", path: SPEC.cancellation },
      transports: "stdio",
      async run(ctx) {
        const filter = await listenFilter(ctx);
        if (!filter) return ctx.skip(msg("checks.d.C39.nothing"));
        const id = ctx.nextId();
        const window = ctx.options.listenWindowMs;
        const pending = ctx.raw(ctx.frame("subscriptions/listen", { notifications: filter }, {}, id), {
          ...ctx.labelled(msg("checkLabels.listenToCancel")),
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
