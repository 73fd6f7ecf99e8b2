/**
 * The answer to the request an exchange carried, reduced to result / error / nothing. One reader for the era
 * probe, the token bill's catalogue fetch and the conformance checks. Pure.
 */
import type { Exchange } from "./exchange";
import { asObject, type JsonObject } from "./json";
import { replyFrame } from "./exchange";

export type Reply =
  | { kind: "result"; result: JsonObject; exchange: Exchange; status?: number }
  | { kind: "error"; code: number; message: string; data?: unknown; exchange: Exchange; status?: number }
  /** `fatal`: the target itself could not be reached or kept up (spawn, network, refused, cancelled, exit). */
  | { kind: "none"; why: string; fatal: boolean; exchange: Exchange; status?: number };

const FATAL_FAILURES = new Set(["spawn", "network", "refused", "cancelled", "exit"]);

/** The answer to the request that the exchange carried; `why` says what happened when there is none. */
export function replyOf(exchange: Exchange): Reply {
  const status = exchange.http?.status;
  const { outcome } = exchange;
  if (outcome.kind === "response") {
    const frame = asObject(replyFrame(exchange));
    const result = asObject(frame?.result);
    if (result) return { kind: "result", result, exchange, status };
    const error = asObject(frame?.error);
    if (error && typeof error.code === "number") {
      return {
        kind: "error",
        code: error.code,
        message: String(error.message ?? ""),
        data: error.data,
        exchange,
        status,
      };
    }
    return { kind: "none", why: "the reply was neither a result nor an error", fatal: false, exchange, status };
  }
  if (outcome.kind === "notification")
    return { kind: "none", why: "no reply was expected (notification)", fatal: false, exchange, status };
  const fatal = FATAL_FAILURES.has(outcome.failure);
  if (outcome.failure === "timeout")
    return { kind: "none", why: `no answer within ${exchange.timeoutMs} ms`, fatal, exchange, status };
  const body = status !== undefined ? `HTTP ${status}: ` : "";
  return { kind: "none", why: `${body}${outcome.failure} — ${outcome.message}`, fatal, exchange, status };
}
