/** Digest §14 B: result structure and caching (C13–C23). */
import { LIST_CAPABILITY, LIST_METHODS, type CheckContext, type ListInfo, type ListMethod } from "../context";
import {
  checkTitle,
  AMBIG6,
  BOTH_ERAS,
  LEGACY_SPEC,
  SPEC,
  cacheHintProblems,
  isErrorCode,
  defineChecks,
  type CheckDef,
} from "../define";
import type { Verdict } from "../types";
import { headerAnnotationProblems } from "../../protocol/header-annotations";
import { describeReply, asObject, replyOf, sentFrame, sentMeta, truncate, type JsonObject } from "../wire";
import { canonicalJson } from "../../protocol/json";

const CORE_RESULT_TYPES = ["complete", "input_required"];
const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

async function declaredLists(ctx: CheckContext): Promise<ListMethod[]> {
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
    if (!methods.length) return ctx.skip("The server declares no tools, prompts or resources.");
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

type Validator = InstanceType<typeof import("@modelcontextprotocol/client/validators/ajv").AjvJsonSchemaValidator>;
let validator: Validator | undefined;

/** Ajv loads only when C22 has something to validate (it stays out of the page's first-load JavaScript). */
async function validate(schema: JsonObject, value: unknown): Promise<string | undefined> {
  validator ??= new (await import("@modelcontextprotocol/client/validators/ajv")).AjvJsonSchemaValidator();
  try {
    const r = validator.getValidator(schema as never)(value);
    return r.valid ? undefined : r.errorMessage;
  } catch (e) {
    return `the outputSchema does not compile (${(e as Error).message})`;
  }
}

export const RESULT_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§7", path: SPEC.caching }, transports: "both" },
  [
    {
      id: "C13",
      title: checkTitle("C13"),
      level: "MUST",
      spec: { section: "§1.2", path: SPEC.base },
      aggregate: true,
      async run(ctx) {
        await ctx.discover();
        if (await ctx.declares("tools")) await ctx.list("tools/list");
        const bad: string[] = [];
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
          bad.push(
            `${String(sentFrame(ex)?.method)} → resultType ${rt === undefined ? "missing" : JSON.stringify(rt)}`,
          );
        }
        if (bad.length)
          return ctx.fail(
            `${bad.slice(0, 4).join("; ")}${bad.length > 4 ? ` (+${bad.length - 4} more)` : ""}; put resultType "complete" (or "input_required") on every result.`,
          );
        return ctx.pass(`All ${seen} results to 2026-07-28 requests in this run carry a valid resultType.`);
      },
    },
    {
      id: "C14",
      title: checkTitle("C14"),
      level: "MUST",
      run: overDeclaredLists(async (ctx, methods) => {
        const bad: string[] = [];
        const ambiguous: string[] = [];
        for (const m of methods) {
          const info = await ctx.list(m);
          for (const page of info.pages) {
            if (page.kind !== "result") {
              bad.push(`${m} answered ${describeReply(page)}`);
              continue;
            }
            if (page.result.resultType !== "complete") continue;
            const p = cacheHintProblems(page.result);
            bad.push(...p.errors.map((e) => `${m}: ${e}`));
            ambiguous.push(...p.ambiguous.map((e) => `${m}: ${e}`));
          }
        }
        if (bad.length)
          return ctx.fail(`${bad.join("; ")}; every complete list result needs ttlMs (integer >= 0) and cacheScope.`);
        if (ambiguous.length) return ctx.warn(`${ambiguous.join("; ")} — ${AMBIG6}.`);
        return ctx.pass(`${methods.join(", ")} carry ttlMs and cacheScope.`);
      }),
    },
    {
      id: "C15",
      title: checkTitle("C15"),
      level: "MUST",
      needs: "resources",
      async run(ctx) {
        const { items } = await ctx.list("resources/list");
        const uris = items
          .map((r) => r.uri)
          .filter((u): u is string => typeof u === "string")
          .slice(0, 3);
        if (!uris.length) return ctx.skip("resources/list returned no resource to read.");
        const askedFor: string[] = [];
        for (const uri of uris) {
          const reply = await ctx.request("resources/read", { uri });
          // A resource that needs input this run did not declare rightly answers -32021 (MRTR): not a complete read.
          if (reply.kind === "error" && reply.code === -32021) {
            askedFor.push(`${uri} (-32021: needs a client capability this run does not declare)`);
            continue;
          }
          if (reply.kind !== "result")
            return ctx.fail(
              `resources/read ${uri} answered ${describeReply(reply)}; a listed resource must be readable.`,
            );
          if (reply.result.resultType === "input_required") {
            askedFor.push(`${uri} (input_required)`);
            continue;
          }
          if (!Array.isArray(reply.result.contents))
            return ctx.fail(
              `resources/read ${uri} has no contents array; return ReadResourceResult {contents, ttlMs, cacheScope}.`,
            );
          const p = cacheHintProblems(reply.result);
          if (p.errors.length)
            return ctx.fail(
              `resources/read ${uri}: ${p.errors.join("; ")}; add ttlMs and cacheScope to every complete read result (ambiguous examples aside, AMBIG-5: the schema requires them).`,
            );
          if (p.ambiguous.length) return ctx.warn(`resources/read ${uri}: ${p.ambiguous.join("; ")} — ${AMBIG6}.`);
          return ctx.pass(
            `resources/read ${uri}: ttlMs ${reply.result.ttlMs}, cacheScope ${JSON.stringify(reply.result.cacheScope)}.`,
          );
        }
        return ctx.skip(
          `Every resource tried asks for input first: ${askedFor.join(", ")}; no complete read to judge (input_required results carry no cache hints).`,
        );
      },
    },
    {
      id: "C16",
      title: checkTitle("C16"),
      level: "MUST",
      run: overDeclaredLists(async (ctx, methods) => {
        const notes: string[] = [];
        for (const m of methods) {
          const info = await ctx.list(m);
          const scopes = info.pages
            .filter((p) => p.kind === "result")
            .map((p) => (p.kind === "result" ? p.result.cacheScope : undefined));
          const distinct = [...new Set(scopes.map((s) => JSON.stringify(s)))];
          if (distinct.length > 1)
            return ctx.fail(
              `${m} pages use cacheScope ${distinct.join(" and ")}; use one cacheScope on every page of a list.`,
            );
          notes.push(
            `${m} ${info.pages.length} page${info.pages.length === 1 ? "" : "s"}${info.truncated ? " (stopped at 20)" : ""}`,
          );
        }
        return ctx.pass(`One cacheScope per list (${notes.join(", ")}).`);
      }),
    },
    {
      id: "C17",
      title: checkTitle("C17"),
      level: "MUST",
      spec: { section: "§5", path: SPEC.base },
      run: overDeclaredLists(
        async (ctx, methods) => {
          const notes: string[] = [];
          let orderOnly: string | undefined;
          for (const m of methods) {
            const first = await ctx.list(m);
            if (first.failure) continue;
            const again = await ctx.fetchList(m);
            const variants: [string, ListInfo][] = [["a second request", again]];
            if (ctx.transport === "stdio") {
              const fresh = await ctx.fetchList(m, { processMode: "fresh" });
              if (fresh.failure)
                notes.push(`${m} on a fresh process answered ${describeReply(fresh.failure)} (see C61)`);
              else variants.push(["a fresh process", fresh]);
            }
            for (const [where, other] of variants) {
              if (other.failure) continue;
              const diff = compareLists(first, other);
              if (diff === "contents") {
                return ctx.fail(
                  `${m} returned different items on ${where} (${first.items.length} vs ${other.items.length}); lists MUST NOT vary per connection or as a side effect of other requests.`,
                );
              }
              if (diff === "order" && m === "tools/list") orderOnly = where;
            }
          }
          if (orderOnly)
            return ctx.fail(
              `tools/list returned the same tools in a different order on ${orderOnly}; sort the list so its order is deterministic.`,
              "SHOULD",
            );
          return ctx.pass(
            `${methods.join(", ")} answered identically on repeat${ctx.transport === "stdio" ? " and on a fresh process" : ""}${notes.length ? `; ${notes.join("; ")}` : ""}.`,
          );
        },
        (m) => m !== "resources/templates/list",
      ),
    },
    {
      id: "C18",
      title: checkTitle("C18"),
      level: "SHOULD",
      spec: { section: "§10.5", path: SPEC.pagination },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.pagination}#error-handling`,
      async run(ctx) {
        const [method] = await declaredLists(ctx);
        if (!method) return ctx.skip("The server declares no paginated list.");
        const reply = await ctx.request(method, { cursor: "playground-invalid-cursor" });
        if (isErrorCode(reply, -32602)) return ctx.pass(`${method} with a made-up cursor answered -32602.`);
        return ctx.fail(
          `${method} with a made-up cursor answered ${describeReply(reply)}; reject cursors you did not mint with -32602 instead of guessing.`,
        );
      },
    },
    {
      id: "C19",
      title: checkTitle("C19"),
      level: "SHOULD",
      spec: { section: "§10.1", path: SPEC.tools },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.tools}#error-handling`,
      needs: "tools",
      async run(ctx) {
        const reply = await ctx.request("tools/call", { name: "definitely_not_a_tool", arguments: {} });
        if (reply.kind === "error")
          return ctx.pass(
            `Answered ${describeReply(reply)}${reply.code === -32602 ? "" : " (the spec's example uses -32602)"}.`,
          );
        return ctx.fail(
          `Calling an unknown tool answered ${describeReply(reply)}; unknown tools are protocol errors (-32602), isError is for failures inside a tool.`,
        );
      },
    },
    {
      id: "C20",
      title: checkTitle("C20"),
      level: "MUST",
      spec: { section: "§10.2", path: SPEC.resources },
      needs: "resources",
      async run(ctx) {
        const uri = "file:///playground/does-not-exist";
        const reply = await ctx.request("resources/read", { uri });
        if (isErrorCode(reply, -32602)) return ctx.pass(`resources/read ${uri} answered -32602.`);
        if (isErrorCode(reply, -32002))
          return ctx.fail("Answered the retired -32002; 2026-07-28 servers MUST use -32602 for a missing resource.");
        if (reply.kind === "result" && Array.isArray(reply.result.contents) && reply.result.contents.length === 0) {
          return ctx.fail("Answered an empty contents array; a missing resource MUST be error -32602 (data {uri}).");
        }
        return ctx.fail(
          `resources/read of a missing resource answered ${describeReply(reply)}; answer -32602 with data {uri}.`,
        );
      },
    },
    {
      id: "C21",
      title: checkTitle("C21"),
      level: "SHOULD",
      spec: { section: "§10.3", path: SPEC.prompts },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.prompts}#error-handling`,
      needs: "prompts",
      async run(ctx) {
        const reply = await ctx.request("prompts/get", { name: "no_such_prompt" });
        if (isErrorCode(reply, -32602)) return ctx.pass("prompts/get no_such_prompt answered -32602.");
        return ctx.fail(
          `prompts/get no_such_prompt answered ${describeReply(reply)}; answer -32602 for an unknown prompt.`,
        );
      },
    },
    {
      id: "C22",
      title: checkTitle("C22"),
      level: "MUST",
      spec: { section: "§10.1", path: SPEC.tools },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.tools}#output-schema`,
      async run(ctx) {
        const tools = (await ctx.callableTools()).filter((t) => asObject(t.outputSchema));
        if (!tools.length) {
          const anyOutputSchema =
            (await ctx.declares("tools")) && (await ctx.list("tools/list")).items.some((t) => asObject(t.outputSchema));
          if (!anyOutputSchema) return ctx.skip("No tool declares an outputSchema.");
          return ctx.notTestable(
            `No tool with an outputSchema that this run may call (tool calls: ${ctx.options.toolCalls}; only tools annotated readOnlyHint are called unless you allow all).`,
          );
        }
        const judged: string[] = [];
        const noText: string[] = [];
        const unjudged: string[] = [];
        for (const tool of tools.slice(0, 5)) {
          const name = String(tool.name);
          const reply = await ctx.request("tools/call", { name, arguments: ctx.toolArguments(tool, true) });
          // A 2025-11-25 result has no resultType; a 2026-07-28 one must be complete to be judged here.
          const complete =
            ctx.era === "legacy"
              ? reply.kind === "result"
              : reply.kind === "result" && reply.result.resultType === "complete";
          if (reply.kind !== "result" || !complete || reply.result.isError === true) {
            unjudged.push(
              `${name}: ${reply.kind === "result" && reply.result.isError === true ? "isError result" : describeReply(reply)}`,
            );
            continue;
          }
          const problem = await validate(asObject(tool.outputSchema)!, reply.result.structuredContent);
          if (reply.result.structuredContent === undefined)
            return ctx.fail(
              `${name} declares an outputSchema but returned no structuredContent; return structuredContent that conforms to it.`,
            );
          if (problem)
            return ctx.fail(
              `${name}'s structuredContent does not match its outputSchema (${truncate(problem, 160)}); fix the value or the schema.`,
            );
          const texts = (Array.isArray(reply.result.content) ? reply.result.content : [])
            .map(asObject)
            .filter((c) => c?.type === "text");
          const mirrored = texts.some((c) => {
            try {
              return canonicalJson(JSON.parse(String(c!.text))) === canonicalJson(reply.result.structuredContent);
            } catch {
              return false;
            }
          });
          if (!mirrored) noText.push(name);
          judged.push(name);
        }
        if (!judged.length)
          return ctx.notTestable(`No tool call produced a complete result to judge (${unjudged.join("; ")}).`);
        if (noText.length)
          return ctx.fail(
            `${noText.join(", ")} returned conforming structuredContent but no TextContent with the same JSON; add one for clients that read only content.`,
            "SHOULD",
          );
        return ctx.pass(
          `${judged.join(", ")}: structuredContent conforms and is mirrored as text${unjudged.length ? ` (not judged: ${unjudged.join("; ")})` : ""}.`,
        );
      },
    },
    {
      id: "C23",
      title: checkTitle("C23"),
      level: "SHOULD",
      spec: { section: "§9.2", path: SPEC.http },
      needs: "tools",
      async run(ctx) {
        const { items } = await ctx.list("tools/list");
        const problems = items.flatMap((t) =>
          headerAnnotationProblems(asObject(t.inputSchema)).map((p) => `${String(t.name)}: ${p}`),
        );
        const annotated = items.filter((t) => JSON.stringify(t.inputSchema ?? {}).includes('"x-mcp-header"')).length;
        if (!problems.length)
          return ctx.pass(
            annotated ? `${annotated} tool(s) use x-mcp-header, all valid.` : "No tool uses x-mcp-header.",
          );
        const detail = `${problems.slice(0, 3).join("; ")}; a conforming HTTP client MUST drop these tools — fix the annotation (a token name on a string/integer/boolean property reached through properties only).`;
        return ctx.transport === "http"
          ? ctx.fail(detail)
          : ctx.warn(`stdio clients may ignore the annotation, but over HTTP: ${detail}`);
      },
    },
  ],
);
