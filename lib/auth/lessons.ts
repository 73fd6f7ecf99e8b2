/**
 * The auth lessons of the examples gallery (they need a real authorization server and real tokens, so there is no
 * recording to open): the card links to "/#auth=<demo>", and the Auth tab opens with it chosen and runs it when the
 * reader presses Run (components/auth/useLessonLink.ts). Only these demos can be chosen from an address.
 */
import type { AuthDemo } from "./request";

export const LESSON_FRAGMENT = "auth=";

export interface AuthLesson {
  demo: AuthDemo;
  title: string;
  about: string;
}

export const AUTH_LESSONS: readonly AuthLesson[] = [
  {
    demo: "audience-lesson",
    title: "The audience lesson: one token, three servers",
    about:
      "The chapter's closing question, run live: the demo user signs in at the embedded authorization server and gets a token for the protected calendar. " +
      "The same token then goes to the calendar (accepted: it was issued for it), to a second protected server (refused: wrong audience) and to a naive " +
      "server that accepts it though it should not — which is why a server must check the audience and never pass a token on.",
  },
];

export function lessonHref(demo: AuthDemo): string {
  return `/#${LESSON_FRAGMENT}${demo}`;
}

export function lessonOf(fragment: string): AuthDemo | undefined {
  const asked = fragment.replace(/^#/, "");
  return asked.startsWith(LESSON_FRAGMENT)
    ? AUTH_LESSONS.find((l) => l.demo === asked.slice(LESSON_FRAGMENT.length))?.demo
    : undefined;
}
