/** A lesson of the gallery: its link opens the Auth tab with the lesson chosen; it runs live when the reader presses Run. */
import { useTranslations } from "next-intl";
import { lessonHref, type AuthLesson } from "@/lib/auth/lessons";
import { Card } from "../card";

export function LessonCard({ lesson }: { lesson: AuthLesson }) {
  const t = useTranslations();
  return (
    <Card as="article" testId="lesson-card" data={{ lesson: lesson.demo }} tone="lessonTile">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {t(`gallery.lessons.${lesson.demo}.title`)}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(`gallery.lessons.${lesson.demo}.about`)}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("gallery.lesson.note")}</p>
      <p className="mt-auto">
        <a
          data-testid="lesson-run"
          href={lessonHref(lesson.demo)}
          className="inline-block rounded bg-violet-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-violet-800"
        >
          {t("gallery.lesson.open")}
        </a>
      </p>
    </Card>
  );
}
