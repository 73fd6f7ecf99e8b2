/** Words for the badge and the Cache tab: durations in human units and one sentence per scope. */
import { englishT, type Translate } from "../../i18n/translate";
import type { CacheScope, HintReading, ScopeReading, TtlReading } from "./hints";

const UNITS: [number, "day" | "h" | "min" | "s"][] = [
  [86_400_000, "day"],
  [3_600_000, "h"],
  [60_000, "min"],
  [1_000, "s"],
];

/** 300000 → "5 min", 90000 → "1 min 30 s", 1500 → "1.5 s", 250 → "250 ms", 172800000 → "2 days" (in `t`'s language). */
export function humanDuration(ms: number, t: Translate = englishT): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? "-" : "";
  let rest = Math.abs(ms);
  if (rest < 1_000) return sign + t("cache.unit.ms", { n: Math.round(rest * 1000) / 1000 });
  if (rest < 10_000 && rest % 1_000 !== 0) return sign + t("cache.unit.s", { n: Math.round(rest / 100) / 10 });
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    const n = Math.floor(rest / size);
    if (n === 0) continue;
    parts.push(t(`cache.unit.${unit}`, { n }));
    rest -= n * size;
    if (parts.length === 2) break;
  }
  return sign + parts.join(" ");
}

/** Age for "served from cache, age N s": whole seconds under a minute, then human units. */
export function humanAge(ms: number, t: Translate = englishT): string {
  return ms < 60_000 ? t("cache.unit.s", { n: Math.floor(ms / 1000) }) : humanDuration(Math.floor(ms / 1000) * 1000, t);
}

export function describeTtl(ttl: TtlReading, t: Translate = englishT): string {
  switch (ttl.kind) {
    case "valid":
      return ttl.raw === 0 ? t("cache.ttl.zero") : t("cache.ttl.fresh", { duration: humanDuration(ttl.raw, t) });
    case "absent":
      return t("cache.ttl.absent");
    case "negative":
      return t("cache.ttl.negative", { raw: String(ttl.raw) });
    case "non-integer":
      return t("cache.ttl.nonInteger", { raw: String(ttl.raw), duration: humanDuration(Math.floor(ttl.raw), t) });
    case "not-a-number":
      return t("cache.ttl.notANumber", { raw: JSON.stringify(ttl.raw) });
  }
}

/** One sentence per scope on what a client and a shared gateway may do (digest §7 cacheScope). */
export const SCOPE_RULES: Record<CacheScope, string> = {
  public: englishT("cache.scope.public"),
  private: englishT("cache.scope.private"),
};

export function scopeRule(scope: ScopeReading, t: Translate = englishT): string {
  if (scope.kind === "valid") return t(`cache.scope.${scope.raw}`);
  return scope.kind === "absent"
    ? t("cache.scope.absent")
    : t("cache.scope.unknown", { raw: JSON.stringify(scope.raw) });
}

export function badgeText(hints: HintReading, t: Translate = englishT): string {
  const ttl =
    hints.ttl.kind === "absent"
      ? t("cache.badge.noTtl")
      : hints.ttl.kind === "not-a-number"
        ? "ttlMs ?"
        : t("cache.badge.ttl", { duration: humanDuration(hints.effectiveTtlMs, t) });
  const scope =
    hints.scope.kind === "valid"
      ? hints.scope.raw
      : t(hints.scope.kind === "absent" ? "cache.badge.noScope" : "cache.badge.unknownScope");
  return `${ttl} · ${scope}`;
}
