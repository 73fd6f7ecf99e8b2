/**
 * Composes the retry of a request answered `input_required` (digest §6.5): a new id, the original method and
 * params (its `_meta` included), `inputResponses` keyed like `inputRequests`, and `requestState` echoed
 * verbatim — or left out when the server gave none. The user may then edit anything before sending.
 */
import { asObject, idOf, methodOf, paramsOf, RETRY_PARAM_KEYS, type JsonObject } from "./shapes";

export interface RetryInput {
  /** The request that started this round (the original, or the previous retry). */
  request: unknown;
  /** The InputRequiredResult it got (the response's `result`). */
  result: unknown;
  /** One value per inputRequests key (ElicitResult, CreateMessageResult or ListRootsResult). */
  responses: Record<string, unknown>;
  /** The retry's id; must differ from every id of the conversation so far (see nextId). */
  id: unknown;
}

/** Builds the retry frame. Keys of the original params keep their order; inputResponses and requestState come last. */
export function buildRetry(input: RetryInput): JsonObject {
  const request = asObject(input.request) ?? {};
  const result = asObject(input.result) ?? {};
  const params = paramsOf(request) ?? {};
  const kept = Object.fromEntries(
    Object.entries(params).filter(([k]) => !(RETRY_PARAM_KEYS as readonly string[]).includes(k) || k === "_meta"),
  );
  const nextParams: JsonObject = { ...kept };
  if (asObject(result.inputRequests)) nextParams.inputResponses = { ...input.responses };
  if (typeof result.requestState === "string") nextParams.requestState = result.requestState;
  return { jsonrpc: "2.0", id: input.id, method: methodOf(request), params: nextParams };
}

/**
 * A fresh id for the next round: numbers continue after the largest number seen, strings get a round suffix.
 * Never equal to any id in `used`.
 */
export function nextId(original: unknown, used: unknown[], round: number): number | string {
  const numbers = used.filter((u): u is number => typeof u === "number" && Number.isFinite(u));
  if (typeof original === "number" || (original === undefined && numbers.length)) return Math.max(0, ...numbers) + 1;
  const base = typeof original === "string" ? original.replace(/-retry-\d+$/, "") : "mrtr";
  let n = round;
  const taken = new Set(used.filter((u) => typeof u === "string"));
  while (taken.has(`${base}-retry-${n}`)) n += 1;
  return `${base}-retry-${n}`;
}

/** Convenience: the retry for a request/response pair, with a fresh id chosen from `usedIds`. */
export function composeRetry(
  request: unknown,
  result: unknown,
  responses: Record<string, unknown>,
  usedIds: unknown[],
  round: number,
): JsonObject {
  return buildRetry({ request, result, responses, id: nextId(idOf(request), usedIds, round) });
}

/**
 * The retry for a conversation's last round, with an id that is new to the conversation and not below
 * `floorId` (the editor's next template id), so it collides with nothing the session has sent.
 */
export function retryForConversation(
  rounds: { request: unknown; result?: unknown; id: unknown; index: number }[],
  responses: Record<string, unknown>,
  floorId?: number,
): JsonObject {
  const last = rounds[rounds.length - 1];
  const used = rounds.map((r) => r.id);
  if (floorId !== undefined) used.push(floorId - 1);
  return buildRetry({
    request: last.request,
    result: last.result,
    responses,
    id: nextId(idOf(rounds[0].request), used, last.index),
  });
}
