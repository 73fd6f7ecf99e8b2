/** What the discovery and versioning checks (C01–C12) send and how they read the replies: an unsupported version, a missing envelope, removed and capability-gated methods. Pure: all I/O through the context. */
import type { CheckContext } from "../context";
import { errorData, expectError, isErrorCode, wrongStatus, wrongStatusMsg } from "../define";
import type { Verdict } from "../types";
import { msg, type Msg } from "../../i18n/translate";
import { asObject, replyMsg, replyOf, type JsonObject, type Reply } from "../wire";

/** ", and HTTP 400" on HTTP, nothing on stdio: a clause of several fixes. */
const andHttp = (ctx: CheckContext, status: number): Msg =>
  ctx.transport === "http" ? msg("checks.d.andHttp", { status }) : msg("checks.d.empty");

const BOGUS_VERSION = "1900-01-01";

/** C04/C05: -32022 with data.supported and data.requested for an unknown version. */
function judgeUnsupported(reply: Reply, lead = false): Msg | undefined {
  // The same clause starts the detail (capitalised) or follows "requests" in C04.pinned.
  const key = (name: string) => `checks.d.C04.${name}${lead ? "Lead" : ""}`;
  if (!isErrorCode(reply, -32022)) return msg(key("notUnsupported"), { reply: replyMsg(reply) });
  const data = errorData(reply);
  const supported = data?.supported;
  if (!Array.isArray(supported) || supported.length === 0 || !supported.every((v) => typeof v === "string")) {
    return msg(key("supported"));
  }
  if (data?.requested !== BOGUS_VERSION)
    return msg(key("requested"), { value: JSON.stringify(data?.requested), version: BOGUS_VERSION });
  return wrongStatusMsg(reply, 400);
}

export async function unsupportedVersion(
  ctx: CheckContext,
  method: "server/discover" | "tools/list",
): Promise<Verdict> {
  const fix = msg("checks.d.C04.fix", { http: andHttp(ctx, 400) });
  const reply = await ctx.request(method, {}, { envelope: { version: BOGUS_VERSION } });
  const problem = judgeUnsupported(reply);
  if (!problem) return ctx.pass(msg("checks.d.C04.pass", { version: BOGUS_VERSION, reply: replyMsg(reply) }));
  if (ctx.transport === "stdio") {
    // Tell "never checks" apart from "checks only the first request of a process" (version pinned per connection).
    const fresh = await ctx.request(method, {}, { envelope: { version: BOGUS_VERSION }, processMode: "fresh" });
    if (!judgeUnsupported(fresh)) {
      // What serveStdio() of @modelcontextprotocol/server 2.x does by default (2.4.0): say so, with the workaround.
      const pinned = msg("checks.d.C04.pinned", { version: ctx.version, problem, fix });
      return ctx.fail(msg("checks.d.withSdk", { detail: pinned, sdk: msg("checks.d.sdk.serveStdio") }));
    }
  }
  return ctx.fail(msg("checks.d.problemFix", { problem: judgeUnsupported(reply, true)!, fix }));
}

/** C06–C08: a request missing a required envelope key is malformed (-32602, HTTP 400; AMBIG-1 allows -32020 when a header disagrees). */
export async function missingEnvelope(
  ctx: CheckContext,
  what: string,
  params: Record<string, unknown>,
  ambiguousHeader: boolean,
  missing: string,
): Promise<Verdict> {
  const frame = JSON.stringify({ jsonrpc: "2.0", id: ctx.nextId(), method: "tools/list", params });
  // On HTTP the headers are still sent (the bridge cannot derive MCP-Protocol-Version from a body that lacks it).
  const headers = ctx.transport === "http" ? { "MCP-Protocol-Version": ctx.version } : undefined;
  const reply = replyOf(await ctx.raw(frame, { label: `${ctx.checkId} tools/list ${what}`, headers }));
  const fix = msg("checks.d.C06.fix", { missing, http: andHttp(ctx, 400) });
  if (ambiguousHeader && ctx.transport === "http" && isErrorCode(reply, -32020) && !wrongStatus(reply, 400)) {
    return ctx.pass(msg("checks.d.C06.ambig1"));
  }
  if (reply.kind === "result")
    return ctx.fail(
      msg("checks.d.C06.served", { what: msg(`checks.d.C06.${WITHOUT[what]}`), reply: replyMsg(reply), fix }),
    );
  return expectError(ctx, reply, -32602, 400, fix);
}

/** The catalogue word for each malformed request C06–C08 send (the label keeps the English). */
const WITHOUT: Record<string, string> = {
  "without _meta": "noMeta",
  "without clientCapabilities": "noCapabilities",
  "without protocolVersion": "noVersion",
};

const REMOVED: { method: string; params: Record<string, unknown> }[] = [
  { method: "ping", params: {} },
  { method: "logging/setLevel", params: { level: "info" } },
  { method: "resources/subscribe", params: { uri: "file:///playground/removed-method-check" } },
  { method: "resources/unsubscribe", params: { uri: "file:///playground/removed-method-check" } },
];

/** The removed methods C10 and C63 ask (initialize, asked by C63 alone, is modernInitializeReply). */
export const REMOVED_METHODS = REMOVED.map((r) => r.method);

/** The removed methods' answers, asked once per run (C10 judges "not served", C63 the exact code). */
export async function removedReplies(ctx: CheckContext): Promise<{ method: string; reply: Reply }[]> {
  const replies = await ctx.once("removed-methods", async () => {
    const out: { method: string; reply: Reply }[] = [];
    for (const { method, params } of REMOVED) out.push({ method, reply: await ctx.request(method, params) });
    return out;
  });
  ctx.cite(...replies.map((r) => r.reply));
  return replies;
}

/**
 * initialize with the 2026-07-28 envelope (C63): a modern-only server answers it like any unknown method. A dual-era
 * server may answer it with a handshake result (its legacy path), which is not judged. On stdio a fresh process
 * asks it, so the kept process's era is not touched.
 */
export async function modernInitializeReply(ctx: CheckContext): Promise<Reply> {
  const reply = await ctx.once("removed-initialize", () =>
    ctx.request(
      "initialize",
      {
        protocolVersion: ctx.version,
        capabilities: {},
        clientInfo: { name: "mcp-playground-check", version: "1" },
      },
      { processMode: "fresh", ...ctx.labelled(msg("checkLabels.modernInitialize")) },
    ),
  );
  ctx.cite(reply);
  return reply;
}

export const GATED: { capability: string; method: string; params: Record<string, unknown> }[] = [
  { capability: "prompts", method: "prompts/list", params: {} },
  { capability: "resources", method: "resources/list", params: {} },
  { capability: "tools", method: "tools/list", params: {} },
  {
    capability: "completions",
    method: "completion/complete",
    params: { ref: { type: "ref/prompt", name: "playground" }, argument: { name: "x", value: "" } },
  },
];

/** A check that reads the DiscoverResult: blocked when server/discover did not answer (C01 says why). */
export const readingDiscover =
  (judge: (ctx: CheckContext, result: JsonObject) => Verdict | Promise<Verdict>) =>
  async (ctx: CheckContext): Promise<Verdict> => {
    const { reply, result } = await ctx.discover();
    if (!result) return ctx.blocked(msg("checks.d.seeC01", { reply: replyMsg(reply) }));
    return judge(ctx, result);
  };

export function declaredIn(result: Record<string, unknown>, capability: string): boolean {
  return asObject(asObject(result.capabilities)?.[capability]) !== undefined;
}
