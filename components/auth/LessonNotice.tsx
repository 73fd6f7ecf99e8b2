"use client";
/** A lesson opened from the gallery's link: what it is and that nothing was sent — until the reader presses Run. */
import { useTranslations } from "next-intl";
import type { AuthLesson } from "@/lib/auth/lessons";

export function LessonNotice({ lesson, idle }: { lesson: AuthLesson; idle: boolean }) {
  const t = useTranslations();
  return (
    <section
      data-testid="auth-lesson"
      data-lesson={lesson.demo}
      aria-label={t("auth.lesson.label")}
      className="flex flex-col gap-1 rounded border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      {idle ? <strong data-testid="auth-lesson-notice">{t("auth.lesson.notice")}</strong> : null}
      <p className="text-sm font-semibold">{t(`gallery.lessons.${lesson.demo}.title`)}</p>
      <p>{t(`gallery.lessons.${lesson.demo}.about`)}</p>
      {idle ? (
        <p>{t.rich("auth.lesson.press", { button: t("auth.run"), strong: (chunks) => <strong>{chunks}</strong> })}</p>
      ) : null}
    </section>
  );
}
