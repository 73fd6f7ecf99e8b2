import { describe, expect, it } from "vitest";
import { cliLocale, cliT, LangUsageError, takeLang } from "@/lib/node/cli/lang";
import { explainErrorCode } from "@/lib/explain";

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe("the CLI speaks --lang bg|ru|en, else the environment's locale, else English (issue 32)", () => {
  it("--lang is taken out of the arguments (both spellings) and chosen over the environment", () => {
    expect(takeLang(["explain", "--lang", "ru", "--code=-32601"], env({ LANG: "bg_BG.UTF-8" }))).toEqual([
      "explain",
      "--code=-32601",
    ]);
    expect(cliLocale()).toBe("ru");
    takeLang(["probe", "--lang=bg"], env({}));
    expect(cliLocale()).toBe("bg");
  });

  it("without --lang: LC_ALL, then LC_MESSAGES, then LANG; C or an unknown language is English", () => {
    takeLang([], env({ LC_ALL: "ru_RU.UTF-8", LANG: "bg_BG.UTF-8" }));
    expect(cliLocale()).toBe("ru");
    takeLang([], env({ LANG: "bg_BG.UTF-8" }));
    expect(cliLocale()).toBe("bg");
    takeLang([], env({ LANG: "C.UTF-8" }));
    expect(cliLocale()).toBe("en");
    takeLang([], env({ LANG: "de_DE.UTF-8" }));
    expect(cliLocale()).toBe("en");
  });

  it("a language it does not speak is a usage error that names the ones it does", () => {
    expect(() => takeLang(["--lang", "de"], env({}))).toThrow(
      new LangUsageError('--lang "de" is not one of en, bg, ru'),
    );
    expect(() => takeLang(["--lang"], env({}))).toThrow(LangUsageError);
  });

  it("an error card comes out in the chosen language, with the code and its JSON-RPC name untranslated", () => {
    takeLang(["--lang", "bg"], env({}));
    const card = explainErrorCode(-32601, { requestMethod: "server/discover" }, cliT());
    expect(card.title).toBe("-32601 Method not found");
    expect(card.meaning).toContain("legacy server");
    expect(card.meaning).toContain("не счупен");
    takeLang([], env({}));
    expect(explainErrorCode(-32601, { requestMethod: "server/discover" }, cliT()).meaning).toMatch(/^The server/);
  });
});
