/**
 * Rules of the initialize-handshake revisions (2025-11-25, and what 2025-06-18 shares) that 2026-07-28 dropped:
 * version negotiation, the quiet time before notifications/initialized, and the Streamable HTTP session and
 * protocol-version header rules (C68–C72). They run only on legacy servers, over the session the probe opened.
 */
import { LEGACY_ONLY, LEGACY_SPEC, SPEC, defineChecks, type CheckDef } from "../define";
import { initializeParams } from "../../protocol/versions";
import { msg, type Msg } from "../../i18n/translate";
import {
  replyMsg,
  asObject,
  isNotificationFrame,
  isRequestFrame,
  responseHeaders,
  sentMethod,
  serverFrames,
  truncate,
} from "../wire";
import type { CheckContext } from "../context";

const BOGUS_VERSION = "1999-01-01";

/** initialize on a fresh process (stdio) or without a session (HTTP): a handshake of its own. */
function freshInitialize(ctx: CheckContext, protocolVersion: string) {
  const frame = JSON.stringify({
    jsonrpc: "2.0",
    id: ctx.nextId(),
    method: "initialize",
    params: initializeParams(protocolVersion, {}),
  });
  return ctx.rawRequest(frame, {
    processMode: "fresh",
    session: false,
    ...ctx.labelled(msg("checkLabels.initializeFreshSession", { version: protocolVersion })),
  });
}

/** ping in the session (or with the headers given instead): the plainest legacy request to bend headers on. */
function ping(ctx: CheckContext, headers: Record<string, string>, what: Msg | string, session = true) {
  return ctx.rawRequest(JSON.stringify({ jsonrpc: "2.0", id: ctx.nextId(), method: "ping" }), {
    headers,
    session,
    ...(typeof what === "string"
      ? { label: `${ctx.checkId} ping (${what})` }
      : ctx.labelled(msg("checkLabels.ping", { what }))),
  });
}

