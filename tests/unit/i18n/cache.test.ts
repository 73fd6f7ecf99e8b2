/**
 * The cache's words in the chapter's languages (issue 32): durations, the ttlMs and cacheScope sentences under a
 * timeline card, freshness, and why a reply is not cached. English stays what it was (the CLI and older tests).
 */
import { describe, expect, it } from "vitest";
import {
  badgeText,
  cacheBadge,
  describeTtl,
  humanDuration,
  NOT_CACHEABLE_EXPLANATION,
  notCacheableExplanation,
  readHints,
  scopeRule,
  SCOPE_RULES,
} from "@/lib/cache/rules";
import { freshnessView } from "@/lib/cache/selectors";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate } from "@/lib/i18n/translate";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const CYRILLIC = /[а-яА-Я]/;

describe("the cache in Bulgarian and Russian", () => {
  it("durations in each language's units, with Russian plural days and decimal commas", () => {
    expect(humanDuration(90_000)).toBe("1 min 30 s");
    expect(humanDuration(90_000, bg)).toBe("1 мин 30 с");
    expect(humanDuration(1_500, ru)).toBe("1,5 с");
    expect(humanDuration(250, ru)).toBe("250 мс");
    expect(humanDuration(2 * 86_400_000, ru)).toBe("2 дня");
    expect(humanDuration(5 * 86_400_000, ru)).toBe("5 дней");
    expect(humanDuration(86_400_000, bg)).toBe("1 ден");
  });

  it("the modern tools/list's hints (ttlMs 300000, public) read as a sentence in each language", () => {
    const request = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const response = {
      jsonrpc: "2.0",
      id: 1,
      result: { resultType: "complete", tools: [], ttlMs: 300000, cacheScope: "public" },
    };
    const en = cacheBadge(request, response, 0);
    const ruBadge = cacheBadge(request, response, 0, ru);
    expect(en.kind === "cacheable" && [en.summary, en.ttlSentence]).toEqual([
      "ttl 5 min · public",
      "fresh for 5 min after it arrived",
    ]);
    expect(ruBadge.kind === "cacheable" && [ruBadge.summary, ruBadge.ttlSentence, ruBadge.scopeSentence]).toEqual([
      "ttl 5 мин · public",
      "свежий в течение 5 мин после получения",
      ru("cache.scope.public"),
    ]);
    expect(SCOPE_RULES.public).toMatch(/every user/);
  });

  it("every odd ttlMs and cacheScope has its sentence, the raw value quoted as it came", () => {
    const hints = readHints({ ttlMs: -5000, cacheScope: "team" });
    for (const t of [bg, ru]) {
      expect(describeTtl(hints.ttl, t)).toMatch(CYRILLIC);
      expect(describeTtl(hints.ttl, t)).toContain("-5000");
      expect(scopeRule(hints.scope, t)).toContain('"team"');
      expect(scopeRule(hints.scope, t)).toMatch(CYRILLIC);
      expect(badgeText(readHints({}), t)).toMatch(CYRILLIC);
    }
  });

  it("why a reply is not cached, in every language; English as before", () => {
    for (const reason of Object.keys(NOT_CACHEABLE_EXPLANATION) as (keyof typeof NOT_CACHEABLE_EXPLANATION)[]) {
      expect(notCacheableExplanation(reason)).toBe(NOT_CACHEABLE_EXPLANATION[reason]);
      expect(notCacheableExplanation(reason, bg)).toMatch(CYRILLIC);
      expect(notCacheableExplanation(reason, ru)).toMatch(CYRILLIC);
    }
    expect(NOT_CACHEABLE_EXPLANATION["error-response"]).toBe("Errors are not cached.");
  });

  it("freshness, live", () => {
    expect(freshnessView({ receivedAt: 0, ttlMs: 60_000 }, 15_000).text).toBe("fresh · 45 s left");
    expect(freshnessView({ receivedAt: 0, ttlMs: 60_000 }, 15_000, bg).text).toBe("пресен · остават 45 с");
    expect(freshnessView({ receivedAt: 0, ttlMs: 0 }, 1, ru).text).toBe("устарел · устарел сразу по получении (ttl 0)");
  });
});
