/** Digest §14 A: discovery and versioning (C01–C12). */
import type { CheckContext } from "../context";
import {
  checkTitle,
  BOTH_ERAS,
  LEGACY_SPEC,
  SPEC,
  cacheHintProblems,
  errorData,
  expectError,
  isErrorCode,
  wrongStatus,
  AMBIG6,
  defineChecks,
  type CheckDef,
} from "../define";
import type { Verdict } from "../types";
import { describeReply, asObject, replyOf, type JsonObject, type Reply } from "../wire";

const BOGUS_VERSION = "1900-01-01";

/** C04/C05: -32022 with data.supported and data.requested for an unknown version. */
function judgeUnsupported(reply: Reply): string | undefined {
  if (!isErrorCode(reply, -32022)) return `got ${describeReply(reply)} instead of error -32022`;
  const data = errorData(reply);
  const supported = data?.supported;
  if (!Array.isArray(supported) || supported.length === 0 || !supported.every((v) => typeof v === "string")) {
    return "error.data.supported is not a non-empty array of version strings";
  }
  if (data?.requested !== BOGUS_VERSION)
    return `error.data.requested is ${JSON.stringify(data?.requested)}, not "${BOGUS_VERSION}"`;
  return wrongStatus(reply, 400);
}

async function unsupportedVersion(ctx: CheckContext, method: "server/discover" | "tools/list"): Promise<Verdict> {
  const fix = `check the requested version on every request and answer -32022 with data {supported, requested}${ctx.transport === "http" ? " and HTTP 400" : ""}.`;
  const reply = await ctx.request(method, {}, { envelope: { version: BOGUS_VERSION } });
  const problem = judgeUnsupported(reply);
  if (!problem)
    return ctx.pass(
      `A request for ${BOGUS_VERSION} was answered ${describeReply(reply)} with data.supported and data.requested.`,
    );
  if (ctx.transport === "stdio") {
    // Tell "never checks" apart from "checks only the first request of a process" (version pinned per connection).
    const fresh = await ctx.request(method, {}, { envelope: { version: BOGUS_VERSION }, processMode: "fresh" });
    if (!judgeUnsupported(fresh)) {
      return ctx.fail(
        `On a fresh process it answers -32022, but on the process that already served ${ctx.version} requests ${problem}: ` +
          `the version is pinned per connection instead of checked per request; ${fix}`,
      );
    }
  }
  return ctx.fail(`${problem[0].toUpperCase()}${problem.slice(1)}; ${fix}`);
}

/** C06–C08: a request missing a required envelope key is malformed (-32602, HTTP 400; AMBIG-1 allows -32020 when a header disagrees). */
async function missingEnvelope(
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
  const fix = `reject a request without ${missing} with -32602${ctx.transport === "http" ? " and HTTP 400" : ""} (the envelope's protocolVersion and clientCapabilities are both required).`;
  if (ambiguousHeader && ctx.transport === "http" && isErrorCode(reply, -32020) && !wrongStatus(reply, 400)) {
    return ctx.pass(
      `Answered -32020 with HTTP 400 — ambiguous in the spec (AMBIG-1): basic/index.mdx asks for -32602, the header-validation rule allows -32020 because MCP-Protocol-Version has no body counterpart; -32602 is preferred.`,
    );
  }
  if (reply.kind === "result")
    return ctx.fail(`A tools/list ${what} was served as if valid (${describeReply(reply)}); ${fix}`);
  return expectError(ctx, reply, -32602, 400, fix);
}

const REMOVED: { method: string; params: Record<string, unknown> }[] = [
  { method: "ping", params: {} },
  { method: "logging/setLevel", params: { level: "info" } },
  { method: "resources/subscribe", params: { uri: "file:///playground/removed-method-check" } },
];

/** The removed methods' answers, asked once per run (C10 judges "not served", C63 the exact code). */
async function removedReplies(ctx: CheckContext): Promise<{ method: string; reply: Reply }[]> {
  const replies = await ctx.once("removed-methods", async () => {
    const out: { method: string; reply: Reply }[] = [];
    for (const { method, params } of REMOVED) out.push({ method, reply: await ctx.request(method, params) });
    return out;
  });
  ctx.cite(...replies.map((r) => r.reply));
  return replies;
}

