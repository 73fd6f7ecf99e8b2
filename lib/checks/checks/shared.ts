/**
 * Rules every era shares that the digest's §14 did not number (C65–C67, C73): ids echoed with their type, JSON-RPC
 * 2.0 on every HTTP message, pagination that ends, and the DNS-rebinding refusal. Written once, run on modern and
 * legacy servers alike.
 */
import { LIST_CAPABILITY, LIST_METHODS, type CheckContext, type ListMethod } from "../context";
import { checkTitle, BOTH_ERAS, LEGACY_SPEC, SPEC, defineChecks, type CheckDef } from "../define";
import { describeReply, asObject, replyOf, responseId, serverFrames, truncate } from "../wire";

async function firstDeclaredList(ctx: CheckContext): Promise<ListMethod | undefined> {
  for (const m of LIST_METHODS) if (await ctx.declares(LIST_CAPABILITY[m])) return m;
  return undefined;
}

/** A message written this soon after the cancel may have been on its way already (a race, not a violation). */
const CANCEL_RACE_MS = 150;

/** What a browser sends once a foreign name resolves to the server: its own Host and Origin. */
export const REBINDING_HOST = "evil.example.com";

export const SHARED_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§1.1", path: SPEC.base }, transports: "both" },
  [
    {
      id: "C65",
      title: checkTitle("C65"),
      level: "MUST",
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.base}#responses`,
      async run(ctx) {
        // Every other check sends string ids; a client library may as well send numbers.
        const method = (await firstDeclaredList(ctx)) ?? "playground/nonexistent";
        const id = 6500 + Math.floor(Math.random() * 1000);
        const ex = await ctx.raw(ctx.frame(method, {}, {}, id), {
          label: `${ctx.checkId} ${method} with the numeric id ${id}`,
          timeoutMs: Math.min(3000, ctx.options.timeoutMs),
        });
        const echoed = serverFrames(ex)
          .map((f) => responseId(f.frame))
          .filter((r) => r !== undefined && String(r) === String(id));
        if (echoed.some((r) => r === id))
          return ctx.pass(`${method} with id ${id} (a number) was answered with id ${id}, a number.`);
        if (echoed.length)
          return ctx.fail(
            `${method} with id ${id} (a number) was answered with id ${JSON.stringify(echoed[0])}; echo the request id exactly as sent — a number stays a number, or the client cannot match the answer.`,
          );
        return ctx.fail(
          `${method} with id ${id} (a number) got ${describeReply(replyOf(ex))}; answer requests whatever the type of their id.`,
        );
      },
    },
    {
      id: "C66",
      title: checkTitle("C66"),
      level: "MUST",
      transports: "http",
      spec: { section: "§1.1", path: SPEC.base },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.base}#messages`,
      aggregate: true,
      async run(ctx) {
        let seen = 0;
        for (const ex of ctx.observed()) {
          if (ex.transport !== "http") continue;
          for (const f of serverFrames(ex)) {
            const o = asObject(f.frame);
            // Only what claims to be a JSON-RPC message: a guard's own 403 body ({"ok":false,…}) is not one.
            if (!o || !("method" in o || "result" in o || "error" in o)) continue;
            seen += 1;
            if (o.jsonrpc !== "2.0") {
              ctx.cite(ex);
              return ctx.fail(
                `A message came with "jsonrpc": ${JSON.stringify(o.jsonrpc ?? null)}: ${JSON.stringify(truncate(JSON.stringify(o), 100))}; every JSON-RPC message carries "jsonrpc": "2.0", which strict clients check.`,
              );
            }
          }
        }
        if (!seen) return ctx.skip("No JSON message came back in this run.");
        return ctx.pass(`All ${seen} messages the server sent in this run carried "jsonrpc": "2.0".`);
      },
    },
    {
      id: "C67",
      title: checkTitle("C67"),
      level: "SHOULD",
      spec: { section: "§10.5", path: SPEC.pagination },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.pagination}#implementation-guidelines`,
      async run(ctx) {
        const notes: string[] = [];
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
              `${m} returned the nextCursor ${JSON.stringify(truncate(repeated, 40))} twice: a client that follows it loops forever; mint a new cursor per page and leave nextCursor out on the last page.`,
            );
          if (info.truncated)
            return ctx.warn(
              `${m} still had a nextCursor after ${info.pages.length} pages (all distinct): the end was not reached; check that the last page omits nextCursor.`,
            );
          notes.push(`${m}: ${info.pages.length} page${info.pages.length === 1 ? "" : "s"}`);
        }
        if (!any) return ctx.skip("The server declares no tools, prompts or resources.");
        return ctx.pass(`Every list ended (${notes.join(", ")}).`);
      },
    },
    {
      id: "C78",
      title: checkTitle("C78"),
      level: "SHOULD",
      transports: "stdio",
      spec: { section: "§8.3", path: SPEC.cancellation },
      eras: BOTH_ERAS,
      legacySpec: LEGACY_SPEC.cancellation,
      async run(ctx) {
        const tools = await ctx.callableTools();
        if (!tools.length)
          return ctx.notTestable(
            `No tool this run may call (tool calls: ${ctx.options.toolCalls}): nothing to cancel.`,
          );
        const window = Math.max(1000, ctx.options.listenWindowMs);
        for (const tool of tools.slice(0, 5)) {
          const id = ctx.nextId();
          const pending = ctx.raw(
            ctx.frame("tools/call", { name: tool.name as string, arguments: ctx.toolArguments(tool) }, {}, id),
            {
              label: `${ctx.checkId} tools/call ${String(tool.name)} (to be cancelled)`,
              timeoutMs: window,
            },
          );
          const cancel = await ctx.notify("notifications/cancelled", { requestId: id, reason: "playground check" });
          const call = await pending;
          const answered = [...serverFrames(call), ...serverFrames(cancel)].find((f) => responseId(f.frame) === id);
          if (answered && answered.at <= cancel.startedAt + CANCEL_RACE_MS) continue; // done before it read the cancel: try a slower tool
          if (answered)
            return ctx.fail(
              `${String(tool.name)} answered ${Math.round(answered.at - cancel.startedAt)} ms after notifications/cancelled; stop the work and send no response for a cancelled request.`,
            );
          return ctx.pass(`${String(tool.name)} was cancelled: no response came within ${window} ms.`);
        }
        return ctx.notTestable(
          "Every tool called answered before the cancel could reach it: none ran long enough to cancel.",
        );
      },
    },
    {
      id: "C73",
      title: checkTitle("C73", { host: REBINDING_HOST }),
      level: "MUST",
      transports: "http",
      spec: { section: "§9.2", path: SPEC.http },
      eras: BOTH_ERAS,
      legacySpec: LEGACY_SPEC.security,
      async run(ctx) {
        const reply = await ctx.rawRequest(ctx.openingFrame(), {
          http: { host: REBINDING_HOST, origin: `http://${REBINDING_HOST}` },
          session: false,
          label: `${ctx.checkId} opening request as a rebinding page sends it (Host and Origin ${REBINDING_HOST})`,
        });
        const fix =
          "validate Host and Origin on every request against the names you serve (localhost, 127.0.0.1) and answer 403 — with the v1 TypeScript SDK, createMcpExpressApp({ host: '127.0.0.1' }) or enableDnsRebindingProtection with allowedHosts/allowedOrigins — and bind to 127.0.0.1, not 0.0.0.0";
        if (reply.status === 403) return ctx.pass(`Host and Origin ${REBINDING_HOST} were refused with 403.`);
        if (reply.status === 421) return ctx.pass(`Host ${REBINDING_HOST} was refused with 421 Misdirected Request.`);
        if (reply.status !== undefined && reply.status < 300)
          return ctx.fail(
            `A page on ${REBINDING_HOST} got ${describeReply(reply)}: any web page can drive this server through DNS rebinding; ${fix}.`,
          );
        return ctx.fail(`Host and Origin ${REBINDING_HOST} got ${describeReply(reply)}, not 403; ${fix}.`);
      },
    },
  ],
);
