/**
 * The era report a legacy (initialize-handshake) server gets instead of 60 failures: which revision it
 * speaks, what a 2026-07-28-only client meets, and the era-ambiguity check (digest §2.4 step 5). Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { ProbeVerdict } from "../protocol/era";
import { buildEnvelope } from "../protocol/meta";
import type { CheckSend, EraReport } from "./types";
import { describeReply, asObject, replyOf, sendIds } from "./wire";

const ADVICE =
  "To serve 2026-07-28, answer server/discover and per-request _meta (with @modelcontextprotocol/server 2.x: serveStdio() or createMcpHandler(), which keep serving legacy clients too), then run the checks again.";

export async function buildEraReport(
  send: CheckSend,
  transport: "stdio" | "http",
  verdict: ProbeVerdict,
  timeoutMs: number,
): Promise<EraReport> {
  const [first] = verdict.steps;
  const firstReply = first ? replyOf(first.exchange) : undefined;
  const info = asObject(verdict.result?.serverInfo);
  const modernClientSees = firstReply
    ? `server/discover answered ${describeReply(firstReply)}: a 2026-07-28-only client stops there and cannot use this server; a dual-era client falls back to initialize and speaks ${verdict.version ?? "a legacy revision"}.`
    : "No probe exchange was recorded.";

  // The era-ambiguity check: a modern request with no handshake, where no handshake happened before.
  const frame = JSON.stringify({
    jsonrpc: "2.0",
    id: "era-ambiguity-1",
    method: "tools/list",
    params: { _meta: buildEnvelope() },
  });
  let exchange: Exchange | undefined;
  let ambiguity: EraReport["ambiguity"];
  try {
    exchange = await send(frame, {
      label: "era report: tools/list with no handshake",
      processMode: "fresh",
      timeoutMs,
      http: { omitImplied: ["Mcp-Session-Id"] },
    });
    const reply = replyOf(exchange);
    if (reply.kind === "result") {
      const tools = Array.isArray(reply.result.tools) ? reply.result.tools.length : 0;
      ambiguity = {
        status: "warn",
        detail:
          `Served a 2026-07-28-style tools/list with no handshake (${tools} tools, ${typeof reply.result.resultType === "string" ? "with" : "no"} resultType${transport === "stdio" ? ", on a fresh process" : ", without a session"}): ` +
          "a modern client that skips the probe cannot tell this legacy answer from a modern one, and a tools/call sent the same way would run under legacy semantics. " +
          "Servers: refuse requests that come before initialize; clients: probe with server/discover first.",
        evidence: sendIds(exchange),
      };
    } else {
      ambiguity = {
        status: "pass",
        detail: `Refused a request sent without a handshake (${describeReply(reply)}): a modern client gets a clear failure, not a silently legacy answer.`,
        evidence: sendIds(exchange),
      };
    }
  } catch (e) {
    ambiguity = {
      status: "skip",
      detail: `The ambiguity probe could not be sent: ${(e as Error).message}`,
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
    modernClientSees,
    ambiguity,
    advice: ADVICE,
    evidence: sendIds(...verdict.steps.map((s) => s.exchange), exchange),
  };
}
