"use client";
import { useTranslations } from "next-intl";
import { freshnessView } from "@/lib/cache/selectors";
import { useNow } from "./useNow";

/** The words' colour: green while fresh. */
export function freshnessTone(state: string): string {
  return state === "fresh" ? "text-emerald-700 dark:text-emerald-300" : "text-slate-600 dark:text-slate-400";
}

/** The share of an entry's lifetime left, as a bar (hidden from assistive tech: the words beside it say it). */
export function LifetimeBar({ fraction, track, fill }: { fraction: number; track: string; fill: string }) {
  return (
    <span className={track} aria-hidden="true">
      <span className={fill} style={{ width: `${Math.round(fraction * 100)}%` }} />
    </span>
  );
}

/** A bar that empties from receipt to expiry, live; stale entries show why. */
export function FreshnessBar({
  receivedAt,
  ttlMs,
  invalidated,
}: {
  receivedAt: number;
  ttlMs: number;
  invalidated?: { at: number; by: string };
}) {
  const now = useNow(invalidated ? 0 : receivedAt + ttlMs);
  const t = useTranslations();
  const view = freshnessView({ receivedAt, ttlMs, invalidated }, now, t);
  return (
    <span data-testid="freshness" data-state={view.state} className="inline-flex items-center gap-1.5">
      <LifetimeBar
        fraction={view.fraction}
        track="relative inline-block h-1.5 w-20 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        fill="absolute inset-y-0 left-0 bg-emerald-500 transition-[width] duration-500"
      />
      <span className={freshnessTone(view.state)}>{view.text}</span>
    </span>
  );
}
