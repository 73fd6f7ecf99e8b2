/** Digest §14 A: discovery and versioning (C01–C12). */
import {
  LEGACY_SPEC,
  SPEC,
  cacheHintProblems,
  expectError,
  isErrorCode,
  wrongStatus,
  wrongStatusMsg,
  defineChecks,
  type CheckDef,
} from "../define";
import { msg, type Msg } from "../../i18n/translate";
import { asObject, clauses, replyMsg, replyOf } from "../wire";
import {
  unsupportedVersion,
  missingEnvelope,
  removedReplies,
  REMOVED_METHODS,
  modernInitializeReply,
  GATED,
  readingDiscover,
  declaredIn,
} from "./discovery-probes";

export const DISCOVERY_CHECKS: CheckDef[] = defineChecks(
  { spec: { section: "§1.4", path: SPEC.base }, transports: "both" },
  [
    {
      id: "C01",
      level: "MUST",
      spec: { section: "§3", path: SPEC.versioning },
      async run(ctx) {
        const { reply, result } = await ctx.discover();
        const fix = msg("checks.d.C01.fix");
        if (!result) return ctx.fail(msg("checks.d.C01.answered", { reply: replyMsg(reply), fix }));
        const problems: Msg[] = [];
        if (result.resultType !== "complete")
          problems.push(msg("checks.d.C01.resultType", { value: JSON.stringify(result.resultType) }));
        const sv = result.supportedVersions;
        if (!Array.isArray(sv) || sv.length === 0 || !sv.every((v) => typeof v === "string"))
          problems.push(msg("checks.d.C01.versions"));
        if (!asObject(result.capabilities)) problems.push(msg("checks.d.C01.capabilities"));
        if (problems.length) return ctx.fail(msg("checks.d.problemFix", { problem: clauses(problems), fix }));
        const names = Object.keys(asObject(result.capabilities)!).join(", ");
        return ctx.pass(
          msg(names ? "checks.d.C01.pass" : "checks.d.C01.passNone", { versions: JSON.stringify(sv), names }),
        );
      },
    },
    {
      id: "C02",
      level: "MUST",
      spec: { section: "§7", path: SPEC.caching },
      run: readingDiscover((ctx, result) => {
        const { errors, ambiguous } = cacheHintProblems(result);
        if (errors.length) return ctx.fail(msg("checks.d.C02.fail", { problems: clauses(errors) }));
        if (ambiguous.length) return ctx.warn(msg("checks.d.C02.ambig6", { problems: clauses(ambiguous) }));
        return ctx.pass(
          msg("checks.d.C02.pass", { ttl: String(result.ttlMs), scope: JSON.stringify(result.cacheScope) }),
        );
      }),
    },
    {
      id: "C03",
      level: "SHOULD",
      run: readingDiscover((ctx, result) => {
        const info = asObject(asObject(result._meta)?.["io.modelcontextprotocol/serverInfo"]);
        if (info && typeof info.name === "string" && typeof info.version === "string")
          return ctx.pass(msg("checks.d.C03.pass", { name: info.name, version: info.version }));
        return ctx.fail(msg("checks.d.C03.fail"));
      }),
    },
    {
      id: "C04",
      level: "MUST",
      spec: { section: "§2.2", path: SPEC.versioning },
      run: (ctx) => unsupportedVersion(ctx, "server/discover"),
    },
    {
      id: "C05",
      level: "MUST",
      spec: { section: "§2.2", path: SPEC.versioning },
      run: (ctx) => unsupportedVersion(ctx, "tools/list"),
    },
    {
      id: "C06",
      level: "MUST",
      run: (ctx) => missingEnvelope(ctx, "without _meta", {}, true, "params._meta"),
    },
    {
      id: "C07",
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
      level: "MUST",
      spec: { section: "§4", path: SPEC.http },
      legacySpec: LEGACY_SPEC.base,
      async run(ctx) {
        const reply = await ctx.request("playground/nonexistent");
        return expectError(
          ctx,
          reply,
          -32601,
          404,
          msg(ctx.transport === "http" && ctx.era === "modern" ? "checks.d.C09.fixHttp" : "checks.d.C09.fix"),
        );
      },
    },
    {
      id: "C10",
      level: "MUST",
      spec: { section: "§12", path: SPEC.versioning },
      async run(ctx) {
        const served: string[] = [];
        const otherCodes: Msg[] = [];
        for (const { method, reply } of await removedReplies(ctx)) {
          if (reply.kind === "result") served.push(method);
          else if (!isErrorCode(reply, -32601))
            otherCodes.push(msg("checks.d.methodReply", { method, reply: replyMsg(reply) }));
        }
        if (served.length) return ctx.fail(msg("checks.d.C10.fail", { methods: served.join(", ") }));
        if (otherCodes.length) return ctx.pass(msg("checks.d.C10.otherCodes", { codes: clauses(otherCodes) }));
        return ctx.pass(msg("checks.d.C10.pass", { methods: REMOVED_METHODS.join(", ") }));
      },
    },
    {
      id: "C63",
      level: "MUST",
      spec: { section: "§12", path: SPEC.versioning },
      async run(ctx) {
        const refused = (await removedReplies(ctx)).filter((r) => r.reply.kind !== "result"); // a result is C10's failure
        const initialize = await modernInitializeReply(ctx);
        if (initialize.kind !== "result") refused.unshift({ method: "initialize", reply: initialize }); // a result: a dual-era handshake
        if (!refused.length) return ctx.skip(msg("checks.d.C63.skip"));
        const wrong: Msg[] = [];
        for (const { method, reply } of refused) {
          const badStatus = wrongStatus(reply, 404);
          if (!isErrorCode(reply, -32601) || badStatus)
            wrong.push(msg("checks.d.methodReply", { method, reply: replyMsg(reply) }));
        }
        const http = ctx.transport === "http";
        if (wrong.length)
          return ctx.fail(msg(http ? "checks.d.C63.failHttp" : "checks.d.C63.fail", { wrong: clauses(wrong) }));
        const methods = refused.map((r) => r.method).join(", ");
        return ctx.pass(msg(http ? "checks.d.C63.passHttp" : "checks.d.C63.pass", { methods }));
      },
    },
    {
      id: "C11",
      level: "SHOULD",
      spec: { section: "§4", path: SPEC.completion },
      legacySpec: `${LEGACY_SPEC.lifecycle}#capability-negotiation`,
      run: readingDiscover(async (ctx, result) => {
        // 2025-11-25 still has logging/setLevel, gated by the logging capability.
        const gated =
          ctx.era === "legacy"
            ? [...GATED, { capability: "logging", method: "logging/setLevel", params: { level: "info" } }]
            : GATED;
        const undeclared = gated.filter((g) => !declaredIn(result, g.capability));
        if (undeclared.length === 0) return ctx.skip(msg("checks.d.C11.skip"));
        const bad: Msg[] = [];
        for (const g of undeclared) {
          const reply = await ctx.request(g.method, g.params);
          if (!isErrorCode(reply, -32601))
            bad.push(msg("checks.d.C11.bad", { method: g.method, capability: g.capability, reply: replyMsg(reply) }));
        }
        if (bad.length)
          return ctx.fail(
            msg(ctx.era === "legacy" ? "checks.d.C11.failLegacy" : "checks.d.C11.fail", { bad: clauses(bad) }),
          );
        return ctx.pass(msg("checks.d.C11.pass", { methods: undeclared.map((g) => g.method).join(", ") }));
      }),
    },
    {
      id: "C12",
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
            ...ctx.labelled(msg("checkLabels.initializeLegacyClient")),
            processMode: "fresh",
            http: { omitImplied: ["Mcp-Method", "MCP-Protocol-Version", "Mcp-Name"] },
          }),
        );
        if (reply.kind === "result") {
          const v = reply.result.protocolVersion;
          return ctx.pass(msg("checks.d.C12.dualEra", { version: JSON.stringify(v) }), "MAY");
        }
        if (reply.kind === "none") return ctx.fail(msg("checks.d.C12.none", { reply: replyMsg(reply) }));
        const text = `${reply.message} ${JSON.stringify(reply.data ?? "")}`;
        const named = (supportedVersions.length ? supportedVersions : [ctx.version]).filter((v) => text.includes(v));
        const status = wrongStatusMsg(reply, 400);
        if (!named.length)
          return ctx.fail(msg("checks.d.C12.unnamed", { reply: replyMsg(reply), version: ctx.version }));
        const values = { reply: replyMsg(reply), versions: named.join(", ") };
        return ctx.pass(
          status ? msg("checks.d.C12.namedStatus", { ...values, status }) : msg("checks.d.C12.named", values),
        );
      },
    },
  ],
);
