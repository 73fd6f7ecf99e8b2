/** Pure views of the Cache tab and of the timeline badge: components render these, deciding nothing. */
import type { Exchange } from "../bridge/contract";
import { buildEnvelope, type Envelope } from "../protocol/meta";
import {
  authContextOf,
  cacheBadge,
  freshnessAt,
  humanAge,
  humanDuration,
  SCOPE_RULES,
  servedFromCacheText,
  type CacheBadge,
  type CacheEntry,
  type CacheState,
  type CacheViolation,
  type Freshness,
} from "./rules";
import type { ListenProblem, SubscriptionFilter } from "../protocol/listen";
import type { CacheSessionState } from "./state";
import type { TimelineEntry } from "../session/state";
import { englishT, type Msg, type Translate } from "../i18n/translate";
import { replyFrame, sentFrame } from "../protocol/exchange";

export type ExchangeCacheView =
  | { kind: "none" }
  | { kind: "served"; text: string; keyLabel: string; receivedAt: number; ttlMs: number; badge: CacheBadge }
  | { kind: "badge"; badge: Exclude<CacheBadge, { kind: "none" }>; recorded?: string };

/** Cards opened from a link or restored from the saved session: their freshness is history, not a live clock. */
const RECORDED = /^(link|saved)-/;

/** "recorded 30 Nov 2026, 22:41 · was fresh for 5 min", or "recorded — freshness not tracked" (older links). */
export function recordedFreshnessText(
  startedAt: number,
  ttlMs: number,
  t: Translate = englishT,
  locale = "en",
): string {
  if (!(startedAt > 0)) return t("cache.recorded.untracked");
  const when = new Date(startedAt).toLocaleString(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return t("cache.recorded.at", {
    when,
    freshness: ttlMs > 0 ? t("cache.recorded.wasFresh", { duration: humanDuration(ttlMs, t) }) : t("cache.staleZero"),
  });
}

/** The cache view of one timeline card: "served from cache" for local answers, else the hints badge. */
export function exchangeCacheView(entry: TimelineEntry): ExchangeCacheView {
  return exchangeCacheViewIn(entry, englishT, "en");
}

/** The same view, worded in `t`'s language (dates in `locale`'s format). */
export function exchangeCacheViewIn(entry: TimelineEntry, t: Translate, locale: string): ExchangeCacheView {
  if (entry.phase.status !== "done") return { kind: "none" };
  const exchange: Exchange = entry.phase.exchange;
  const reply = replyFrame(exchange);
  if (exchange.outcome.kind !== "response" || Array.isArray(reply)) return { kind: "none" };
  if (exchange.local) {
    const badge = cacheBadge(sentFrame(exchange), reply, exchange.local.receivedAt, t);
    const ttlMs = badge.kind === "cacheable" ? badge.ttlMs : 0;
    return {
      kind: "served",
      text: servedFromCacheText(exchange.local.ageMs, t),
      keyLabel: exchange.local.keyLabel,
      receivedAt: exchange.local.receivedAt,
      ttlMs,
      badge,
    };
  }
  const badge = cacheBadge(sentFrame(exchange), reply, exchange.startedAt + exchange.durationMs, t);
  if (badge.kind === "none") return { kind: "none" };
  const recorded = RECORDED.test(entry.sendId) || !(exchange.startedAt > 0);
  return recorded && badge.kind === "cacheable"
    ? { kind: "badge", badge, recorded: recordedFreshnessText(exchange.startedAt, badge.ttlMs, t, locale) }
    : { kind: "badge", badge };
}

export interface FreshnessView {
  state: "fresh" | "stale";
  /** 0..1 of the bar still filled. */
  fraction: number;
  text: string;
}

export function freshnessView(
  clock: { receivedAt: number; ttlMs: number; invalidated?: { at: number; by: string } },
  now: number,
  t: Translate = englishT,
): FreshnessView {
  const f: Freshness = freshnessAt(clock, now);
  if (f.state === "fresh")
    return {
      state: "fresh",
      fraction: f.fraction,
      text: t("cache.fresh.left", { duration: humanDuration(Math.ceil(f.remainingMs / 1000) * 1000, t) }),
    };
  const why =
    f.why === "invalidated"
      ? t("cache.fresh.madeStale", { by: String(f.by) })
      : f.why === "ttl-zero"
        ? t("cache.staleZero")
        : t("cache.fresh.expired", { age: humanAge(f.ageMs - clock.ttlMs, t) });
  return { state: "stale", fraction: 0, text: t("cache.fresh.stale", { why }) };
}

export interface EntryRow {
  id: string;
  keyLabel: string;
  target: string;
  scope: "public" | "private";
  owner: string;
  ttlText: string;
  age: string;
  hits: number;
  freshness: FreshnessView;
}

/** Names for authorization contexts (the gateway's users), so rows say "alice", not a hash. */
export function ownerNames(users: { name: string; authorization: string }[]): Record<string, string> {
  return Object.fromEntries(users.map((u) => [authContextOf(u.authorization).id, u.name]));
}

export function entryRows(
  cache: CacheState,
  now: number,
  names: Record<string, string> = {},
  t: Translate = englishT,
): EntryRow[] {
  return cache.entries.map((e: CacheEntry) => ({
    id: e.id,
    keyLabel: e.keyLabel,
    target: e.partition.replace(/#.*$/, "").replace(/^demo:/, ""),
    scope: e.scope,
    owner: e.scope === "private" ? (names[e.auth.id] ?? e.auth.label) : t("cache.entries.shared"),
    ttlText:
      e.hints.ttl.kind === "valid" || e.hints.ttl.kind === "non-integer"
        ? humanDuration(e.ttlMs, t)
        : `0 (${e.hints.ttl.kind})`,
    age: humanAge(Math.max(0, now - e.receivedAt), t),
    hits: e.hits,
    freshness: freshnessView(e, now, t),
  }));
}

export interface ViolationRow {
  key: string;
  method: string;
  rule: string;
  level: "error" | "warning";
  message: string;
  /** The message in the reader's language, when it was kept as a Msg. */
  messageMsg?: Msg;
  spec: string;
}

/** Every flagged break, newest first: cache-hint violations from exchanges and listen-stream rule breaks. */
export function violationRows(state: CacheSessionState): ViolationRow[] {
  const fromLog = state.log.flatMap((e, i) =>
    e.kind === "violations"
      ? e.violations.map((v: CacheViolation, j) => ({
          key: `log-${i}-${j}`,
          method: e.method,
          rule: v.rule,
          level: v.level,
          message: v.message,
          messageMsg: v.messageMsg,
          spec: v.spec,
        }))
      : [],
  );
  const fromListens = state.listens.flatMap((l) =>
    (l.view?.problems ?? []).map((p: ListenProblem, j) => ({
      key: `${l.listenId}-${j}`,
      method: "subscriptions/listen",
      rule: p.rule,
      level: "error" as const,
      message: p.message,
      ...(p.messageMsg ? { messageMsg: p.messageMsg } : {}),
      spec: "subscriptions.mdx (digest §8.1, checks 37/38)",
    })),
  );
  return [...fromLog, ...fromListens].reverse();
}

export const SCOPE_SENTENCES = SCOPE_RULES;

/** A subscriptions/listen frame for the filter the user ticked, with the session's envelope. */
export function listenFrameText(id: string, filter: SubscriptionFilter, envelope: Envelope = buildEnvelope()): string {
  const notifications: SubscriptionFilter = {};
  if (filter.toolsListChanged) notifications.toolsListChanged = true;
  if (filter.promptsListChanged) notifications.promptsListChanged = true;
  if (filter.resourcesListChanged) notifications.resourcesListChanged = true;
  const uris = (filter.resourceSubscriptions ?? []).map((u) => u.trim()).filter(Boolean);
  if (uris.length > 0) notifications.resourceSubscriptions = uris;
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "subscriptions/listen",
    params: { _meta: envelope, notifications },
  });
}
