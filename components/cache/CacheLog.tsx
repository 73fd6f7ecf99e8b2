import type { CacheLogEvent } from "@/lib/cache/state";
import { humanAge, humanDuration } from "@/lib/cache/rules";

function line(e: CacheLogEvent): string {
  switch (e.kind) {
    case "stored":
      return `stored ${e.keyLabel} (${e.scope}, ttl ${humanDuration(e.ttlMs)})`;
    case "not-stored":
      return `not stored: ${e.method} — ${e.explanation}`;
    case "served":
      return `served ${e.keyLabel} from cache, age ${humanAge(e.ageMs)} — nothing sent`;
    case "invalidated":
      return `${e.by} (${e.source === "listen" ? "listen stream" : "in an exchange"}) made stale: ${e.keyLabels.join(", ")}`;
    case "violations":
      return `${e.method}: ${e.violations.length} hint violation${e.violations.length > 1 ? "s" : ""}`;
  }
}

/** What the cache did, newest first. */
export function CacheLog({ log }: { log: CacheLogEvent[] }) {
  if (log.length === 0) return null;
  return (
    <ol
      data-testid="cache-log"
      className="max-h-40 space-y-0.5 overflow-auto text-[11px] text-slate-700 dark:text-slate-300"
    >
      {[...log].reverse().map((e, i) => (
        <li key={log.length - i} data-testid="cache-log-line" data-kind={e.kind}>
          <span className="text-slate-600 dark:text-slate-400">{new Date(e.at).toLocaleTimeString("en-GB")}</span>{" "}
          {line(e)}
        </li>
      ))}
    </ol>
  );
}
