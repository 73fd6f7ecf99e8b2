/** Digest §14 B: result structure and caching — result types, list contents, order and cache hints (C13–C17). */
import { LIST_CAPABILITY, LIST_METHODS, type CheckContext, type ListInfo, type ListMethod } from "../context";
import { AMBIG6, SPEC, cacheHintProblems, defineChecks, type CheckDef } from "../define";
import type { Verdict } from "../types";
import { replyMsg, asObject, clauses, list, replyOf, sentFrame, sentMeta, type JsonObject } from "../wire";
import { msg, type Msg } from "../../i18n/translate";
import { canonicalJson } from "../../protocol/json";

const CORE_RESULT_TYPES = ["complete", "input_required"];
const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export async function declaredLists(ctx: CheckContext): Promise<ListMethod[]> {
  const out: ListMethod[] = [];
  for (const m of LIST_METHODS) if (await ctx.declares(LIST_CAPABILITY[m])) out.push(m);
  return out;
}

/** A check over the declared list methods (those `keep` keeps): skipped when there is none. */
const overDeclaredLists =
  (
    judge: (ctx: CheckContext, methods: ListMethod[]) => Promise<Verdict>,
    keep: (m: ListMethod) => boolean = () => true,
  ) =>
  async (ctx: CheckContext): Promise<Verdict> => {
    const methods = (await declaredLists(ctx)).filter(keep);
    if (!methods.length) return ctx.skip(msg("checks.d.noLists"));
    return judge(ctx, methods);
  };

function itemKey(method: ListMethod, item: JsonObject): string {
  const key =
    method === "resources/list" ? item.uri : method === "resources/templates/list" ? item.uriTemplate : item.name;
  return String(key);
}

/** How two fetches of one list differ: contents (MUST NOT vary) or only order (SHOULD be deterministic). */
function compareLists(a: ListInfo, b: ListInfo): "same" | "order" | "contents" {
  const ka = a.items.map((i) => itemKey(a.method, i));
  const kb = b.items.map((i) => itemKey(b.method, i));
  const ca = a.items.map(canonicalJson).sort();
  const cb = b.items.map(canonicalJson).sort();
  if (ca.length !== cb.length || ca.some((v, i) => v !== cb[i])) return "contents";
  return ka.every((k, i) => k === kb[i]) ? "same" : "order";
}

