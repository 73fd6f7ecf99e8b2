"use client";
/**
 * The examples gallery's lesson card opens "/#auth=<lesson>" (lib/auth/lessons.ts): the Auth tab comes forward
 * and runs that lesson once. Only the gallery's lessons can run from an address, and only against the embedded
 * servers (the demo user signs in headlessly; nothing of the link reaches a server but the lesson's name). The
 * fragment is removed at once, so a reload or a copied address does not run it again.
 */
import { useEffect, useRef } from "react";
import { LESSON_FRAGMENT, lessonOf } from "@/lib/auth/lessons";
import type { AuthDemo } from "@/lib/auth/request";
import { showPanel } from "../playground/PanelTabs";

export function useLessonLink(run: (demo: AuthDemo) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!window.location.hash.startsWith(`#${LESSON_FRAGMENT}`)) return;
    const demo = lessonOf(window.location.hash);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    if (!demo) return;
    showPanel("auth");
    latest.current(demo);
  }, []);
}
