"use client";
import { useTranslations } from "next-intl";
import type { Exchange } from "@/lib/bridge/contract";
import { explainExchange, type ServerEra } from "@/lib/explain";
import { AnnotatedFrame } from "./AnnotatedFrame";

/** Every frame of one exchange, annotated in place (opened from a timeline card's Explain button). */
export function ExplainExchange({ exchange, era }: { exchange: Exchange; era: ServerEra }) {
  const t = useTranslations();
  const { frames } = explainExchange(exchange, era, t);
  return (
    <div data-testid="explain-exchange" className="space-y-2 rounded border border-blue-200 p-1.5 dark:border-blue-900">
      {frames.map((f, i) => (
        <section key={i} data-testid="explained-frame" data-role={f.role} className="space-y-0.5">
          <h3 className="text-xs font-semibold text-slate-700 dark:text-slate-200">{f.label}</h3>
          <AnnotatedFrame frame={f.frame} annotations={f.annotations} />
        </section>
      ))}
      {era === "unknown" ? (
        <p className="text-[11px] text-slate-600 dark:text-slate-400">{t("explain.notProbed")}</p>
      ) : null}
    </div>
  );
}
