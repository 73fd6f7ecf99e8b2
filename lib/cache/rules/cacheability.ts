/**
 * May this request be answered from a cache, and may this response be stored? (digest §7, §6 rule 8)
 * Only complete results of the six cacheable methods; never the results of MRTR retries (requests carrying
 * inputResponses or requestState), never input_required (or any other non-complete) results, never errors.
 */
import { englishT, type Translate } from "../../i18n/translate";
import { asObject, type JsonObject } from "../../protocol/json";
import { cacheKey, keyLabel } from "./key";
import { isCacheableMethod, type CacheableMethod } from "./methods";

export type NotCacheableReason =
  | "not-a-request"
  | "method-not-cacheable"
  | "mrtr-retry"
  | "error-response"
  | "not-a-result"
  | "input-required"
  | "not-complete";

/** Why a reply is not cached, in English (the catalogue's cache.notCached.<reason> says it in the reader's language). */
export function notCacheableExplanation(reason: NotCacheableReason, t: Translate = englishT): string {
  return t(`cache.notCached.${reason}`);
}

export const NOT_CACHEABLE_EXPLANATION: Record<NotCacheableReason, string> = {
  "not-a-request": notCacheableExplanation("not-a-request"),
  "method-not-cacheable": notCacheableExplanation("method-not-cacheable"),
  "mrtr-retry": notCacheableExplanation("mrtr-retry"),
  "error-response": notCacheableExplanation("error-response"),
  "not-a-result": notCacheableExplanation("not-a-result"),
  "input-required": notCacheableExplanation("input-required"),
  "not-complete": notCacheableExplanation("not-complete"),
};

export interface CacheableRequest {
  method: CacheableMethod;
  id: string | number;
  params: JsonObject;
  key: string;
  keyLabel: string;
  /** resources/read only. */
  uri?: string;
  /** Lists only: the page's cursor, null for the first page. */
  cursor?: string | null;
}

export type RequestCacheability =
  { ok: true; request: CacheableRequest } | { ok: false; reason: NotCacheableReason; explanation: string };

function no(reason: NotCacheableReason): { ok: false; reason: NotCacheableReason; explanation: string } {
  return { ok: false, reason, explanation: NOT_CACHEABLE_EXPLANATION[reason] };
}

export function isMrtrRetry(params: unknown): boolean {
  const p = asObject(params);
  return !!p && (p.inputResponses !== undefined || p.requestState !== undefined);
}

export function requestCacheability(frame: unknown): RequestCacheability {
  const f = asObject(frame);
  const id = f?.id;
  if (!f || typeof f.method !== "string" || (typeof id !== "string" && typeof id !== "number"))
    return no("not-a-request");
  if (!isCacheableMethod(f.method)) return no("method-not-cacheable");
  if (isMrtrRetry(f.params)) return no("mrtr-retry");
  const params = asObject(f.params) ?? {};
  const request: CacheableRequest = {
    method: f.method,
    id,
    params,
    key: cacheKey(f.method, params),
    keyLabel: keyLabel(f.method, params),
  };
  if (f.method === "resources/read" && typeof params.uri === "string") request.uri = params.uri;
  if (f.method.endsWith("/list")) request.cursor = typeof params.cursor === "string" ? params.cursor : null;
  return { ok: true, request };
}

export type ResponseCacheability =
  | { ok: true; request: CacheableRequest; result: JsonObject }
  | { ok: false; reason: NotCacheableReason; explanation: string };

/** resultType absent ⇒ "complete" (servers of earlier revisions, digest §1.2). */
export function resultTypeOf(result: JsonObject): string {
  return typeof result.resultType === "string" ? result.resultType : "complete";
}

export function responseCacheability(requestFrame: unknown, responseFrame: unknown): ResponseCacheability {
  const req = requestCacheability(requestFrame);
  if (!req.ok) return req;
  const response = asObject(responseFrame);
  if (response && "error" in response) return no("error-response");
  const result = asObject(response?.result);
  if (!result) return no("not-a-result");
  const type = resultTypeOf(result);
  if (type === "input_required") return no("input-required");
  if (type !== "complete") return no("not-complete");
  return { ok: true, request: req.request, result };
}
