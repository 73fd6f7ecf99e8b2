import type { CacheLogEvent } from "@/lib/cache/state";
import type { Translate } from "@/lib/i18n/translate";
import { useLocale, useTranslations } from "next-intl";
import { humanAge, humanDuration } from "@/lib/cache/rules";

function line(e: CacheLogEvent, t: Translate): string {
  switch (e.kind) {
    case "stored":
      return t("cache.log.stored", { key: e.keyLabel, scope: e.scope, ttl: humanDuration(e.ttlMs, t) });
    case "not-stored":
      return t("cache.log.notStored", {
        method: e.method,
        // The cursor refusal names the method in English; every other reason has its sentence in the catalogue.
        why: e.reason && e.reason !== "cursor-invalid" ? t(`cache.notCached.${e.reason}`) : e.explanation,
      });
    case "served":
      return t("cache.log.served", { key: e.keyLabel, age: humanAge(e.ageMs, t) });
    case "invalidated":
      return t(e.source === "listen" ? "cache.log.invalidatedByListen" : "cache.log.invalidatedInExchange", {
        by: e.by,
        keys: e.keyLabels.join(", "),
      });
    case "violations":
      return t("cache.log.violations", { method: e.method, count: e.violations.length });
  }
}

/** What the cache did, newest first. */
export function CacheLog({ log }: { log: CacheLogEvent[] }) {
  const t = useTranslations();
  const locale = useLocale();
  if (log.length === 0) return null;
  return (
    <ol
      data-testid="cache-log"
      className="max-h-40 space-y-0.5 overflow-auto text-[11px] text-slate-700 dark:text-slate-300"
    >
      {[...log].reverse().map((e, i) => (
        <li key={log.length - i} data-testid="cache-log-line" data-kind={e.kind}>
          <span className="text-slate-600 dark:text-slate-400">
            {new Date(e.at).toLocaleTimeString(locale === "en" ? "en-GB" : locale)}
          </span>{" "}
          {line(e, t)}
        </li>
      ))}
    </ol>
  );
}
