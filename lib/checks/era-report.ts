/**
 * The era report a legacy (initialize-handshake) server gets instead of 60 failures: which revision it
 * speaks, what a 2026-07-28-only client meets, and the era-ambiguity check (digest §2.4 step 5). Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { ProbeVerdict } from "../protocol/era";
import { buildEnvelope } from "../protocol/meta";
import { eraOfVersion } from "../protocol/versions";
import type { CheckSend, EraReport } from "./types";
import { asObject, replyMsg, replyOf, sendIds } from "./wire";
import { msg, say, type Msg } from "../i18n/translate";

/** What the card and the CLI say after the findings (one sentence, the same for every legacy server). */
export const ERA_ADVICE = msg("eraCard.advice");

export async function buildEraReport(
  send: CheckSend,
  transport: "stdio" | "http",
  verdict: ProbeVerdict,
  timeoutMs: number,
  pinned?: string,
): Promise<EraReport> {
  const { asked, discoverEx, dualEra, modernClientSeesMsg } = await modernSide(send, verdict, timeoutMs, pinned);
  const info = asObject(verdict.result?.serverInfo);
  const adviceMsg = pinned && dualEra ? msg("eraCard.advicePinned", { version: pinned }) : ERA_ADVICE;

  // The era-ambiguity check: a modern request with no handshake, where no handshake happened before.
  const frame = JSON.stringify({
    jsonrpc: "2.0",
    id: "era-ambiguity-1",
    method: "tools/list",
    params: { _meta: buildEnvelope() },
  });
  let exchange: Exchange | undefined;
  let ambiguity: Omit<EraReport["ambiguity"], "detail"> & { detailMsg: Msg };
  try {
    exchange = await send(frame, {
      label: "era report: tools/list with no handshake",
      labelMsg: msg("checkLabels.eraReport"),
      processMode: "fresh",
      timeoutMs,
      http: { omitImplied: ["Mcp-Session-Id"] },
    });
    const reply = replyOf(exchange);
    if (reply.kind === "result" && dualEra) {
      // Not ambiguous: the server speaks 2026-07-28, so a modern request with no handshake gets a modern answer.
      ambiguity = { status: "pass", detailMsg: msg("eraCard.dualEraServed"), evidence: sendIds(exchange) };
    } else if (reply.kind === "result") {
      const tools = Array.isArray(reply.result.tools) ? reply.result.tools.length : 0;
      ambiguity = {
        status: "warn",
        detailMsg: msg("eraCard.served", {
          tools,
          resultType: typeof reply.result.resultType === "string" ? "with" : "no",
          transport,
        }),
        evidence: sendIds(exchange),
      };
    } else {
      ambiguity = {
        status: "pass",
        detailMsg: msg("eraCard.refused", { reply: replyMsg(reply) }),
        evidence: sendIds(exchange),
      };
    }
  } catch (e) {
    ambiguity = {
      status: "skip",
      detailMsg: msg("eraCard.notSent", { error: (e as Error).message }),
      evidence: [],
    };
  }
  return {
    revision: verdict.version,
    serverInfo: info
      ? {
          name: typeof info.name === "string" ? info.name : undefined,
          version: typeof info.version === "string" ? info.version : undefined,
        }
      : undefined,
    modernClientSees: say(modernClientSeesMsg),
    modernClientSeesMsg,
    ambiguity: { ...ambiguity, detail: say(ambiguity.detailMsg) },
    advice: say(adviceMsg),
    adviceMsg,
    evidence: sendIds(...verdict.steps.map((s) => s.exchange), ...(asked ? [] : [discoverEx]), exchange),
  };
}

/** What a 2026-07-28 client meets: server/discover's answer (the probe's, or asked here when a pinned probe did not). */
async function modernSide(send: CheckSend, verdict: ProbeVerdict, timeoutMs: number, pinned?: string) {
  // A client pinned to a legacy revision opens with initialize and never asks server/discover: ask it here (as a
  // fresh connection), so the report says what a 2026-07-28 client meets rather than reading initialize's answer.
  const asked = verdict.steps.find((s) => s.label.includes("server/discover"))?.exchange;
  const discoverEx = asked ?? (pinned ? await askDiscover(send, timeoutMs) : verdict.steps[0]?.exchange);
  const firstReply = discoverEx ? replyOf(discoverEx) : undefined;
  const supported =
    firstReply?.kind === "result" && Array.isArray(firstReply.result.supportedVersions)
      ? firstReply.result.supportedVersions.filter((v): v is string => typeof v === "string")
      : [];
  // Served discover with a 2026-07-28 version: a dual-era server whose legacy path this pinned run judged.
  const dualEra = supported.some((v) => eraOfVersion(v) === "modern");
  const modernClientSeesMsg = !firstReply
    ? msg("eraCard.noProbe")
    : dualEra
      ? msg("eraCard.pinnedDualEra", { pinned: pinned ?? "", supported: supported.join(", ") })
      : verdict.version
        ? msg("eraCard.modernSees", { reply: replyMsg(firstReply), version: verdict.version })
        : msg("eraCard.modernSeesNoVersion", { reply: replyMsg(firstReply) });
  return { asked, discoverEx, dualEra, modernClientSeesMsg };
}

/** server/discover as a 2026-07-28 client opens, on a connection of its own. */
async function askDiscover(send: CheckSend, timeoutMs: number): Promise<Exchange | undefined> {
  const frame = JSON.stringify({
    jsonrpc: "2.0",
    id: "era-discover-1",
    method: "server/discover",
    params: { _meta: buildEnvelope() },
  });
  try {
    return await send(frame, {
      label: "era report: server/discover (the pinned probe did not ask it)",
      labelMsg: msg("checkLabels.eraDiscover"),
      processMode: "fresh",
      timeoutMs,
      http: { omitImplied: ["Mcp-Session-Id"] },
    });
  } catch {
    return undefined;
  }
}
