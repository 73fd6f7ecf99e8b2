"use client";
/** A lesson opened from the gallery's link: what it is and that nothing was sent — until the reader presses Run. */
import type { AuthLesson } from "@/lib/auth/lessons";

export function LessonNotice({ lesson, idle }: { lesson: AuthLesson; idle: boolean }) {
  return (
    <section
      data-testid="auth-lesson"
      data-lesson={lesson.demo}
      aria-label="Lesson opened from a link"
      className="flex flex-col gap-1 rounded border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      {idle ? <strong data-testid="auth-lesson-notice">Opened from a link — nothing has been sent</strong> : null}
      <p className="text-sm font-semibold">{lesson.title}</p>
      <p>{lesson.about}</p>
      {idle ? (
        <p>
          Press <strong>Run the flow</strong> to run it live: the embedded authorization server and three protected
          servers start on loopback, and the demo user signs in over HTTP (nobody opens a tab).
        </p>
      ) : null}
    </section>
  );
}
