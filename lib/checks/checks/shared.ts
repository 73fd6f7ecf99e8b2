/**
 * Rules every era shares that the digest's §14 did not number (C65–C67, C73): ids echoed with their type, JSON-RPC
 * 2.0 on every HTTP message, pagination that ends, and the DNS-rebinding refusal. Written once, run on modern and
 * legacy servers alike.
 */
import { LIST_CAPABILITY, LIST_METHODS, type CheckContext, type ListMethod } from "../context";
import { checkTitle, LEGACY_SPEC, SPEC, defineChecks, type CheckDef } from "../define";
import { msg, type Msg } from "../../i18n/translate";
import { asObject, list, replyMsg, replyOf, responseId, serverFrames, truncate } from "../wire";

async function firstDeclaredList(ctx: CheckContext): Promise<ListMethod | undefined> {
  for (const m of LIST_METHODS) if (await ctx.declares(LIST_CAPABILITY[m])) return m;
  return undefined;
}

/**
 * Does this object claim to be a JSON-RPC message? It names `jsonrpc` or an `id`, calls a method, or carries a
 * JSON-RPC error object (with a numeric code). A bare `result` or a string `error` (OAuth's error codes, RFC 6750
 * §3.1) is some other protocol's body.
 */
export function claimsJsonRpc(o: Record<string, unknown>): boolean {
  if ("jsonrpc" in o || "id" in o || typeof o.method === "string") return true;
  const error = asObject(o.error);
  return error !== undefined && typeof error.code === "number";
}

/** A message written this soon after the cancel may have been on its way already (a race, not a violation). */
const CANCEL_RACE_MS = 150;

/** Milliseconds from writing a tools/call for `tool` to its answer (the whole window if none came). */
async function uncancelledMs(ctx: CheckContext, tool: Record<string, unknown>, window: number): Promise<number> {
  const id = ctx.nextId();
  const call = await ctx.raw(
    ctx.frame("tools/call", { name: tool.name as string, arguments: ctx.toolArguments(tool) }, {}, id),
    { ...ctx.labelled(msg("checkLabels.callUncancelled", { tool: String(tool.name) })), timeoutMs: window },
  );
  const answered = serverFrames(call).find((f) => responseId(f.frame) === id);
  if (answered) return answered.at - (call.startedAt ?? answered.at);
  // Still working after the window: ask it to stop, so that its answer does not land in a later check's exchange.
  await ctx.notify("notifications/cancelled", { requestId: id, reason: "playground check: timing only" });
  return window;
}

/** What a browser sends once a foreign name resolves to the server: its own Host and Origin. */
export const REBINDING_HOST = "evil.example.com";

