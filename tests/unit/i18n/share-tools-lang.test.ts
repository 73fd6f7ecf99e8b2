/**
 * The Share tab's curl and mcpServers sections, the saved-session notice and Start fresh's Undo (shareTools keys):
 * English reads exactly as the e2e cases assert, and Bulgarian and Russian fill every value, pick the right plural
 * form and leave no English sentence behind.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate } from "@/lib/i18n/translate";

const say = (l: "en" | "bg" | "ru") => makeTranslate(l, CATALOGUES[l]);

describe("shareTools in every language", () => {
  it("English stays the sentence the components said before the keys existed", () => {
    const t = say("en");
    expect(t("shareTools.fresh.done", { exchanges: 1 })).toMatch(/^Started fresh: 1 exchange cleared, and the editor/);
    expect(t("shareTools.fresh.done", { exchanges: 3 })).toMatch(/^Started fresh: 3 exchanges cleared/);
    expect(t("shareTools.saved.dropped", { dropped: 1 })).toBe(
      "The 1 oldest exchange was left out to keep the save small.",
    );
    expect(t("shareTools.curl.quotedCopied", { what: t("shareTools.curl.whatEditor") })).toBe(
      "the editor's frame — copied: every argument is single-quoted for a POSIX shell.",
    );
    expect(t("shareTools.curl.asSent", { seq: 4 })).toBe("#4 as sent");
  });

  it.each([
    ["bg", "2 обмена са изчистени", "1 обмен е изчистен"],
    ["ru", "5 обменов очищены", "2 обмена очищены"],
  ] as const)(
    "%s: every sentence is in the language, with its values filled and the plural form it needs",
    (l, many, few) => {
      const t = say(l);
      const values = { seq: 7, what: "X", reason: "R", problem: "P", time: "10:00", exchanges: 2, dropped: 1 };
      const texts = Object.keys(CATALOGUES.en.shareTools as Record<string, Record<string, string>>).flatMap((group) =>
        Object.keys((CATALOGUES.en.shareTools as Record<string, Record<string, string>>)[group]).map((k) =>
          t(`shareTools.${group}.${k}`, values),
        ),
      );
      for (const text of texts) {
        expect(text).not.toMatch(/[{}]/);
        // Only names that stay Latin by the glossary (curl, POSIX, mcpServers, Send, OK, server, request, bridge, frame).
        expect(
          text.replace(
            /\b(curl|POSIX|shell|HTTP|Streamable|stdio|stdin|server-everything|server|mcpServers|Send|OK|request|bridge|frame|Claude|Desktop|Cursor|VS|Code)\b/gi,
            "",
          ),
        ).not.toMatch(/[A-Za-z]{3,}/);
      }
      const ex = l === "bg" ? 2 : 5;
      expect(t("shareTools.fresh.done", { exchanges: ex })).toContain(many);
      expect(t("shareTools.fresh.done", { exchanges: l === "bg" ? 1 : 2 })).toContain(few);
    },
  );
});
