/** Digest §14 E: Streamable HTTP headers and status codes (C41–C56; C57 lives with the authorization rules in ./auth). HTTP targets only. */
import type { CheckContext } from "../context";
import {
  checkTitle,
  BOTH_ERAS,
  LEGACY_SPEC,
  SPEC,
  isErrorCode,
  wrongStatus,
  check,
  defineChecks,
  type CheckDef,
} from "../define";
import { headerParams } from "../../protocol/header-annotations";
import { promptArguments } from "../synthesize";
import type { CheckSendOptions, Verdict } from "../types";
import { describeReply, asObject, responseHeaders, sentFrame, type JsonObject, type Reply } from "../wire";

const HEADER_FIX =
  "validate the request headers against the body and answer 400 with -32020 on any missing or mismatched one.";

/** Base64 of UTF-8, as the SEP-2243 sentinel carries it. */
export function base64Utf8(value: string): string {
  let binary = "";
  for (const b of new TextEncoder().encode(value)) binary += String.fromCharCode(b);
  return btoa(binary);
}

function expectMismatch(ctx: CheckContext, reply: Reply, what: string): Verdict {
  if (isErrorCode(reply, -32020) && !wrongStatus(reply, 400))
    return ctx.pass(`${what}: answered HTTP 400 with -32020.`);
  if (reply.kind === "result")
    return ctx.fail(`${what}: the request was served (${describeReply(reply)}); ${HEADER_FIX}`);
  return ctx.fail(`${what}: answered ${describeReply(reply)}; ${HEADER_FIX}`);
}

/** tools/list with the envelope: the plainest request to bend headers on. */
function listRequest(ctx: CheckContext, opts: CheckSendOptions, what: string): Promise<Reply> {
  return ctx.request("tools/list", {}, { ...opts, label: `${ctx.checkId} tools/list (${what})` });
}

interface NamedTarget {
  method: "resources/read" | "prompts/get" | "tools/call";
  params: JsonObject;
  name: string;
}

/** A request that needs Mcp-Name and is known to succeed: a resource read, a prompt, or a callable tool. */
async function namedTarget(ctx: CheckContext): Promise<NamedTarget | undefined> {
  return ctx.once("http:named", async () => {
    const candidates: NamedTarget[] = [];
    if (await ctx.declares("resources")) {
      const r = (await ctx.list("resources/list")).items.find((x) => typeof x.uri === "string");
      if (r) candidates.push({ method: "resources/read", params: { uri: r.uri }, name: String(r.uri) });
    }
    if (await ctx.declares("prompts")) {
      const p = (await ctx.list("prompts/list")).items.find((x) => typeof x.name === "string");
      if (p)
        candidates.push({
          method: "prompts/get",
          params: { name: p.name, arguments: promptArguments(p) },
          name: String(p.name),
        });
    }
    const [t] = await ctx.callableTools();
    if (t)
      candidates.push({
        method: "tools/call",
        params: { name: t.name, arguments: ctx.toolArguments(t) },
        name: String(t.name),
      });
    for (const c of candidates) {
      const baseline = await ctx.request(c.method, c.params, {
        label: `${ctx.checkId} ${c.method} (baseline for Mcp-Name checks)`,
      });
      if (baseline.kind === "result") return c;
    }
    return undefined;
  });
}

async function withNamed(ctx: CheckContext, run: (t: NamedTarget) => Promise<Verdict>): Promise<Verdict> {
  const t = await namedTarget(ctx);
  if (!t)
    return ctx.skip(
      "No resource, prompt or callable tool answered a plain request, so there is no Mcp-Name request to vary.",
    );
  return run(t);
}

function named(ctx: CheckContext, t: NamedTarget, opts: CheckSendOptions, what: string): Promise<Reply> {
  return ctx.request(t.method, t.params, { ...opts, label: `${ctx.checkId} ${t.method} (${what})` });
}

