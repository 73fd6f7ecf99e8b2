"use client";
/** Every postMessage between the host and the app: direction, kind, method, id, when and how long, and what it means. */
import { useTranslations } from "next-intl";
import type { WireRow } from "@/lib/apps/wire";
import { say } from "@/lib/i18n/translate";

export function AppWire({ rows }: { rows: WireRow[] }) {
  const t = useTranslations();
  return (
    <section aria-label={t("apps.wire.label")} className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-slate-800 dark:text-slate-200">
        {t("apps.wire.heading", {
          count: rows.length > 0 ? rows[rows.length - 1].seq : 0,
          dropped: rows.length > 0 && rows[0].seq > 1 ? t("apps.wire.dropped", { count: rows[0].seq - 1 }) : "",
        })}
      </h3>
      {rows.length === 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("apps.wire.nothing")}</p>
      ) : (
        <ol
          data-testid="apps-wire"
          className="flex max-h-80 flex-col gap-0.5 overflow-auto font-mono text-xs"
          tabIndex={0}
          aria-label={t("apps.wire.list")}
        >
          {rows.map((r) => (
            <li
              key={r.seq}
              data-testid="apps-wire-row"
              data-direction={r.direction}
              data-method={r.method ?? ""}
              data-kind={r.kind}
              className="text-slate-800 dark:text-slate-200"
            >
              <details>
                <summary>
                  <span className="text-slate-600 dark:text-slate-400">+{r.at} ms</span>{" "}
                  {r.direction === "host→app" ? t("apps.wire.toApp") : t("apps.wire.fromApp")} {r.kind}{" "}
                  <strong>{r.method ?? "?"}</strong>
                  {r.id !== undefined ? ` #${r.id}` : ""}
                  {r.latencyMs !== undefined ? ` (${r.latencyMs} ms)` : ""}
                  {r.explain ? (
                    <span className="font-sans text-slate-600 dark:text-slate-400">
                      {" "}
                      — {r.explainMsg ? say(r.explainMsg, t) : r.explain}
                    </span>
                  ) : null}
                </summary>
                <pre className="whitespace-pre-wrap break-all">
                  {r.text.length > 4000
                    ? `${r.text.slice(0, 4000)}${t("apps.wire.characters", { count: r.text.length })}`
                    : r.text}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
