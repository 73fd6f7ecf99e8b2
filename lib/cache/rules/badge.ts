/**
 * What the timeline badge shows for one request/response pair: nothing (not a cacheable method and no
 * hint trouble), "not cached" with the reason, or the hints in words with the cache key. The freshness bar
 * is computed live from receivedAt + ttlMs with freshnessAt().
 */
import { notCacheableExplanation, responseCacheability, type NotCacheableReason } from "./cacheability";
import { badgeText, describeTtl, humanDuration, scopeRule } from "./describe";
import { readHints, type HintReading } from "./hints";
import { asObject } from "../../protocol/json";
import { englishT, type Translate } from "../../i18n/translate";
import { isCacheableMethod } from "./methods";
import { hintViolations, type CacheViolation } from "./violations";

export type CacheBadge =
  | { kind: "none" }
  | { kind: "not-cached"; reason: NotCacheableReason; explanation: string; violations: CacheViolation[] }
  | {
      kind: "cacheable";
      key: string;
      keyLabel: string;
      hints: HintReading;
      /** "ttl 5 min · public" */
      summary: string;
      ttlText: string;
      ttlSentence: string;
      scopeSentence: string;
      /** Start of the freshness clock (ms epoch) and its length. */
      receivedAt: number;
      ttlMs: number;
      violations: CacheViolation[];
    };

export function cacheBadge(
  requestFrame: unknown,
  responseFrame: unknown,
  receivedAt: number,
  t: Translate = englishT,
): CacheBadge {
  const violations = hintViolations(requestFrame, responseFrame);
  const method = asObject(requestFrame)?.method;
  const c = responseCacheability(requestFrame, responseFrame);
  if (c.ok) {
    const hints = readHints(c.result);
    return {
      kind: "cacheable",
      key: c.request.key,
      keyLabel: c.request.keyLabel,
      hints,
      summary: badgeText(hints, t),
      ttlText: humanDuration(hints.effectiveTtlMs, t),
      ttlSentence: describeTtl(hints.ttl, t),
      scopeSentence: scopeRule(hints.scope, t),
      receivedAt,
      ttlMs: hints.effectiveTtlMs,
      violations,
    };
  }
  // A cacheable method answered but not storable (MRTR retry, input_required, error): say why, but only
  // where a reader would expect a badge or where a hint rule was broken.
  const relevant =
    isCacheableMethod(method) &&
    (c.reason === "mrtr-retry" || c.reason === "input-required" || c.reason === "not-complete");
  if (relevant || violations.length > 0) {
    return { kind: "not-cached", reason: c.reason, explanation: notCacheableExplanation(c.reason, t), violations };
  }
  return { kind: "none" };
}
