/**
 * When to poll next (ext-tasks: clients SHOULD respect pollIntervalMs, which MAY change over a task's life) and
 * how long a task has left to live (createdAt + ttlMs). The user may override the interval, never below the
 * floor. Pure: the clock is a parameter.
 */
import { englishT, type Translate } from "../i18n/translate";
import type { TaskView } from "./shapes";

export const MIN_POLL_MS = 250;
export const DEFAULT_POLL_MS = 1000;
export const MAX_POLL_MS = 60_000;

export interface PollDelay {
  delayMs: number;
  /** "push": relaxed while a listen stream pushes this task (push.ts). */
  source: "server" | "override" | "default" | "push";
  /** Set when the requested interval was outside [MIN_POLL_MS, MAX_POLL_MS] and was bounded. */
  boundedFrom?: number;
}

function bounded(ms: number): number {
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(ms)));
}

export function pollDelay(serverMs: number | undefined, overrideMs?: number): PollDelay {
  const pick = (ms: number, source: PollDelay["source"]): PollDelay => {
    const delayMs = bounded(ms);
    return delayMs === ms ? { delayMs, source } : { delayMs, source, boundedFrom: ms };
  };
  if (overrideMs !== undefined && Number.isFinite(overrideMs)) return pick(overrideMs, "override");
  if (serverMs !== undefined && Number.isFinite(serverMs) && serverMs > 0) return pick(serverMs, "server");
  return { delayMs: DEFAULT_POLL_MS, source: "default" };
}

/** Milliseconds until createdAt + ttlMs (negative once past), or null for an unlimited or unreadable task. */
export function ttlRemainingMs(task: Pick<TaskView, "createdAt" | "ttlMs">, nowMs: number): number | null {
  if (task.ttlMs === null) return null;
  const created = Date.parse(task.createdAt);
  if (Number.isNaN(created)) return null;
  // Never more than the TTL itself: a clock a moment behind createdAt (the page's, or a countdown's last tick) would say so.
  return Math.min(task.ttlMs, created + task.ttlMs - nowMs);
}

/** "4 m 05 s" style countdown text; "expired" once past. */
export function formatRemaining(ms: number | null, t: Translate = englishT): string {
  if (ms === null) return t("tasks.ttl.none");
  if (ms <= 0) return t("tasks.ttl.expired");
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return m > 0 ? t("tasks.ttl.minutes", { m, s: String(s % 60).padStart(2, "0") }) : t("tasks.ttl.seconds", { s });
}