export const LEGACY_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§2.2", path: SPEC.versioning }, transports: "both" },
  [
    {
      id: "C68",
      level: "MUST",
      eras: LEGACY_ONLY,
      legacySpec: `${LEGACY_SPEC.lifecycle}#version-negotiation`,
      async run(ctx) {
        const same = await freshInitialize(ctx, ctx.version);
        if (same.kind !== "result")
          return ctx.fail(msg("checks.d.C68.noResult", { version: ctx.version, reply: replyMsg(same) }));
        if (same.result.protocolVersion !== ctx.version)
          return ctx.fail(
            msg("checks.d.C68.notEchoed", {
              version: ctx.version,
              answered: JSON.stringify(same.result.protocolVersion),
            }),
          );
        const missing = ["capabilities", "serverInfo"].filter((k) => !asObject(same.result[k]));
        if (missing.length)
          return ctx.fail(
            missing.length === 2
              ? msg("checks.d.C68.lacksBoth", { first: missing[0], second: missing[1] })
              : msg("checks.d.C68.lacks", { field: missing[0] }),
          );
        const bogus = await freshInitialize(ctx, BOGUS_VERSION);
        if (
          bogus.kind === "result" &&
          typeof bogus.result.protocolVersion === "string" &&
          bogus.result.protocolVersion !== BOGUS_VERSION
        )
          return ctx.pass(
            msg("checks.d.C68.pass", {
              version: ctx.version,
              bogus: BOGUS_VERSION,
              answered: bogus.result.protocolVersion,
            }),
          );
        if (bogus.kind === "result")
          return ctx.fail(
            msg("checks.d.C68.bogusEchoed", {
              bogus: BOGUS_VERSION,
              answered: JSON.stringify(bogus.result.protocolVersion),
            }),
          );
        return ctx.fail(msg("checks.d.C68.bogusError", { bogus: BOGUS_VERSION, reply: replyMsg(bogus) }));
      },
    },
    {
      id: "C69",
      level: "SHOULD",
      eras: LEGACY_ONLY,
      legacySpec: `${LEGACY_SPEC.lifecycle}#initialization`,
      async run(ctx) {
        const [initialize] = ctx.legacy?.handshake ?? [];
        if (!initialize) return ctx.blocked(msg("checks.d.C69.noInitialize"));
        ctx.cite(initialize);
        const early = serverFrames(initialize)
          .map((f) => asObject(f.frame))
          .filter(
            (f) =>
              f &&
              ((isRequestFrame(f) && f.method !== "ping") ||
                (isNotificationFrame(f) && f.method !== "notifications/message")),
          );
        if (early.length)
          return ctx.fail(msg("checks.d.C69.fail", { methods: early.map((f) => String(f!.method)).join(", ") }));
        return ctx.pass(msg("checks.d.C69.pass"));
      },
    },
    {
      id: "C70",
      level: "MUST",
      transports: "http",
      eras: LEGACY_ONLY,
      legacySpec: LEGACY_SPEC.session,
      async run(ctx) {
        const id = ctx.legacy?.sessionId;
        if (id === undefined) return ctx.skip(msg("checks.d.C70.stateless"));
        ctx.cite(ctx.legacy?.handshake[0]);
        if (!/^[\x21-\x7e]+$/.test(id))
          return ctx.fail(msg("checks.d.C70.notAscii", { id: JSON.stringify(truncate(id, 60)) }));
        // A session of its own, ended with DELETE as a client does; a request in it afterwards MUST get 404.
        const opened = await freshInitialize(ctx, ctx.version);
        const own = opened.exchange.http?.sessionId;
        let ended: Msg = msg("checks.d.C70.noSecond");
        if (own) {
          const headers = { "Mcp-Session-Id": own, "MCP-Protocol-Version": ctx.version };
          await ctx.raw(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), {
            headers,
            session: false,
            label: `${ctx.checkId} notifications/initialized`,
          });
          const del = await ctx.raw("", {
            http: { method: "DELETE" },
            headers,
            session: false,
            ...ctx.labelled(msg("checkLabels.deleteSession")),
          });
          const status = del.http?.status ?? 0;
          ended = msg("checks.d.C70.deleteAnswered", { status: String(status || del.outcome.kind) });
          if (status >= 200 && status < 300) {
            const after = await ping(ctx, headers, msg("checkLabels.pingEnded"), false);
            if (after.status !== 404) return ctx.fail(msg("checks.d.C70.afterDelete", { reply: replyMsg(after) }));
            ended = msg("checks.d.C70.ended404");
          }
        }
        const none = await ping(ctx, { "MCP-Protocol-Version": ctx.version }, msg("checkLabels.pingNoSession"), false);
        if (none.status !== 400) return ctx.fail(msg("checks.d.C70.noSession", { reply: replyMsg(none) }), "SHOULD");
        return ctx.pass(msg("checks.d.C70.pass", { id: JSON.stringify(truncate(id, 40)), ended }));
      },
    },
    {
      id: "C71",
      level: "MUST",
      transports: "http",
      eras: LEGACY_ONLY,
      legacySpec: LEGACY_SPEC.protocolVersionHeader,
      async run(ctx) {
        const reply = await ping(
          ctx,
          { "MCP-Protocol-Version": BOGUS_VERSION },
          `MCP-Protocol-Version: ${BOGUS_VERSION}`,
        );
        if (reply.status === 400) return ctx.pass(msg("checks.d.C71.pass", { version: BOGUS_VERSION }));
        return ctx.fail(msg("checks.d.C71.fail", { version: BOGUS_VERSION, reply: replyMsg(reply) }));
      },
    },
    {
      id: "C72",
      level: "MUST",
      transports: "http",
      eras: LEGACY_ONLY,
      legacySpec: LEGACY_SPEC.listening,
      async run(ctx) {
        const ex = await ctx.raw("", {
          label: `${ctx.checkId} GET (Accept: text/event-stream)`,
          http: { method: "GET" },
          headers: { Accept: "text/event-stream" },
          timeoutMs: Math.min(1500, ctx.options.timeoutMs),
        });
        const status = ex.http?.status;
        const type = responseHeaders(ex).get("content-type") ?? "";
        if (status === 405) return ctx.pass(msg("checks.d.C72.pass405"));
        if (status === 200 && type.startsWith("text/event-stream")) return ctx.pass(msg("checks.d.C72.passStream"));
        const got = status === undefined ? ex.outcome.kind : `HTTP ${status}${type ? ` (${type})` : ""}`;
        return ctx.fail(msg("checks.d.C72.fail", { got }));
      },
    },
    {
      id: "C79",
      level: "MUST",
      eras: LEGACY_ONLY,
      spec: { section: "§12", path: SPEC.versioning },
      legacySpec: LEGACY_SPEC.ping,
      async run(ctx) {
        const reply = await ping(ctx, {}, msg("checkLabels.pingSession"));
        if (reply.kind !== "result") return ctx.fail(msg("checks.d.C79.fail", { reply: replyMsg(reply) }));
        const extra = Object.keys(reply.result).filter((k) => k !== "_meta");
        if (extra.length) return ctx.fail(msg("checks.d.C79.notEmpty", { keys: extra.join(", ") }));
        return ctx.pass(msg("checks.d.C79.pass"));
      },
    },
    {
      id: "C80",
      level: "SHOULD",
      transports: "http",
      eras: LEGACY_ONLY,
      spec: { section: "§2.5", path: SPEC.http },
      legacySpec: LEGACY_SPEC.sending,
      aggregate: true,
      run: judgePriming,
    },
  ],
);

/** C80: every SSE stream a POST opened starts with an event that has an id and empty data (SEP-1699's priming). */
async function judgePriming(ctx: CheckContext) {
  let streams = 0;
  for (const ex of ctx.observed()) {
    if (ex.transport !== "http" || ex.http?.status !== 200) continue;
    const request = ex.events.find((e) => e.kind === "http-request");
    if (request?.kind !== "http-request" || request.method !== "POST") continue;
    if (!(responseHeaders(ex).get("content-type") ?? "").startsWith("text/event-stream")) continue;
    const first = ex.events.find((e) => e.kind === "sse-event");
    if (first?.kind !== "sse-event") continue;
    streams += 1;
    if (first.id !== undefined && first.id !== "" && first.data === "") continue;
    ctx.cite(ex);
    const method = sentMethod(ex) ?? "?";
    return first.id
      ? ctx.fail(msg("checks.d.C80.dataFirst", { method, id: JSON.stringify(truncate(first.id, 40)) }))
      : ctx.fail(msg("checks.d.C80.noId", { method }));
  }
  if (!streams) return ctx.skip(msg("checks.d.C80.noStream"));
  return ctx.pass(msg("checks.d.C80.pass", { n: String(streams) }));
}
