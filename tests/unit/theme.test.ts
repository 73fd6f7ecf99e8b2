import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  isDarkTheme,
  parseThemeChoice,
  THEME_BOOT_SCRIPT,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from "@/lib/a11y/theme";

/** Runs the inline boot script against a minimal <html>, storage and media query; returns what it set. */
function boot(stored: string | null | "throws", systemDark: boolean) {
  const classes = new Set<string>();
  const attrs: Record<string, string> = {};
  const root = {
    classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
    setAttribute: (k: string, v: string) => (attrs[k] = v),
    style: { colorScheme: "" },
  };
  const localStorage = {
    getItem: (k: string) => {
      if (stored === "throws") throw new Error("SecurityError");
      return k === THEME_STORAGE_KEY ? stored : null;
    },
  };
  const window = { matchMedia: (q: string) => ({ matches: q === "(prefers-color-scheme: dark)" && systemDark }) };
  runInNewContext(THEME_BOOT_SCRIPT, { document: { documentElement: root }, localStorage, window });
  return { dark: classes.has("dark"), choice: attrs["data-theme"], colorScheme: root.style.colorScheme };
}

describe("theme choice", () => {
  it("an unknown or missing stored value means: follow the system", () => {
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("purple")).toBe("system");
    expect(parseThemeChoice("dark")).toBe("dark");
  });

  it("the boot script that runs before first paint decides exactly like isDarkTheme, for every choice and system setting", () => {
    for (const choice of THEME_CHOICES) {
      for (const systemDark of [false, true]) {
        const r = boot(choice, systemDark);
        const dark = isDarkTheme(choice as ThemeChoice, systemDark);
        expect(r).toEqual({ dark, choice, colorScheme: dark ? "dark" : "light" });
      }
    }
  });

  it("the boot script follows the system when storage is empty, holds junk, or throws", () => {
    expect(boot(null, true)).toEqual({ dark: true, choice: "system", colorScheme: "dark" });
    expect(boot("junk", false)).toEqual({ dark: false, choice: "system", colorScheme: "light" });
    expect(boot("throws", true)).toEqual({ dark: true, choice: "system", colorScheme: "dark" });
  });
});
