"use client";
/**
 * The theme as the page sees it: the choice lives in localStorage and on <html data-theme> (the boot script in
 * app/layout.tsx put it there before the first paint); the system setting is watched live.
 */
import { useSyncExternalStore } from "react";
import { DARK_QUERY, isDarkTheme, parseThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from "@/lib/a11y/theme";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function systemDark() {
  return window.matchMedia(DARK_QUERY).matches;
}

function apply(choice: ThemeChoice) {
  const root = document.documentElement;
  const dark = isDarkTheme(choice, systemDark());
  // No transition while the colours change (app/globals.css, .theme-switching): the first frame paints the new
  // colours with transitions off; the class goes in the frame after, when no colour changes any more.
  root.classList.add("theme-switching");
  root.classList.toggle("dark", dark);
  root.setAttribute("data-theme", choice);
  root.style.colorScheme = dark ? "dark" : "light";
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-switching")));
}

function currentChoice(): ThemeChoice {
  return parseThemeChoice(document.documentElement.getAttribute("data-theme"));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  const onSystem = () => {
    apply(currentChoice());
    notify();
  };
  // Another tab changed the choice: follow it here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_STORAGE_KEY) return;
    apply(parseThemeChoice(e.newValue));
    notify();
  };
  media.addEventListener("change", onSystem);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", onSystem);
    window.removeEventListener("storage", onStorage);
  };
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (privacy mode): the choice still applies until the page is closed.
  }
  apply(choice);
  notify();
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentChoice, () => "system");
}

/** Whether the page is dark right now (the choice, or the system when the choice is "system"). */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}
