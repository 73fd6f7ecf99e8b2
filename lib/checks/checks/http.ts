/** Digest §14 E: Streamable HTTP headers and status codes (C41–C56; C57 lives with the authorization rules in ./auth). HTTP targets only. */
import { LEGACY_SPEC, SPEC, isErrorCode, wrongStatus, check, defineChecks, type CheckDef } from "../define";
import { headerParams } from "../../protocol/header-annotations";
import type { CheckSendOptions } from "../types";
import { asObject, list, replyMsg, responseHeaders, sentFrame, type JsonObject } from "../wire";
import { msg, type Msg } from "../../i18n/translate";
import { HEADER_FIX, base64Utf8, expectMismatch, listRequest, withNamed, named, setPath } from "./http-probes";

// Where the unit tests have always found it.
export { base64Utf8 };

export const HTTP_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§9.2", path: SPEC.http }, transports: "http" },
  [
    check("C41", "MUST", async (ctx) => {
      const reply = await listRequest(
        ctx,
        { http: { omitImplied: ["MCP-Protocol-Version"] } },
        "no MCP-Protocol-Version",
      );
      if (isErrorCode(reply, -32020) && !wrongStatus(reply, 400)) return ctx.pass(msg("checks.d.C41.pass"));
      if (reply.kind === "result")
        return ctx.fail(msg("checks.d.C41.served", { reply: replyMsg(reply), fix: HEADER_FIX }));
      return ctx.warn(msg("checks.d.C41.ambig21", { reply: replyMsg(reply) }));
    }),
    check("C42", "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(
          ctx,
          { headers: { "MCP-Protocol-Version": "2025-11-25" } },
          "header 2025-11-25, body " + ctx.version,
        ),
        msg("checks.d.C42.what"),
      ),
    ),
    check("C43", "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { http: { omitImplied: ["Mcp-Method"] } }, "no Mcp-Method"),
        msg("checks.d.C43.what"),
      ),
    ),
    check("C44", "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { headers: { "Mcp-Method": "prompts/get" } }, "Mcp-Method prompts/get"),
        msg("checks.d.C44.what"),
      ),
    ),
    check("C45", "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { headers: { "Mcp-Method": "TOOLS/LIST" } }, "Mcp-Method TOOLS/LIST"),
        msg("checks.d.C45.what"),
      ),
    ),
    check("C46", "MUST", async (ctx) => {
      const spellings: [string, string][] = [
        ["mcp-method", "mcp-protocol-version"],
        ["MCP-METHOD", "MCP-PROTOCOL-VERSION"],
      ];
      for (const [m, v] of spellings) {
        const reply = await listRequest(
          ctx,
          {
            headers: { [m]: "tools/list", [v]: ctx.version },
            http: { omitImplied: ["Mcp-Method", "MCP-Protocol-Version"] },
          },
          `${m} / ${v}`,
        );
        if (reply.kind !== "result")
          return ctx.fail(msg("checks.d.C46.fail", { spelling: `${m} / ${v}`, reply: replyMsg(reply) }));
      }
      return ctx.pass(msg("checks.d.C46.pass"));
    }),
    check("C47", "MUST", (ctx) =>
      withNamed(ctx, async (t) =>
        expectMismatch(
          ctx,
          await named(ctx, t, { http: { omitImplied: ["Mcp-Name"] } }, "no Mcp-Name"),
          msg("checks.d.C47.what", { method: t.method }),
        ),
      ),
    ),
    check("C48", "MUST", (ctx) =>
      withNamed(ctx, async (t) =>
        expectMismatch(
          ctx,
          await named(ctx, t, { headers: { "Mcp-Name": "playground-wrong-name" } }, "wrong Mcp-Name"),
          msg("checks.d.C48.what", { method: t.method, value: "playground-wrong-name" }),
        ),
      ),
    ),
    check("C49", "MUST", (ctx) =>
      withNamed(ctx, async (t) => {
        const value = `=?base64?${base64Utf8(t.name)}?=`;
        const reply = await named(ctx, t, { headers: { "Mcp-Name": value } }, "Base64 Mcp-Name");
        if (reply.kind === "result") return ctx.pass(msg("checks.d.C49.pass", { value }));
        return ctx.fail(
          msg("checks.d.C49.fail", { value, name: t.name, reply: replyMsg(reply), form: "=?base64?…?=" }),
        );
      }),
    ),
    check("C50", "MUST", (ctx) =>
      withNamed(ctx, async (t) => {
        const b64 = base64Utf8(t.name);
        const value = `=?base64?${b64.slice(0, 4)}!!!${b64.slice(4)}?=`; // a lenient decoder skips "!!!" and would accept it
        return expectMismatch(
          ctx,
          await named(ctx, t, { headers: { "Mcp-Name": value } }, "malformed Base64"),
          msg("checks.d.C50.what", { value }),
        );
      }),
    ),
    check("C51", "MUST", async (ctx) => {
      const tools = await ctx.callableTools();
      const tool = tools.find((x) => headerParams(asObject(x.inputSchema)).length > 0);
      if (!tool) return ctx.skip(msg("checks.d.C51.noTool", { policy: ctx.options.toolCalls }));
      const [param] = headerParams(asObject(tool.inputSchema));
      const header = `Mcp-Param-${param.header}`;
      const value = param.type === "integer" ? 7 : param.type === "boolean" ? true : "playground-region";
      const args = setPath(ctx.toolArguments(tool), param.path, value);
      const call = (a: JsonObject, opts: CheckSendOptions, what: string) =>
        ctx.request(
          "tools/call",
          { name: tool.name, arguments: a },
          { ...opts, paramHeaders: false, label: `${ctx.checkId} tools/call ${String(tool.name)} (${what})` },
        );
      const good = await call(args, { headers: { [header]: String(value) } }, `${header}: ${value}`);
      if (isErrorCode(good, -32020)) return ctx.fail(msg("checks.d.C51.goodRefused", { header, value: String(value) }));
      const missing = await call(args, {}, `no ${header}`);
      if (!isErrorCode(missing, -32020) || wrongStatus(missing, 400))
        return ctx.fail(
          msg("checks.d.C51.missing", {
            header,
            path: param.path.join("."),
            reply: replyMsg(missing),
            fix: HEADER_FIX,
          }),
        );
      const wrong = await call(
        args,
        { headers: { [header]: param.type === "boolean" ? "false" : "9" } },
        `wrong ${header}`,
      );
      if (!isErrorCode(wrong, -32020) || wrongStatus(wrong, 400))
        return ctx.fail(msg("checks.d.C51.wrong", { header, reply: replyMsg(wrong), fix: HEADER_FIX }));
      const absent = await call(
        setPath(ctx.toolArguments(tool), param.path, null),
        {},
        `${param.path.join(".")}: null, no header`,
      );
      if (isErrorCode(absent, -32020))
        return ctx.fail(msg("checks.d.C51.nullRefused", { header, path: param.path.join(".") }));
      return ctx.pass(msg("checks.d.C51.pass", { tool: String(tool.name), header }));
    }),
    check("C52", "SHOULD", async (ctx) => {
      const bad: Msg[] = [];
      for (const method of ["GET", "DELETE"] as const) {
        const ex = await ctx.raw("", {
          ...ctx.labelled(msg("checkLabels.onEndpoint", { method })),
          http: { method },
          headers: method === "GET" ? { Accept: "text/event-stream" } : undefined,
        });
        const status = ex.http?.status;
        if (status !== 405)
          bad.push(msg("checks.d.C52.answered", { method, status: String(status ?? ex.outcome.kind) }));
      }
      if (bad.length) return ctx.fail(msg("checks.d.C52.fail", { bad: list(bad) }));
      return ctx.pass(msg("checks.d.C52.pass"));
    }),
    check("C53", "SHOULD", async (ctx) => {
      const reply = await listRequest(
        ctx,
        { headers: { "Mcp-Session-Id": "playground-session" } },
        "with Mcp-Session-Id",
      );
      if (reply.kind !== "result") return ctx.fail(msg("checks.d.C53.refused", { reply: replyMsg(reply) }));
      const minted = ctx
        .observed()
        .find(
          (ex) =>
            ex.transport === "http" &&
            responseHeaders(ex).has("mcp-session-id") &&
            sentFrame(ex)?.method !== "initialize",
        );
      if (minted) {
        ctx.cite(minted);
        return ctx.fail(msg("checks.d.C53.minted", { method: String(sentFrame(minted)?.method) }));
      }
      return ctx.pass(msg("checks.d.C53.pass"));
    }),
    check(
      "C54",
      "MUST",
      async (ctx) => {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          http: { origin: "http://evil.example" },
          session: false,
          ...ctx.labelled(msg("checkLabels.evilOrigin", { origin: "http://evil.example" })),
        });
        const origin = "http://evil.example";
        if (reply.status === 403) return ctx.pass(msg("checks.d.C54.pass", { origin }));
        return ctx.fail(msg("checks.d.C54.fail", { origin, reply: replyMsg(reply) }));
      },
      false,
      LEGACY_SPEC.security,
    ),
    check(
      "C55",
      "MUST",
      async (ctx) => {
        const ex = await ctx.notify("notifications/cancelled", {
          requestId: "playground-nope",
          reason: "playground check",
        });
        const status = ex.http?.status;
        const body = ex.events
          .filter((e) => e.kind === "http-body" || e.kind === "sse-event")
          .map((e) => ("text" in e ? e.text : e.data))
          .join("");
        if (status === 202 && body.trim() === "") return ctx.pass(msg("checks.d.C55.pass"));
        if (status !== undefined && status >= 400 && status < 500)
          return ctx.pass(msg("checks.d.C55.pass4xx", { status: String(status) }));
        const got =
          status === undefined
            ? msg(body ? "checks.d.C55.noStatusBody" : "checks.d.C55.noStatus")
            : msg(body ? "checks.d.C55.statusBody" : "checks.d.C55.status", { status: String(status) });
        return ctx.fail(msg("checks.d.C55.fail", { got }));
      },
      false,
      `${LEGACY_SPEC.transports}#sending-messages-to-the-server`,
    ),
    check(
      "C56",
      "MUST",
      async (ctx) => {
        await ctx.discover();
        const noBuffering: string[] = [];
        for (const ex of ctx.observed()) {
          const f = sentFrame(ex);
          if (ex.transport !== "http" || !f || !("id" in f) || ex.http?.status === undefined) continue;
          const hasBody = ex.events.some((e) => e.kind === "http-body" || e.kind === "sse-event");
          if (!hasBody) continue;
          const headers = responseHeaders(ex);
          const type = headers.get("content-type") ?? "";
          if (!type.startsWith("application/json") && !type.startsWith("text/event-stream")) {
            ctx.cite(ex);
            return ctx.fail(msg("checks.d.C56.type", { method: String(f.method), type: JSON.stringify(type) }));
          }
          if (type.startsWith("text/event-stream") && headers.get("x-accel-buffering") !== "no")
            noBuffering.push(String(f.method));
        }
        if (noBuffering.length)
          return ctx.fail(msg("checks.d.C56.buffering", { methods: [...new Set(noBuffering)].join(", ") }), "SHOULD");
        return ctx.pass(msg("checks.d.C56.pass"));
      },
      true,
    ),
  ],
);