const GATED: { capability: string; method: string; params: Record<string, unknown> }[] = [
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
const readingDiscover =
  (judge: (ctx: CheckContext, result: JsonObject) => Verdict | Promise<Verdict>) =>
  async (ctx: CheckContext): Promise<Verdict> => {
    const { reply, result } = await ctx.discover();
    if (!result) return ctx.blocked(`server/discover answered ${describeReply(reply)} (see C01).`);
    return judge(ctx, result);
  };

export const DISCOVERY_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§1.4", path: SPEC.base }, transports: "both" },
  [
    {
      id: "C01",
      title: checkTitle("C01"),
      level: "MUST",
      spec: { section: "§3", path: SPEC.versioning },
      async run(ctx) {
        const { reply, result } = await ctx.discover();
        const fix =
          'implement server/discover returning resultType "complete", a non-empty supportedVersions string array and a capabilities object.';
        if (!result) return ctx.fail(`server/discover answered ${describeReply(reply)}; ${fix}`);
        const problems: string[] = [];
        if (result.resultType !== "complete") problems.push(`resultType is ${JSON.stringify(result.resultType)}`);
        const sv = result.supportedVersions;
        if (!Array.isArray(sv) || sv.length === 0 || !sv.every((v) => typeof v === "string"))
          problems.push("supportedVersions is not a non-empty string array");
        if (!asObject(result.capabilities)) problems.push("capabilities is not an object");
        if (problems.length) return ctx.fail(`${problems.join("; ")}; ${fix}`);
        return ctx.pass(
          `supportedVersions ${JSON.stringify(sv)}, capabilities ${Object.keys(asObject(result.capabilities)!).join(", ") || "(none)"}.`,
        );
      },
    },
    {
      id: "C02",
      title: checkTitle("C02"),
      level: "MUST",
      spec: { section: "§7", path: SPEC.caching },
      run: readingDiscover((ctx, result) => {
        const { errors, ambiguous } = cacheHintProblems(result);
        if (errors.length)
          return ctx.fail(
            `${errors.join("; ")}; add ttlMs (integer >= 0) and cacheScope ("public" or "private") to the DiscoverResult.`,
          );
        if (ambiguous.length) return ctx.warn(`${ambiguous.join("; ")} — ${AMBIG6}; send an integer.`);
        return ctx.pass(`ttlMs ${result.ttlMs}, cacheScope ${JSON.stringify(result.cacheScope)}.`);
      }),
    },
    {
      id: "C03",
      title: checkTitle("C03"),
      level: "SHOULD",
      run: readingDiscover((ctx, result) => {
        const info = asObject(asObject(result._meta)?.["io.modelcontextprotocol/serverInfo"]);
        if (info && typeof info.name === "string" && typeof info.version === "string")
          return ctx.pass(`serverInfo ${info.name} ${info.version}.`);
        return ctx.fail(
          'result._meta["io.modelcontextprotocol/serverInfo"] with string name and version is missing; add it to every result so clients can show who answered.',
        );
      }),
    },
    {
      id: "C04",
      title: checkTitle("C04"),
      level: "MUST",
      spec: { section: "§2.2", path: SPEC.versioning },
      run: (ctx) => unsupportedVersion(ctx, "server/discover"),
    },
    {
      id: "C05",
      title: checkTitle("C05"),
      level: "MUST",
      spec: { section: "§2.2", path: SPEC.versioning },
      run: (ctx) => unsupportedVersion(ctx, "tools/list"),
    },
    {
      id: "C06",
      title: checkTitle("C06"),
      level: "MUST",
      run: (ctx) => missingEnvelope(ctx, "without _meta", {}, true, "params._meta"),
    },
    {
      id: "C07",
      title: checkTitle("C07"),
      level: "MUST",
      run: (ctx) =>
        missingEnvelope(
          ctx,
          "without clientCapabilities",
          { _meta: ctx.envelope({ drop: ["clientCapabilities"] }) },
          false,
          "_meta io.modelcontextprotocol/clientCapabilities",
        ),
    },
    {
      id: "C08",
      title: checkTitle("C08"),
      level: "MUST",
      run: (ctx) =>
        missingEnvelope(
          ctx,
          "without protocolVersion",
          { _meta: ctx.envelope({ drop: ["protocolVersion"] }) },
          true,
          "_meta io.modelcontextprotocol/protocolVersion",
        ),
    },
    {
      id: "C09",
      title: checkTitle("C09"),
      level: "MUST",
      spec: { section: "§4", path: SPEC.http },
      eras: BOTH_ERAS,
      legacySpec: LEGACY_SPEC.base,
      async run(ctx) {
        const reply = await ctx.request("playground/nonexistent");
        return expectError(
          ctx,
          reply,
          -32601,
          404,
          `answer unknown methods with -32601${ctx.transport === "http" && ctx.era === "modern" ? " and HTTP 404 (the body tells a modern 404 from a legacy one)" : ""}.`,
        );
      },
    },
    {
      id: "C10",
      title: checkTitle("C10"),
      level: "MUST",
      spec: { section: "§12", path: SPEC.versioning },
      async run(ctx) {
        const served: string[] = [];
        const otherCodes: string[] = [];
        for (const { method, reply } of await removedReplies(ctx)) {
          if (reply.kind === "result") served.push(method);
          else if (!isErrorCode(reply, -32601)) otherCodes.push(`${method}: ${describeReply(reply)}`);
        }
        if (served.length)
          return ctx.fail(
            `${served.join(", ")} answered with a result to a 2026-07-28 request; remove the handlers for modern requests (they are unknown methods now: -32601).`,
          );
        if (otherCodes.length) return ctx.pass(`Not served; ${otherCodes.join("; ")} (the exact code is C63's rule).`);
        return ctx.pass("ping, logging/setLevel and resources/subscribe all answered -32601.");
      },
    },
    {
      id: "C63",
      title: checkTitle("C63"),
      level: "MUST",
      spec: { section: "§12", path: SPEC.versioning },
      async run(ctx) {
        const refused = (await removedReplies(ctx)).filter((r) => r.reply.kind !== "result"); // a result is C10's failure
        if (!refused.length) return ctx.skip("Every removed method was served (see C10): no answer to judge.");
        const wrong: string[] = [];
        for (const { method, reply } of refused) {
          const badStatus = wrongStatus(reply, 404);
          if (!isErrorCode(reply, -32601) || badStatus) wrong.push(`${method}: ${describeReply(reply)}`);
        }
        if (wrong.length) {
          return ctx.fail(
            `${wrong.join("; ")}. A removed method is an unknown method in 2026-07-28: answer -32601${ctx.transport === "http" ? " with HTTP 404" : ""}, so a client can tell it from a bad request.`,
          );
        }
        return ctx.pass(
          `${refused.map((r) => r.method).join(", ")} answered -32601${ctx.transport === "http" ? " (HTTP 404)" : ""}.`,
        );
      },
    },
    {
      id: "C11",
      title: checkTitle("C11"),
      level: "SHOULD",
      spec: { section: "§4", path: SPEC.completion },
      eras: BOTH_ERAS,
      legacySpec: `${LEGACY_SPEC.lifecycle}#capability-negotiation`,
      run: readingDiscover(async (ctx, result) => {
        // 2025-11-25 still has logging/setLevel, gated by the logging capability.
        const gated =
          ctx.era === "legacy"
            ? [...GATED, { capability: "logging", method: "logging/setLevel", params: { level: "info" } }]
            : GATED;
        const undeclared = gated.filter((g) => !declaredIn(result, g.capability));
        if (undeclared.length === 0)
          return ctx.skip("The server declares prompts, resources, tools and completions: no gated method to try.");
        const bad: string[] = [];
        for (const g of undeclared) {
          const reply = await ctx.request(g.method, g.params);
          if (!isErrorCode(reply, -32601))
            bad.push(`${g.method} (no ${g.capability} capability) answered ${describeReply(reply)}`);
        }
        if (bad.length)
          return ctx.fail(
            `${bad.join("; ")}; either declare the capability in ${ctx.era === "legacy" ? "the initialize result" : "server/discover"} or answer -32601.`,
          );
        return ctx.pass(
          `${undeclared.map((g) => g.method).join(", ")} answered -32601, matching the undeclared capabilities.`,
        );
      }),
    },
    {
      id: "C12",
      title: checkTitle("C12"),
      level: "SHOULD",
      spec: { section: "§2.2", path: SPEC.versioning },
      async run(ctx) {
        const { supportedVersions } = await ctx.discover();
        const frame = JSON.stringify({
          jsonrpc: "2.0",
          id: ctx.nextId(),
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "legacy-client", version: "1" },
          },
        });
        // Like a legacy client: a fresh stdio process; on HTTP no Mcp-Method / MCP-Protocol-Version headers.
        const reply = replyOf(
          await ctx.raw(frame, {
            label: `${ctx.checkId} initialize (legacy client)`,
            processMode: "fresh",
            http: { omitImplied: ["Mcp-Method", "MCP-Protocol-Version", "Mcp-Name"] },
          }),
        );
        if (reply.kind === "result") {
          const v = reply.result.protocolVersion;
          return ctx.pass(`A dual-era server: initialize answered protocolVersion ${JSON.stringify(v)} (MAY).`, "MAY");
        }
        if (reply.kind === "none")
          return ctx.fail(
            `initialize got ${describeReply(reply)}; answer legacy clients with an error that names the supported versions, their only diagnostic.`,
          );
        const text = `${reply.message} ${JSON.stringify(reply.data ?? "")}`;
        const named = (supportedVersions.length ? supportedVersions : [ctx.version]).filter((v) => text.includes(v));
        const status = wrongStatus(reply, 400);
        if (!named.length)
          return ctx.fail(
            `initialize answered ${describeReply(reply)} without naming a supported version; put them (e.g. ${ctx.version}) in the message or data.`,
          );
        return ctx.pass(
          `initialize answered ${describeReply(reply)} naming ${named.join(", ")}${status ? ` (${status})` : ""}.`,
        );
      },
    },
  ],
);

function declaredIn(result: Record<string, unknown>, capability: string): boolean {
  return asObject(asObject(result.capabilities)?.[capability]) !== undefined;
}
