/** What the Streamable HTTP checks (C41–C56) send: list requests with chosen headers, a named target (a tool, prompt or resource with a name to put in Mcp-Name), argument paths. Pure: all I/O through the context. */
import type { CheckContext } from "../context";
import { isErrorCode, wrongStatus } from "../define";
import { promptArguments } from "../synthesize";
import type { CheckSendOptions, Verdict } from "../types";
import { asObject, replyMsg, type JsonObject, type Reply } from "../wire";
import { msg, type Msg } from "../../i18n/translate";

export const HEADER_FIX = msg("checks.d.http.headerFix");

/** Base64 of UTF-8, as the SEP-2243 sentinel carries it. */
export function base64Utf8(value: string): string {
  let binary = "";
  for (const b of new TextEncoder().encode(value)) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function expectMismatch(ctx: CheckContext, reply: Reply, what: Msg): Verdict {
  if (isErrorCode(reply, -32020) && !wrongStatus(reply, 400))
    return ctx.pass(msg("checks.d.http.mismatchPass", { what }));
  if (reply.kind === "result")
    return ctx.fail(msg("checks.d.http.mismatchServed", { what, reply: replyMsg(reply), fix: HEADER_FIX }));
  return ctx.fail(msg("checks.d.http.mismatchFail", { what, reply: replyMsg(reply), fix: HEADER_FIX }));
}

/** tools/list with the envelope: the plainest request to bend headers on. */
export function listRequest(ctx: CheckContext, opts: CheckSendOptions, what: string): Promise<Reply> {
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

export async function withNamed(ctx: CheckContext, run: (t: NamedTarget) => Promise<Verdict>): Promise<Verdict> {
  const t = await namedTarget(ctx);
  if (!t) return ctx.skip(msg("checks.d.http.noNamed"));
  return run(t);
}

export function named(ctx: CheckContext, t: NamedTarget, opts: CheckSendOptions, what: string): Promise<Reply> {
  return ctx.request(t.method, t.params, { ...opts, label: `${ctx.checkId} ${t.method} (${what})` });
}

export function setPath(args: JsonObject, path: string[], value: unknown): JsonObject {
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
