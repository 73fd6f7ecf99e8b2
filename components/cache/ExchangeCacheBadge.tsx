"use client";
import { useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { exchangeCacheViewIn } from "@/lib/cache/selectors";
import type { TimelineEntry } from "@/lib/session";
import type { CacheRuntime } from "@/lib/cache/runtime";
import { FreshnessBar } from "./FreshnessBar";
import { ViolationLines } from "./Violations";

const chip = "rounded px-1.5 py-0.5 text-[11px] font-semibold";

/** Under a timeline card: the cache hints of a cacheable result, or "served from cache" for a local answer. */
export function ExchangeCacheBadge({ entry, cache }: { entry: TimelineEntry; cache?: CacheRuntime }) {
  const t = useTranslations();
  const locale = useLocale();
  const view = exchangeCacheViewIn(entry, t, locale);
  // The entry this exchange filled, if still cached: a notification may have made it stale before its ttl.
  const invalidated = useInvalidation(cache, entry.sendId);
  if (view.kind === "none") return null;
  if (view.kind === "served") {
    return (
      <div
        data-testid="served-from-cache"
        className="flex flex-wrap items-center gap-2 rounded bg-violet-50 px-2 py-1 text-xs dark:bg-violet-950"
      >
        <span className={`${chip} bg-violet-200 text-violet-900 dark:bg-violet-800 dark:text-violet-100`}>
          {view.text}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {t.rich("cache.badge.servedNote", { key: view.keyLabel, code: (c) => <code>{c}</code> })}
        </span>
        <FreshnessBar receivedAt={view.receivedAt} ttlMs={view.ttlMs} />
      </div>
    );
  }
  const { badge } = view;
  if (badge.kind === "not-cached") {
    return (
      <div
        data-testid="cache-badge"
        data-kind="not-cached"
        className="space-y-0.5 rounded bg-slate-50 px-2 py-1 text-xs dark:bg-slate-800"
      >
        <span className={`${chip} bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200`}>
          {t("cache.badge.notCached")}
        </span>{" "}
        <span className="text-slate-600 dark:text-slate-300">{badge.explanation}</span>
        <ViolationLines violations={badge.violations} />
      </div>
    );
  }
  return (
    <div
      data-testid="cache-badge"
      data-kind="cacheable"
      data-scope={badge.hints.effectiveScope}
      className="space-y-0.5 rounded bg-slate-50 px-2 py-1 text-xs dark:bg-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="cache-summary"
          className={`${chip} ${badge.hints.effectiveScope === "public" ? "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100" : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"}`}
        >
          {badge.summary}
        </span>
        {view.recorded ? (
          <span data-testid="freshness" data-state="recorded" className="text-slate-600 dark:text-slate-400">
            {view.recorded}
          </span>
        ) : (
          <FreshnessBar receivedAt={badge.receivedAt} ttlMs={badge.ttlMs} invalidated={invalidated} />
        )}
        <span className="text-slate-600 dark:text-slate-400">
          {t("cache.badge.key")} <code data-testid="cache-key">{badge.keyLabel}</code>
        </span>
      </div>
      <p className="text-[11px] text-slate-600 dark:text-slate-300">
        {badge.ttlSentence}. <span data-testid="scope-rule">{badge.scopeSentence}</span>
      </p>
      <ViolationLines violations={badge.violations} />
    </div>
  );
}

const noStore = { subscribe: () => () => {}, getState: () => undefined };

function useInvalidation(cache: CacheRuntime | undefined, sendId: string): { at: number; by: string } | undefined {
  const store = cache?.store ?? noStore;
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return state?.cache.entries.find((e) => e.source === sendId)?.invalidated;
}