export const HTTP_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§9.2", path: SPEC.http }, transports: "http" },
  [
    check("C41", checkTitle("C41"), "MUST", async (ctx) => {
      const reply = await listRequest(
        ctx,
        { http: { omitImplied: ["MCP-Protocol-Version"] } },
        "no MCP-Protocol-Version",
      );
      if (isErrorCode(reply, -32020) && !wrongStatus(reply, 400))
        return ctx.pass("Without MCP-Protocol-Version: HTTP 400 with -32020.");
      if (reply.kind === "result")
        return ctx.fail(`Without MCP-Protocol-Version the request was served (${describeReply(reply)}); ${HEADER_FIX}`);
      return ctx.warn(
        `Without MCP-Protocol-Version: ${describeReply(reply)} — ambiguous in the spec (AMBIG-21): a server that supports pre-2025-06-18 clients MAY assume 2025-03-26; otherwise it MUST answer 400 with -32020.`,
      );
    }),
    check("C42", checkTitle("C42"), "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(
          ctx,
          { headers: { "MCP-Protocol-Version": "2025-11-25" } },
          "header 2025-11-25, body " + ctx.version,
        ),
        "Header 2025-11-25 with a 2026-07-28 body",
      ),
    ),
    check("C43", checkTitle("C43"), "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { http: { omitImplied: ["Mcp-Method"] } }, "no Mcp-Method"),
        "Without Mcp-Method",
      ),
    ),
    check("C44", checkTitle("C44"), "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { headers: { "Mcp-Method": "prompts/get" } }, "Mcp-Method prompts/get"),
        "Mcp-Method prompts/get on a tools/list body",
      ),
    ),
    check("C45", checkTitle("C45"), "MUST", async (ctx) =>
      expectMismatch(
        ctx,
        await listRequest(ctx, { headers: { "Mcp-Method": "TOOLS/LIST" } }, "Mcp-Method TOOLS/LIST"),
        "Mcp-Method TOOLS/LIST on a tools/list body",
      ),
    ),
    check("C46", checkTitle("C46"), "MUST", async (ctx) => {
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
          return ctx.fail(
            `With headers spelled ${m} / ${v} the request answered ${describeReply(reply)}; compare header names case-insensitively.`,
          );
      }
      return ctx.pass("Lower-case and upper-case header names were both accepted.");
    }),
    check("C47", checkTitle("C47"), "MUST", (ctx) =>
      withNamed(ctx, async (t) =>
        expectMismatch(
          ctx,
          await named(ctx, t, { http: { omitImplied: ["Mcp-Name"] } }, "no Mcp-Name"),
          `${t.method} without Mcp-Name`,
        ),
      ),
    ),
    check("C48", checkTitle("C48"), "MUST", (ctx) =>
      withNamed(ctx, async (t) =>
        expectMismatch(
          ctx,
          await named(ctx, t, { headers: { "Mcp-Name": "playground-wrong-name" } }, "wrong Mcp-Name"),
          `${t.method} with Mcp-Name playground-wrong-name`,
        ),
      ),
    ),
    check("C49", checkTitle("C49"), "MUST", (ctx) =>
      withNamed(ctx, async (t) => {
        const value = `=?base64?${base64Utf8(t.name)}?=`;
        const reply = await named(ctx, t, { headers: { "Mcp-Name": value } }, "Base64 Mcp-Name");
        if (reply.kind === "result") return ctx.pass(`Mcp-Name ${value} was decoded and accepted.`);
        return ctx.fail(
          `Mcp-Name ${value} (the Base64 form of ${t.name}) answered ${describeReply(reply)}; decode =?base64?…?= values before comparing.`,
        );
      }),
    ),
    check("C50", checkTitle("C50"), "MUST", (ctx) =>
      withNamed(ctx, async (t) => {
        const b64 = base64Utf8(t.name);
        const value = `=?base64?${b64.slice(0, 4)}!!!${b64.slice(4)}?=`; // a lenient decoder skips "!!!" and would accept it
        return expectMismatch(
          ctx,
          await named(ctx, t, { headers: { "Mcp-Name": value } }, "malformed Base64"),
          `Mcp-Name ${value}`,
        );
      }),
    ),
    check("C51", checkTitle("C51"), "MUST", async (ctx) => {
      const tools = await ctx.callableTools();
      const tool = tools.find((x) => headerParams(asObject(x.inputSchema)).length > 0);
      if (!tool)
        return ctx.skip(`No callable tool has a valid x-mcp-header argument (tool calls: ${ctx.options.toolCalls}).`);
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
      if (isErrorCode(good, -32020))
        return ctx.fail(`With a correct ${header}: ${String(value)} the call answered -32020; accept matching values.`);
      const missing = await call(args, {}, `no ${header}`);
      if (!isErrorCode(missing, -32020) || wrongStatus(missing, 400))
        return ctx.fail(
          `Without ${header} while arguments.${param.path.join(".")} is set: ${describeReply(missing)}; ${HEADER_FIX}`,
        );
      const wrong = await call(
        args,
        { headers: { [header]: param.type === "boolean" ? "false" : "9" } },
        `wrong ${header}`,
      );
      if (!isErrorCode(wrong, -32020) || wrongStatus(wrong, 400))
        return ctx.fail(`With a ${header} that disagrees with the argument: ${describeReply(wrong)}; ${HEADER_FIX}`);
      const absent = await call(
        setPath(ctx.toolArguments(tool), param.path, null),
        {},
        `${param.path.join(".")}: null, no header`,
      );
      if (isErrorCode(absent, -32020))
        return ctx.fail(
          `With arguments.${param.path.join(".")} null and no ${header} it answered -32020; a null or absent value needs no header.`,
        );
      return ctx.pass(
        `${String(tool.name)}: correct ${header} accepted, missing or wrong rejected with 400/-32020, null argument without header accepted.`,
      );
    }),
    check("C52", checkTitle("C52"), "SHOULD", async (ctx) => {
      const bad: string[] = [];
      for (const method of ["GET", "DELETE"] as const) {
        const ex = await ctx.raw("", {
          label: `${ctx.checkId} ${method} on the endpoint`,
          http: { method },
          headers: method === "GET" ? { Accept: "text/event-stream" } : undefined,
        });
        const status = ex.http?.status;
        if (status !== 405) bad.push(`${method} answered ${status ?? ex.outcome.kind}`);
      }
      if (bad.length)
        return ctx.fail(
          `${bad.join(", ")}; a 2026-07-28-only endpoint answers GET and DELETE with 405 Method Not Allowed.`,
        );
      return ctx.pass("GET and DELETE answered 405.");
    }),
    check("C53", checkTitle("C53"), "SHOULD", async (ctx) => {
      const reply = await listRequest(
        ctx,
        { headers: { "Mcp-Session-Id": "playground-session" } },
        "with Mcp-Session-Id",
      );
      if (reply.kind !== "result")
        return ctx.fail(
          `With an Mcp-Session-Id header the request answered ${describeReply(reply)}; ignore the header.`,
        );
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
        return ctx.fail(
          `A response to ${String(sentFrame(minted)?.method)} carried Mcp-Session-Id; 2026-07-28 servers mint no sessions.`,
        );
      }
      return ctx.pass("The header was ignored and no response in this run carried Mcp-Session-Id.");
    }),
    check(
      "C54",
      checkTitle("C54"),
      "MUST",
      async (ctx) => {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          http: { origin: "http://evil.example" },
          session: false,
          label: `${ctx.checkId} opening request (Origin: http://evil.example)`,
        });
        if (reply.status === 403) return ctx.pass("Origin http://evil.example was refused with 403.");
        return ctx.fail(
          `Origin http://evil.example got ${describeReply(reply)}; validate Origin on every request and answer 403 to origins you do not serve (DNS-rebinding defence).`,
        );
      },
      false,
      BOTH_ERAS,
      LEGACY_SPEC.security,
    ),
    check(
      "C55",
      checkTitle("C55"),
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
        if (status === 202 && body.trim() === "") return ctx.pass("Accepted with 202 and an empty body.");
        if (status !== undefined && status >= 400 && status < 500)
          return ctx.pass(`Not accepted: HTTP ${status} (allowed).`);
        return ctx.fail(
          `A notification got HTTP ${status ?? "no status"}${body ? " with a body" : ""}; answer 202 Accepted with an empty body, or a 4xx when you do not accept it.`,
        );
      },
      false,
      BOTH_ERAS,
      `${LEGACY_SPEC.transports}#sending-messages-to-the-server`,
    ),
    check(
      "C56",
      checkTitle("C56"),
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
            return ctx.fail(
              `${String(f.method)} was answered with Content-Type ${JSON.stringify(type)}; use application/json or text/event-stream.`,
            );
          }
          if (type.startsWith("text/event-stream") && headers.get("x-accel-buffering") !== "no")
            noBuffering.push(String(f.method));
        }
        if (noBuffering.length)
          return ctx.fail(
            `SSE responses to ${[...new Set(noBuffering)].join(", ")} lack X-Accel-Buffering: no; send it so proxies do not buffer the stream.`,
            "SHOULD",
          );
        return ctx.pass("Every response body in this run was application/json or text/event-stream.");
      },
      true,
    ),
  ],
);

function setPath(args: JsonObject, path: string[], value: unknown): JsonObject {
  const root: JsonObject = { ...args };
  let cur = root;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) cur[key] = value;
    else {
      cur[key] = { ...(asObject(cur[key]) ?? {}) };
      cur = cur[key] as JsonObject;
    }
  }
  return root;
}
