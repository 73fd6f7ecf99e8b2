import { describe, expect, it } from "vitest";
import { chooseLocale, localeFromAcceptLanguage, localeFromPosix } from "@/lib/i18n/negotiate";

describe("the first paint's language comes from the browser's languages, English for the rest (issue 32)", () => {
  it.each([
    ["bg-BG,bg;q=0.9,en;q=0.8", "bg"],
    ["ru-RU,ru;q=0.9", "ru"],
    ["en-US,en;q=0.9", "en"],
    ["de-DE,ru;q=0.7", "ru"],
    ["en;q=0.5,bg;q=0.9", "bg"],
    ["de-DE,fr;q=0.9", "en"],
    ["*", "en"],
    ["", "en"],
    ["not a language tag!!", "en"],
  ])("Accept-Language %j → %s", (header, want) => {
    expect(localeFromAcceptLanguage(header)).toBe(want);
  });

  it("the remembered choice wins over the browser's languages; a forged cookie does not", () => {
    expect(chooseLocale({ cookie: "ru", acceptLanguage: "bg" })).toBe("ru");
    expect(chooseLocale({ cookie: "xx", acceptLanguage: "bg" })).toBe("bg");
    expect(chooseLocale({ cookie: null, acceptLanguage: null })).toBe("en");
  });

  it("the CLI reads LANG-style locales (bg_BG.UTF-8 → bg) and ignores the rest", () => {
    expect(localeFromPosix("bg_BG.UTF-8")).toBe("bg");
    expect(localeFromPosix("ru_RU.UTF-8")).toBe("ru");
    expect(localeFromPosix("C.UTF-8")).toBeUndefined();
    expect(localeFromPosix("en_US")).toBe("en");
    expect(localeFromPosix(undefined)).toBeUndefined();
  });
});
