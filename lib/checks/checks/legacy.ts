/**
 * Rules of the initialize-handshake revisions (2025-11-25, and what 2025-06-18 shares) that 2026-07-28 dropped:
 * version negotiation, the quiet time before notifications/initialized, and the Streamable HTTP session and
 * protocol-version header rules (C68–C72). They run only on legacy servers, over the session the probe opened.
 */
import { checkTitle, LEGACY_ONLY, LEGACY_SPEC, SPEC, defineChecks, type CheckDef } from "../define";
import { initializeParams } from "../../protocol/versions";
import {
  describeReply,
  asObject,
  isNotificationFrame,
  isRequestFrame,
  responseHeaders,
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
    label: `${ctx.checkId} initialize asking for ${protocolVersion} (a fresh session)`,
  });
}

/** ping in the session (or with the headers given instead): the plainest legacy request to bend headers on. */
function ping(ctx: CheckContext, headers: Record<string, string>, what: string, session = true) {
  return ctx.rawRequest(JSON.stringify({ jsonrpc: "2.0", id: ctx.nextId(), method: "ping" }), {
    headers,
    session,
    label: `${ctx.checkId} ping (${what})`,
  });
}

export const LEGACY_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§2.2", path: SPEC.versioning }, transports: "both" },
  [
    {
      id: "C68",
      title: checkTitle("C68"),
      level: "MUST",
      eras: LEGACY_ONLY,
      legacySpec: `${LEGACY_SPEC.lifecycle}#version-negotiation`,
      async run(ctx) {
        const same = await freshInitialize(ctx, ctx.version);
        if (same.kind !== "result")
          return ctx.fail(
            `initialize asking for ${ctx.version} (the revision it answered before) got ${describeReply(same)}; answer initialize with a result.`,
          );
        if (same.result.protocolVersion !== ctx.version)
          return ctx.fail(
            `initialize asking for ${ctx.version}, which it supports, answered protocolVersion ${JSON.stringify(same.result.protocolVersion)}; a supported version MUST be echoed.`,
          );
        const missing = ["capabilities", "serverInfo"].filter((k) => !asObject(same.result[k]));
        if (missing.length)
          return ctx.fail(
            `The initialize result lacks ${missing.join(" and ")}; InitializeResult requires protocolVersion, capabilities and serverInfo.`,
          );
        const bogus = await freshInitialize(ctx, BOGUS_VERSION);
        if (
          bogus.kind === "result" &&
          typeof bogus.result.protocolVersion === "string" &&
          bogus.result.protocolVersion !== BOGUS_VERSION
        )
          return ctx.pass(
            `${ctx.version} was echoed; an unknown ${BOGUS_VERSION} got ${bogus.result.protocolVersion}, a version the server supports.`,
          );
        if (bogus.kind === "result")
          return ctx.fail(
            `initialize asking for ${BOGUS_VERSION} answered protocolVersion ${JSON.stringify(bogus.result.protocolVersion)}; answer a version you support (the client then decides whether to go on).`,
          );
        return ctx.fail(
          `initialize asking for ${BOGUS_VERSION} got ${describeReply(bogus)}; the spec wants a result naming another version you support, not an error.`,
        );
      },
    },
    {
      id: "C69",
      title: checkTitle("C69"),
      level: "SHOULD",
      eras: LEGACY_ONLY,
      legacySpec: `${LEGACY_SPEC.lifecycle}#initialization`,
      async run(ctx) {
        const [initialize] = ctx.legacy?.handshake ?? [];
        if (!initialize) return ctx.blocked("The probe recorded no initialize exchange.");
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
          return ctx.fail(
            `Before notifications/initialized the server sent ${early.map((f) => String(f!.method)).join(", ")}; wait for notifications/initialized before anything but pings and log messages.`,
          );
        return ctx.pass(
          "Nothing but the initialize result (and at most pings or log messages) came before notifications/initialized.",
        );
      },
    },
    {
      id: "C70",
      title: checkTitle("C70"),
      level: "MUST",
      transports: "http",
      eras: LEGACY_ONLY,
      legacySpec: LEGACY_SPEC.session,
      async run(ctx) {
        const id = ctx.legacy?.sessionId;
        if (id === undefined)
          return ctx.skip(
            "The initialize reply minted no Mcp-Session-Id: a stateless server has no session rules to keep.",
          );
        ctx.cite(ctx.legacy?.handshake[0]);
        if (!/^[\x21-\x7e]+$/.test(id))
          return ctx.fail(
            `The session id ${JSON.stringify(truncate(id, 60))} has characters outside visible ASCII (0x21–0x7E).`,
          );
        // A session of its own, ended with DELETE as a client does; a request in it afterwards MUST get 404.
        const opened = await freshInitialize(ctx, ctx.version);
        const own = opened.exchange.http?.sessionId;
        let ended = "the server minted no session for a second initialize";
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
            label: `${ctx.checkId} DELETE the session`,
          });
          const status = del.http?.status ?? 0;
          ended = `DELETE answered ${status || del.outcome.kind}`;
          if (status >= 200 && status < 300) {
            const after = await ping(ctx, headers, "in the session it ended", false);
            if (after.status !== 404)
              return ctx.fail(
                `After DELETE ended the session, a request in it got ${describeReply(after)}; answer 404 for a session that has ended, so the client knows to send initialize again.`,
              );
            ended = "a request in a session ended by DELETE got 404";
          }
        }
        const none = await ping(ctx, { "MCP-Protocol-Version": ctx.version }, "no Mcp-Session-Id", false);
        if (none.status !== 400)
          return ctx.fail(
            `A request without Mcp-Session-Id got ${describeReply(none)}; a server that requires sessions SHOULD answer 400.`,
            "SHOULD",
          );
        return ctx.pass(
          `Session id ${JSON.stringify(truncate(id, 40))} is visible ASCII; ${ended}; a request without a session got 400.`,
        );
      },
    },
    {
      id: "C71",
      title: checkTitle("C71"),
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
        if (reply.status === 400) return ctx.pass(`MCP-Protocol-Version ${BOGUS_VERSION} was refused with 400.`);
        return ctx.fail(
          `A request with MCP-Protocol-Version: ${BOGUS_VERSION} got ${describeReply(reply)}; answer 400 Bad Request to a version you do not support.`,
        );
      },
    },
    {
      id: "C72",
      title: checkTitle("C72"),
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
        if (status === 405)
          return ctx.pass("GET answered 405 Method Not Allowed: the server offers no stream of its own.");
        if (status === 200 && type.startsWith("text/event-stream")) return ctx.pass("GET opened a text/event-stream.");
        return ctx.fail(
          `GET with Accept: text/event-stream got ${status === undefined ? ex.outcome.kind : `HTTP ${status}${type ? ` (${type})` : ""}`}; answer with a text/event-stream or 405 Method Not Allowed.`,
        );
      },
    },
  ],
);
