/** Words for the badge and the Cache tab: durations in human units and one sentence per scope. */
import type { CacheScope, HintReading, ScopeReading, TtlReading } from "./hints";

const UNITS: [number, string][] = [
  [86_400_000, "day"],
  [3_600_000, "h"],
  [60_000, "min"],
  [1_000, "s"],
];

/** 300000 → "5 min", 90000 → "1 min 30 s", 1500 → "1.5 s", 250 → "250 ms", 172800000 → "2 days". */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? "-" : "";
  let rest = Math.abs(ms);
  if (rest < 1_000) return `${sign}${Math.round(rest * 1000) / 1000} ms`;
  if (rest < 10_000 && rest % 1_000 !== 0) return `${sign}${Math.round(rest / 100) / 10} s`;
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    const n = Math.floor(rest / size);
    if (n === 0) continue;
    parts.push(unit === "day" ? `${n} ${n === 1 ? "day" : "days"}` : `${n} ${unit}`);
    rest -= n * size;
    if (parts.length === 2) break;
  }
  return sign + parts.join(" ");
}

/** Age for "served from cache, age N s": whole seconds under a minute, then human units. */
export function humanAge(ms: number): string {
  return ms < 60_000 ? `${Math.floor(ms / 1000)} s` : humanDuration(Math.floor(ms / 1000) * 1000);
}

export function describeTtl(ttl: TtlReading): string {
  switch (ttl.kind) {
    case "valid":
      return ttl.raw === 0
        ? "ttlMs 0: stale on arrival; the client may refetch every time"
        : `fresh for ${humanDuration(ttl.raw)} after it arrived`;
    case "absent":
      return "no ttlMs (an older server): treated as 0, stale on arrival";
    case "negative":
      return `ttlMs ${ttl.raw} is negative: ignored and treated as 0, stale on arrival`;
    case "non-integer":
      return `ttlMs ${ttl.raw} is not an integer: used as ${humanDuration(Math.floor(ttl.raw))}`;
    case "not-a-number":
      return `ttlMs ${JSON.stringify(ttl.raw)} is not a number: treated as 0, stale on arrival`;
  }
}

/** One sentence per scope on what a client and a shared gateway may do (digest §7 cacheScope). */
export const SCOPE_RULES: Record<CacheScope, string> = {
  public:
    "Public: any client may reuse it until it goes stale, and a shared gateway may serve the same copy to every user, across authorization contexts.",
  private:
    "Private: a client may reuse it only under the same authorization, and a shared gateway must keep a separate copy per authorization context and never serve it to another user.",
};

export function scopeRule(scope: ScopeReading): string {
  if (scope.kind === "valid") return SCOPE_RULES[scope.raw];
  const what =
    scope.kind === "absent" ? "No cacheScope" : `cacheScope ${JSON.stringify(scope.raw)} is not public or private`;
  return `${what}, so it is treated as private: reuse only under the same authorization, never shared by a gateway.`;
}

export function badgeText(hints: HintReading): string {
  const ttl =
    hints.ttl.kind === "absent"
      ? "no ttlMs"
      : hints.ttl.kind === "not-a-number"
        ? "ttlMs ?"
        : `ttl ${humanDuration(hints.effectiveTtlMs)}`;
  const scope =
    hints.scope.kind === "valid"
      ? hints.scope.raw
      : `${hints.scope.kind === "absent" ? "no scope" : "unknown scope"} → private`;
  return `${ttl} · ${scope}`;
}