export const SHARED_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§1.1", path: SPEC.base }, transports: "both" },
  [
    {
      id: "C65",
      level: "MUST",
      legacySpec: `${LEGACY_SPEC.base}#responses`,
      async run(ctx) {
        // Every other check sends string ids; a client library may as well send numbers.
        const method = (await firstDeclaredList(ctx)) ?? "playground/nonexistent";
        const id = 6500 + Math.floor(Math.random() * 1000);
        const ex = await ctx.raw(ctx.frame(method, {}, {}, id), {
          ...ctx.labelled(msg("checkLabels.numericId", { method, id: String(id) })),
          timeoutMs: Math.min(3000, ctx.options.timeoutMs),
        });
        const echoed = serverFrames(ex)
          .map((f) => responseId(f.frame))
          .filter((r) => r !== undefined && String(r) === String(id));
        if (echoed.some((r) => r === id)) return ctx.pass(msg("checks.d.C65.pass", { method, id: String(id) }));
        if (echoed.length)
          return ctx.fail(msg("checks.d.C65.string", { method, id: String(id), echoed: JSON.stringify(echoed[0]) }));
        return ctx.fail(msg("checks.d.C65.none", { method, id: String(id), reply: replyMsg(replyOf(ex)) }));
      },
    },
    {
      id: "C66",
      level: "MUST",
      transports: "http",
      spec: { section: "§1.1", path: SPEC.base },
      legacySpec: `${LEGACY_SPEC.base}#messages`,
      aggregate: true,
      async run(ctx) {
        let seen = 0;
        for (const ex of ctx.observed()) {
          if (ex.transport !== "http") continue;
          for (const f of serverFrames(ex)) {
            const o = asObject(f.frame);
            // Only what claims to be a JSON-RPC message: a guard's own 403 body ({"ok":false,…}) or an OAuth
            // error body ({"error":"forbidden",…}, which a 401/403 may carry) is not one.
            if (!o || !claimsJsonRpc(o)) continue;
            seen += 1;
            if (o.jsonrpc !== "2.0") {
              ctx.cite(ex);
              return ctx.fail(
                msg("checks.d.C66.fail", {
                  value: JSON.stringify(o.jsonrpc ?? null),
                  message: JSON.stringify(truncate(JSON.stringify(o), 100)),
                }),
              );
            }
          }
        }
        if (!seen) return ctx.skip(msg("checks.d.C66.skip"));
        return ctx.pass(msg("checks.d.C66.pass", { n: String(seen) }));
      },
    },
    {
      id: "C67",
      level: "SHOULD",
      spec: { section: "§10.5", path: SPEC.pagination },
      legacySpec: `${LEGACY_SPEC.pagination}#implementation-guidelines`,
      async run(ctx) {
        const notes: Msg[] = [];
        let any = false;
        for (const m of LIST_METHODS) {
          if (!(await ctx.declares(LIST_CAPABILITY[m]))) continue;
          any = true;
          const info = await ctx.list(m);
          const cursors = info.pages
            .map((p) => (p.kind === "result" ? p.result.nextCursor : undefined))
            .filter((c): c is string => typeof c === "string");
          const repeated = cursors.find((c, i) => cursors.indexOf(c) !== i);
          if (repeated !== undefined)
            return ctx.fail(
              msg("checks.d.C67.repeated", { method: m, cursor: JSON.stringify(truncate(repeated, 40)) }),
            );
          if (info.truncated) return ctx.warn(msg("checks.d.C67.truncated", { method: m, n: info.pages.length }));
          notes.push(msg("checks.d.C67.pages", { method: m, n: info.pages.length }));
        }
        if (!any) return ctx.skip(msg("checks.d.noLists"));
        return ctx.pass(msg("checks.d.C67.pass", { lists: list(notes) }));
      },
    },
    {
      id: "C78",
      level: "SHOULD",
      transports: "stdio",
      spec: { section: "§8.3", path: SPEC.cancellation },
      legacySpec: LEGACY_SPEC.cancellation,
      async run(ctx) {
        const tools = await ctx.callableTools();
        if (!tools.length) return ctx.notTestable(msg("checks.d.C78.noTool", { policy: ctx.options.toolCalls }));
        const window = Math.max(1000, ctx.options.listenWindowMs);
        for (const tool of tools.slice(0, 5)) {
          // How long the tool takes when nobody cancels it: one quicker than the cancel's way to the server shows
          // nothing either way (a busy machine can delay its answer past any fixed margin: a false failure).
          if ((await uncancelledMs(ctx, tool, window)) <= CANCEL_RACE_MS) continue;
          const id = ctx.nextId();
          const pending = ctx.raw(
            ctx.frame("tools/call", { name: tool.name as string, arguments: ctx.toolArguments(tool) }, {}, id),
            {
              ...ctx.labelled(msg("checkLabels.callToCancel", { tool: String(tool.name) })),
              timeoutMs: window,
            },
          );
          const cancel = await ctx.notify("notifications/cancelled", { requestId: id, reason: "playground check" });
          const call = await pending;
          const answered = [...serverFrames(call), ...serverFrames(cancel)].find((f) => responseId(f.frame) === id);
          if (answered && answered.at <= cancel.startedAt + CANCEL_RACE_MS) continue; // done before it read the cancel: try a slower tool
          if (answered)
            return ctx.fail(
              msg("checks.d.C78.fail", {
                tool: String(tool.name),
                ms: String(Math.round(answered.at - cancel.startedAt)),
              }),
            );
          return ctx.pass(msg("checks.d.C78.pass", { tool: String(tool.name), ms: String(window) }));
        }
        return ctx.notTestable(msg("checks.d.C78.tooFast"));
      },
    },
    {
      id: "C73",
      title: checkTitle("C73", { host: REBINDING_HOST }),
      level: "MUST",
      transports: "http",
      spec: { section: "§9.2", path: SPEC.http },
      legacySpec: LEGACY_SPEC.security,
      async run(ctx) {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          http: { host: REBINDING_HOST, origin: `http://${REBINDING_HOST}` },
          session: false,
          ...ctx.labelled(msg("checkLabels.rebinding", { host: REBINDING_HOST })),
        });
        const fix = msg("checks.d.C73.fix", { sdk: "createMcpExpressApp({ host: '127.0.0.1' })" });
        const host = REBINDING_HOST;
        if (reply.status === 403) return ctx.pass(msg("checks.d.C73.pass403", { host }));
        if (reply.status === 421) return ctx.pass(msg("checks.d.C73.pass421", { host }));
        if (reply.status !== undefined && reply.status < 300)
          return ctx.fail(msg("checks.d.C73.served", { host, reply: replyMsg(reply), fix }));
        return ctx.fail(msg("checks.d.C73.fail", { host, reply: replyMsg(reply), fix }));
      },
    },
  ],
);
