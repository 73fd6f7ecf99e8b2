/** Digest §14 B: what each primitive's results hold — paging errors, tool errors, resources, prompts, structured output, header annotations (C18–C23). */
import { LEGACY_SPEC, SPEC, isErrorCode, defineChecks, type CheckDef } from "../define";
import { headerAnnotationProblems } from "../../protocol/header-annotations";
import { replyMsg, asObject, clauses, truncate, type JsonObject } from "../wire";
import { msg, type Msg } from "../../i18n/translate";
import { canonicalJson } from "../../protocol/json";
import { declaredLists } from "./results";

type Validator = InstanceType<typeof import("@modelcontextprotocol/client/validators/ajv").AjvJsonSchemaValidator>;
let validator: Validator | undefined;

/** Ajv loads only when C22 has something to validate (it stays out of the page's first-load JavaScript). */
async function validate(schema: JsonObject, value: unknown): Promise<string | undefined> {
  validator ??= new (await import("@modelcontextprotocol/client/validators/ajv")).AjvJsonSchemaValidator();
  try {
    const r = validator.getValidator(schema as never)(value);
    return r.valid ? undefined : r.errorMessage;
  } catch (e) {
    return `the outputSchema does not compile (${(e as Error).message})`; // the validator's own words, like Ajv's
  }
}

/** The text blocks of a tool result, joined (where an SDK's "Tool … not found" shows). */
function resultText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((c) => (typeof asObject(c)?.text === "string" ? (asObject(c)!.text as string) : "")).join(" ");
}

export const PRIMITIVE_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§10.1", path: SPEC.tools }, transports: "both" },
  [
    {
      id: "C18",
      level: "SHOULD",
      spec: { section: "§10.5", path: SPEC.pagination },
      legacySpec: `${LEGACY_SPEC.pagination}#error-handling`,
      async run(ctx) {
        const [method] = await declaredLists(ctx);
        if (!method) return ctx.skip(msg("checks.d.C18.none"));
        const reply = await ctx.request(method, { cursor: "playground-invalid-cursor" });
        if (isErrorCode(reply, -32602)) return ctx.pass(msg("checks.d.C18.pass", { method }));
        const fail = msg("checks.d.C18.fail", { method, reply: replyMsg(reply) });
        // Served a page for a cursor nobody minted: what the TypeScript SDKs' McpServer does unless told otherwise.
        if (reply.kind === "result")
          return ctx.fail(msg("checks.d.withSdk", { detail: fail, sdk: msg("checks.d.sdk.cursor") }));
        return ctx.fail(fail);
      },
    },
    {
      id: "C19",
      level: "SHOULD",
      legacySpec: `${LEGACY_SPEC.tools}#error-handling`,
      needs: "tools",
      async run(ctx) {
        const reply = await ctx.request("tools/call", { name: "definitely_not_a_tool", arguments: {} });
        if (reply.kind === "error")
          return ctx.pass(
            msg(reply.code === -32602 ? "checks.d.C19.pass" : "checks.d.C19.passOther", { reply: replyMsg(reply) }),
          );
        const fail = msg("checks.d.C19.fail", { reply: replyMsg(reply) });
        if (reply.kind === "result" && reply.result.isError === true && /not found/i.test(resultText(reply.result)))
          return ctx.fail(msg("checks.d.withSdk", { detail: fail, sdk: msg("checks.d.sdk.unknownTool") }));
        return ctx.fail(fail);
      },
    },
    {
      id: "C20",
      level: "MUST",
      spec: { section: "§10.2", path: SPEC.resources },
      needs: "resources",
      async run(ctx) {
        const uri = "file:///playground/does-not-exist";
        const reply = await ctx.request("resources/read", { uri });
        const data = "{uri}";
        if (isErrorCode(reply, -32602)) return ctx.pass(msg("checks.d.C20.pass", { uri }));
        if (isErrorCode(reply, -32002)) return ctx.fail(msg("checks.d.C20.retired"));
        if (reply.kind === "result" && Array.isArray(reply.result.contents) && reply.result.contents.length === 0) {
          return ctx.fail(msg("checks.d.C20.empty", { data }));
        }
        return ctx.fail(msg("checks.d.C20.fail", { reply: replyMsg(reply), data }));
      },
    },
    {
      id: "C21",
      level: "SHOULD",
      spec: { section: "§10.3", path: SPEC.prompts },
      legacySpec: `${LEGACY_SPEC.prompts}#error-handling`,
      needs: "prompts",
      async run(ctx) {
        const reply = await ctx.request("prompts/get", { name: "no_such_prompt" });
        if (isErrorCode(reply, -32602)) return ctx.pass(msg("checks.d.C21.pass", { name: "no_such_prompt" }));
        return ctx.fail(msg("checks.d.C21.fail", { name: "no_such_prompt", reply: replyMsg(reply) }));
      },
    },
    {
      id: "C22",
      level: "MUST",
      legacySpec: `${LEGACY_SPEC.tools}#output-schema`,
      async run(ctx) {
        const tools = (await ctx.callableTools()).filter((t) => asObject(t.outputSchema));
        if (!tools.length) {
          const anyOutputSchema =
            (await ctx.declares("tools")) && (await ctx.list("tools/list")).items.some((t) => asObject(t.outputSchema));
          if (!anyOutputSchema) return ctx.skip(msg("checks.d.C22.none"));
          return ctx.notTestable(msg("checks.d.C22.notCallable", { policy: ctx.options.toolCalls }));
        }
        const judged: string[] = [];
        const noText: string[] = [];
        const unjudged: Msg[] = [];
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
              msg("checks.d.C22.unjudged", {
                name,
                reply:
                  reply.kind === "result" && reply.result.isError === true
                    ? msg("checks.d.C22.isError")
                    : replyMsg(reply),
              }),
            );
            continue;
          }
          const problem = await validate(asObject(tool.outputSchema)!, reply.result.structuredContent);
          if (reply.result.structuredContent === undefined) return ctx.fail(msg("checks.d.C22.noStructured", { name }));
          if (problem) return ctx.fail(msg("checks.d.C22.mismatch", { name, problem: truncate(problem, 160) }));
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
        if (!judged.length) return ctx.notTestable(msg("checks.d.C22.nothingJudged", { unjudged: clauses(unjudged) }));
        if (noText.length) return ctx.fail(msg("checks.d.C22.noText", { names: noText.join(", ") }), "SHOULD");
        return ctx.pass(
          unjudged.length
            ? msg("checks.d.C22.passSome", { names: judged.join(", "), unjudged: clauses(unjudged) })
            : msg("checks.d.C22.pass", { names: judged.join(", ") }),
        );
      },
    },
    {
      id: "C23",
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
          return ctx.pass(annotated ? msg("checks.d.C23.pass", { n: String(annotated) }) : msg("checks.d.C23.none"));
        // The problems are the header-annotation reader's words (lib/protocol), kept as they came.
        const detail = msg("checks.d.C23.fail", { problems: problems.slice(0, 3).join("; ") });
        return ctx.transport === "http" ? ctx.fail(detail) : ctx.warn(msg("checks.d.C23.stdio", { detail }));
      },
    },
  ],
);
