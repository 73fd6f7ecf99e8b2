/**
 * The colour theme: the user's three-way choice (system / light / dark), remembered in localStorage, and the
 * tiny script app/layout.tsx inlines so the right theme is on <html> before the first paint (no flash).
 * No React here; components/theme/ reads and changes it in the browser.
 */
export type ThemeChoice = "system" | "light" | "dark";

export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
export const THEME_STORAGE_KEY = "mcp-playground:theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Anything stored (or nothing, or junk) as a choice: unknown values mean "follow the system". */
export function parseThemeChoice(stored: unknown): ThemeChoice {
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function isDarkTheme(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === "dark" || (choice === "system" && systemDark);
}

/**
 * Runs in <head> before <body> exists: the same rules as above, written out in plain ES5 because it cannot
 * import anything. It puts .dark, data-theme (the choice) and color-scheme (native controls, scrollbars) on
 * <html>; storage that throws (privacy modes) counts as "system".
 */
export const THEME_BOOT_SCRIPT = `(function(){var c;try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(c!=="light"&&c!=="dark")c="system";var d=c==="dark"||(c==="system"&&window.matchMedia(${JSON.stringify(DARK_QUERY)}).matches);var r=document.documentElement;r.classList.toggle("dark",d);r.setAttribute("data-theme",c);r.style.colorScheme=d?"dark":"light"})()`;
