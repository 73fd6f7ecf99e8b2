/**
 * The era report a legacy (initialize-handshake) server gets instead of 60 failures: which revision it
 * speaks, what a 2026-07-28-only client meets, and the era-ambiguity check (digest §2.4 step 5). Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { ProbeVerdict } from "../protocol/era";
import { buildEnvelope } from "../protocol/meta";
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
): Promise<EraReport> {
  const [first] = verdict.steps;
  const firstReply = first ? replyOf(first.exchange) : undefined;
  const info = asObject(verdict.result?.serverInfo);
  const modernClientSeesMsg = !firstReply
    ? msg("eraCard.noProbe")
    : verdict.version
      ? msg("eraCard.modernSees", { reply: replyMsg(firstReply), version: verdict.version })
      : msg("eraCard.modernSeesNoVersion", { reply: replyMsg(firstReply) });

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
    if (reply.kind === "result") {
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
    advice: say(ERA_ADVICE),
    evidence: sendIds(...verdict.steps.map((s) => s.exchange), exchange),
  };
}
