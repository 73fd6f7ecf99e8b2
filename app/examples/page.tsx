import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ExampleCard } from "@/components/share/ExampleCard";
import { LessonCard } from "@/components/share/LessonCard";
import { AUTH_LESSONS } from "@/lib/auth/lessons";
import { galleryCards } from "@/lib/share/gallery";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("gallery.pageTitle") };
}

/** The gallery: every wire trace of the chapter, recorded from real servers; each card is a share link. */
export default async function ExamplesPage() {
  const t = await getTranslations();
  const cards = await galleryCards(t);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-4" data-testid="examples-page">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-bold">{t("gallery.heading")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("gallery.intro")}</p>
        <Link href="/" className="ml-auto text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          {t("gallery.back")}
        </Link>
      </header>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <ExampleCard key={card.id} card={card} />
        ))}
      </div>
      <h2 className="text-base font-bold">{t("gallery.authHeading")}</h2>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {AUTH_LESSONS.map((lesson) => (
          <LessonCard key={lesson.demo} lesson={lesson} />
        ))}
      </div>
    </main>
  );
}
