"use client";
/**
 * The explainer's tables (every method, key, error and deprecation) are large; the timeline loads them after
 * first paint instead of in the page's first-load JavaScript.
 */
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { Exchange } from "@/lib/bridge/contract";
import type { ServerEra } from "@/lib/explain/types";
import { withCatalogue } from "../i18n/catalogue-ready";

export const LazyErrorCards = dynamic<{ exchange: Exchange }>(
  withCatalogue(() =>
    Promise.all([import("./ErrorCards"), import("@/lib/explain/exchange")]).then(([cards, lib]) => {
      function ErrorCardsFor({ exchange }: { exchange: Exchange }) {
        const t = useTranslations();
        const request = exchange.events.find((e) => e.kind === "http-request");
        return (
          <cards.ErrorCards
            cards={lib.errorCardsOf(exchange, t)}
            url={request?.kind === "http-request" ? request.url : undefined}
          />
        );
      }
      return ErrorCardsFor;
    }),
  ),
  { ssr: false },
);

export const LazyExplainExchange = dynamic<{ exchange: Exchange; era: ServerEra }>(
  withCatalogue(() => import("./ExplainExchange").then((m) => m.ExplainExchange)),
  {
    ssr: false,
    loading: () => <ExplainLoading />,
  },
);

function ExplainLoading() {
  const t = useTranslations();
  return <p className="text-xs text-slate-600 dark:text-slate-400">{t("explain.loading")}</p>;
}