export const RESULT_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§7", path: SPEC.caching }, transports: "both" },
  [
    {
      id: "C13",
      level: "MUST",
      spec: { section: "§1.2", path: SPEC.base },
      aggregate: true,
      async run(ctx) {
        await ctx.discover();
        if (await ctx.declares("tools")) await ctx.list("tools/list");
        const bad: Msg[] = [];
        let seen = 0;
        for (const ex of ctx.observed()) {
          const meta = sentMeta(ex);
          if (typeof meta?.["io.modelcontextprotocol/protocolVersion"] !== "string") continue; // legacy-shaped requests (C12) are not judged
          const reply = replyOf(ex);
          if (reply.kind !== "result") continue;
          seen += 1;
          const rt = reply.result.resultType;
          const tasks =
            asObject(
              asObject(asObject(meta["io.modelcontextprotocol/clientCapabilities"])?.extensions)?.[TASKS_EXTENSION],
            ) !== undefined;
          if (typeof rt === "string" && (CORE_RESULT_TYPES.includes(rt) || (rt === "task" && tasks))) continue;
          ctx.cite(ex);
          const method = String(sentFrame(ex)?.method);
          bad.push(
            rt === undefined
              ? msg("checks.d.C13.missing", { method })
              : msg("checks.d.C13.value", { method, value: JSON.stringify(rt) }),
          );
        }
        if (bad.length)
          return ctx.fail(
            bad.length > 4
              ? msg("checks.d.C13.failMore", { bad: clauses(bad.slice(0, 4)), more: String(bad.length - 4) })
              : msg("checks.d.C13.fail", { bad: clauses(bad) }),
          );
        return ctx.pass(msg("checks.d.C13.pass", { n: String(seen) }));
      },
    },
    {
      id: "C14",
      level: "MUST",
      run: overDeclaredLists(async (ctx, methods) => {
        const bad: Msg[] = [];
        const ambiguous: Msg[] = [];
        for (const m of methods) {
          const info = await ctx.list(m);
          for (const page of info.pages) {
            if (page.kind !== "result") {
              bad.push(msg("checks.d.C14.answered", { method: m, reply: replyMsg(page) }));
              continue;
            }
            if (page.result.resultType !== "complete") continue;
            const p = cacheHintProblems(page.result);
            bad.push(...p.errors.map((e) => msg("checks.d.methodProblem", { method: m, problem: e })));
            ambiguous.push(...p.ambiguous.map((e) => msg("checks.d.methodProblem", { method: m, problem: e })));
          }
        }
        if (bad.length) return ctx.fail(msg("checks.d.C14.fail", { bad: clauses(bad) }));
        if (ambiguous.length)
          return ctx.warn(msg("checks.d.hints.ambiguous", { problems: clauses(ambiguous), ambig: AMBIG6 }));
        return ctx.pass(msg("checks.d.C14.pass", { methods: methods.join(", ") }));
      }),
    },
    {
      id: "C15",
      level: "MUST",
      needs: "resources",
      async run(ctx) {
        const { items } = await ctx.list("resources/list");
        const uris = items
          .map((r) => r.uri)
          .filter((u): u is string => typeof u === "string")
          .slice(0, 3);
        if (!uris.length) return ctx.skip(msg("checks.d.C15.none"));
        const askedFor: Msg[] = [];
        for (const uri of uris) {
          const reply = await ctx.request("resources/read", { uri });
          // A resource that needs input this run did not declare rightly answers -32021 (MRTR): not a complete read.
          if (reply.kind === "error" && reply.code === -32021) {
            askedFor.push(msg("checks.d.C15.needsCapability", { uri }));
            continue;
          }
          if (reply.kind !== "result") return ctx.fail(msg("checks.d.C15.unreadable", { uri, reply: replyMsg(reply) }));
          if (reply.result.resultType === "input_required") {
            askedFor.push(msg("checks.d.C15.inputRequired", { uri }));
            continue;
          }
          if (!Array.isArray(reply.result.contents))
            return ctx.fail(
              msg("checks.d.C15.noContents", { uri, shape: "ReadResourceResult {contents, ttlMs, cacheScope}" }),
            );
          const p = cacheHintProblems(reply.result);
          if (p.errors.length) return ctx.fail(msg("checks.d.C15.fail", { uri, problems: clauses(p.errors) }));
          if (p.ambiguous.length)
            return ctx.warn(
              msg("checks.d.hints.ambiguous", {
                problems: msg("checks.d.methodProblem", {
                  method: `resources/read ${uri}`,
                  problem: clauses(p.ambiguous),
                }),
                ambig: AMBIG6,
              }),
            );
          return ctx.pass(
            msg("checks.d.C15.pass", {
              uri,
              ttl: String(reply.result.ttlMs),
              scope: JSON.stringify(reply.result.cacheScope),
            }),
          );
        }
        return ctx.skip(msg("checks.d.C15.allAsk", { uris: list(askedFor) }));
      },
    },
    {
      id: "C16",
      level: "MUST",
      run: overDeclaredLists(async (ctx, methods) => {
        const notes: Msg[] = [];
        for (const m of methods) {
          const info = await ctx.list(m);
          const scopes = info.pages
            .filter((p) => p.kind === "result")
            .map((p) => (p.kind === "result" ? p.result.cacheScope : undefined));
          const distinct = [...new Set(scopes.map((s) => JSON.stringify(s)))];
          if (distinct.length > 1)
            return ctx.fail(
              msg("checks.d.C16.fail", {
                method: m,
                scopes: distinct
                  .slice(0, -1)
                  .reduceRight<Msg | string>((rest, first) => msg("checks.d.and", { first, rest }), distinct.at(-1)!),
              }),
            );
          notes.push(
            msg(info.truncated ? "checks.d.C16.pagesStopped" : "checks.d.C16.pages", {
              method: m,
              n: info.pages.length,
            }),
          );
        }
        return ctx.pass(msg("checks.d.C16.pass", { lists: list(notes) }));
      }),
    },
    {
      id: "C17",
      level: "MUST",
      spec: { section: "§5", path: SPEC.base },
      run: overDeclaredLists(
        async (ctx, methods) => {
          const notes: Msg[] = [];
          let orderOnly: Msg | undefined;
          for (const m of methods) {
            const first = await ctx.list(m);
            if (first.failure) continue;
            const again = await ctx.fetchList(m);
            // Two fetches back to back, too: the run's first read may be any number of calls before this one, and a
            // server that flips its order on each call looks stable from an even number of calls apart.
            const next = await ctx.fetchList(m);
            const variants: [Msg, ListInfo][] = [[msg("checks.d.C17.second"), again]];
            if (!again.failure && !next.failure && compareLists(again, next) !== "same")
              variants.unshift([msg("checks.d.C17.backToBack"), next]);
            if (ctx.transport === "stdio") {
              const fresh = await ctx.fetchList(m, { processMode: "fresh" });
              if (fresh.failure)
                notes.push(msg("checks.d.C17.freshFailed", { method: m, reply: replyMsg(fresh.failure) }));
              else variants.push([msg("checks.d.C17.fresh"), fresh]);
            }
            for (const [where, other] of variants) {
              if (other.failure) continue;
              const diff = compareLists(first, other);
              if (diff === "contents") {
                return ctx.fail(
                  msg("checks.d.C17.contents", {
                    method: m,
                    where,
                    a: String(first.items.length),
                    b: String(other.items.length),
                  }),
                );
              }
              if (diff === "order" && m === "tools/list") orderOnly = where;
            }
          }
          if (orderOnly) return ctx.fail(msg("checks.d.C17.order", { where: orderOnly }), "SHOULD");
          const same = msg(ctx.transport === "stdio" ? "checks.d.C17.sameFresh" : "checks.d.C17.same", {
            methods: methods.join(", "),
          });
          return ctx.pass(
            notes.length
              ? msg("checks.d.C17.passNotes", { same, notes: clauses(notes) })
              : msg("checks.d.C17.pass", { same }),
          );
        },
        (m) => m !== "resources/templates/list",
      ),
    },
  ],
);
