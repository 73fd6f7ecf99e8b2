import { useTranslations } from "next-intl";
import type { ErrorCard } from "@/lib/explain";
import { LevelBadge } from "./LevelBadge";
import { openAuthFor } from "../auth/open-auth";
import { Button } from "../ui";

/** What an error code or HTTP status means in 2026-07-28, and what to do next. */
export function ErrorCards({ cards, url }: { cards: ErrorCard[]; url?: string }) {
  const t = useTranslations();
  if (cards.length === 0) return null;
  return (
    <div className="space-y-1">
      {cards.map((card, i) => (
        <div
          key={i}
          data-testid="error-card"
          data-level={card.level}
          className="rounded border border-amber-300 bg-amber-50 p-1.5 text-xs dark:border-amber-800 dark:bg-amber-950"
        >
          <p className="flex flex-wrap items-center gap-1.5 font-semibold text-amber-950 dark:text-amber-100">
            <span data-testid="error-card-title">{card.title}</span>
            <LevelBadge annotation={card} />
            <span className="font-normal text-[10px] text-slate-600 dark:text-slate-400">{card.specRef}</span>
          </p>
          <p data-testid="error-card-meaning" className="text-slate-800 dark:text-slate-100">
            {card.meaning}
          </p>
          <p className="text-slate-700 dark:text-slate-200">
            <span className="font-semibold">{t("errors.next")}</span>
            {card.next}
          </p>
          {card.opens === "auth" ? (
            <Button
              data-testid="error-card-open-auth"
              onClick={() => openAuthFor(url)}
              title={url ? t("errors.authTitleUrl", { url }) : t("errors.authTitle")}
            >
              {t("auth.openTab")}
            </Button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
