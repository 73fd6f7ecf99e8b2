"use client";
/**
 * The examples gallery's lesson card opens "/#auth=<lesson>" (lib/auth/lessons.ts): the Auth tab comes forward with
 * that lesson chosen and explained, and nothing runs until the reader presses Run — a link never acts (the same
 * rule as every other link; issue 33). Only the gallery's lessons can be chosen from an address. The fragment is
 * removed at once, so a copied address or a reload shows the default page.
 */
import { useEffect, useRef } from "react";
import { LESSON_FRAGMENT, lessonOf } from "@/lib/auth/lessons";
import type { AuthDemo } from "@/lib/auth/request";
import { showPanel } from "../playground/panel-bus";
import { useFragmentLink } from "../share/useFragmentLink";

export function useLessonLink(choose: (demo: AuthDemo) => void): void {
  const latest = useRef(choose);
  useEffect(() => {
    latest.current = choose;
  });
  // Opened fresh or pasted into this open tab (hashchange), the lesson link is read the same way.
  useFragmentLink(LESSON_FRAGMENT, (hash) => {
    const demo = lessonOf(hash);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    if (!demo) return;
    showPanel("auth");
    latest.current(demo);
  });
}
