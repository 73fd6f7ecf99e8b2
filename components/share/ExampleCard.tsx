/** One example of the gallery: what it shows, and a link that opens it without sending anything. */
import { useTranslations } from "next-intl";
import type { GalleryCard } from "@/lib/share/gallery";
import { Card } from "../card";

export function ExampleCard({ card }: { card: GalleryCard }) {
  const t = useTranslations();
  return (
    <Card as="article" testId="example-card" data={{ exampleId: card.id }} tone="tile">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{card.title}</h2>
      <p className="font-mono text-xs text-violet-700 dark:text-violet-300">{card.firstRequest}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{card.about}</p>
      {card.conclusion ? (
        <p
          data-testid="example-conclusion"
          data-level={card.conclusion.level}
          className="rounded bg-slate-50 p-1.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
        >
          {card.conclusion.text}
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("gallery.card.facts", { count: card.exchangeCount, target: card.runsAgainst, chars: card.linkChars })}
      </p>
      <p className="mt-auto">
        <a
          data-testid="example-link"
          href={card.href}
          className="inline-block rounded bg-blue-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-blue-700"
        >
          {t("gallery.card.open")}
        </a>
      </p>
    </Card>
  );
}
