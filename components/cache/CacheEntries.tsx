"use client";
import { useTranslations } from "next-intl";
import { entryRows } from "@/lib/cache/selectors";
import type { CacheState } from "@/lib/cache/rules";
import { Button } from "../ui";
import { LifetimeBar, freshnessTone } from "./FreshnessBar";
import { useNow } from "./useNow";

/** The cached entries with their age and state, live. */
export function CacheEntries(props: {
  cache: CacheState;
  onRemove?: (id: string) => void;
  testid?: string;
  names?: Record<string, string>;
}) {
  const { cache, onRemove, testid = "cache-entries", names } = props;
  // Ages keep counting while anything is listed.
  const now = useNow(cache.entries.length > 0 ? Infinity : 0);
  const t = useTranslations();
  const rows = entryRows(cache, now, names, t);
  if (rows.length === 0)
    return (
      <p data-testid={`${testid}-empty`} className="text-xs text-slate-600 dark:text-slate-400">
        {t("cache.entries.empty")}
      </p>
    );
  return (
    <table data-testid={testid} className="w-full table-fixed text-left text-[11px]">
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th className="w-[34%] font-medium">{t("cache.entries.key")}</th>
          <th className="w-[14%] font-medium">{t("cache.entries.scopeOwner")}</th>
          <th className="w-[9%] font-medium">ttl</th>
          <th className="w-[8%] font-medium">{t("cache.entries.age")}</th>
          <th className="w-[6%] font-medium">{t("cache.entries.hits")}</th>
          <th className="font-medium">{t("cache.entries.state")}</th>
          {onRemove ? <th className="w-[7%]" /> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.id}
            data-testid="cache-entry"
            data-key={r.keyLabel}
            data-state={r.freshness.state}
            data-scope={r.scope}
            className="border-t border-slate-100 align-top dark:border-slate-800"
          >
            <td className="break-all font-mono">
              {r.keyLabel}
              <div className="font-sans text-slate-600 dark:text-slate-400">{r.target}</div>
            </td>
            <td>
              {r.scope}
              <div className="break-all text-slate-600 dark:text-slate-400">{r.owner}</div>
            </td>
            <td>{r.ttlText}</td>
            <td>{r.age}</td>
            <td>{r.hits}</td>
            <FreshnessCell freshness={r.freshness} />
            {onRemove ? (
              <td>
                <Button className="px-1.5 py-0" onClick={() => onRemove(r.id)} title={t("cache.entries.dropTitle")}>
                  {t("cache.entries.drop")}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How fresh an entry is: a bar and its words, green while fresh. */
function FreshnessCell({ freshness }: { freshness: ReturnType<typeof entryRows>[number]["freshness"] }) {
  return (
    <td data-testid="entry-state" className={freshnessTone(freshness.state)}>
      <LifetimeBar
        fraction={freshness.fraction}
        track="relative mr-1 inline-block h-1.5 w-12 overflow-hidden rounded bg-slate-200 align-middle dark:bg-slate-700"
        fill="absolute inset-y-0 left-0 bg-emerald-500"
      />
      {freshness.text}
    </td>
  );
}
