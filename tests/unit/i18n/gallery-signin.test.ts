/**
 * The gallery and the sign-in page in the chapter's languages (issue 32): every example's title, explanation and
 * conclusion in Bulgarian and Russian, the English ones exactly the recording's (the link still carries those), and
 * the card's facts with their numbers filled in and grouped per language.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate } from "@/lib/i18n/translate";
import { AUTH_LESSONS } from "@/lib/auth/lessons";
import { EXAMPLES } from "@/lib/share/examples";
import { galleryCards, describeTarget } from "@/lib/share/gallery";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const CYRILLIC = /[а-яА-Я]/;

describe("the gallery in Bulgarian and Russian", () => {
  it("in English a card says exactly what the recording says (title, explanation, conclusion)", async () => {
    const cards = await galleryCards();
    for (const example of EXAMPLES) {
      const card = cards.find((c) => c.id === example.id)!;
      expect([card.title, card.about]).toEqual([example.title, example.about]);
      const last = example.state.exchanges.flatMap((x) => x.verdicts ?? []).at(-1);
      expect(card.conclusion).toEqual(last);
    }
  });

  it.each([
    ["bg", bg],
    ["ru", ru],
  ] as const)("%s: every card's words are in that language, no placeholder left", async (_lang, t) => {
    const english = await galleryCards();
    const cards = await galleryCards(t);
    for (const card of cards) {
      const en = english.find((c) => c.id === card.id)!;
      for (const field of ["title", "about", "runsAgainst"] as const) {
        expect(card[field], `${card.id} ${field}`).toMatch(CYRILLIC);
        expect(card[field]).not.toBe(en[field]);
        expect(card[field]).not.toMatch(/[{}]/);
      }
      if (card.conclusion) {
        expect(card.conclusion.text, `${card.id} conclusion`).toMatch(CYRILLIC);
        expect(card.conclusion.level).toBe(en.conclusion!.level);
      }
      // Wire words stay as they are.
      expect(card.firstRequest).toBe(en.firstRequest);
    }
  });

  it("the conclusion keeps its wire content: codes, field names and the JSON it quotes", async () => {
    const cards = await galleryCards(ru);
    expect(cards.find((c) => c.id === "missing-capability")!.conclusion!.text).toBe(
      '-32021, requiredCapabilities {"elicitation":{"form":{}}}: объявите её в _meta и повторите.',
    );
    expect(cards.find((c) => c.id === "token-bill")!.conclusion!.text).toContain("1 619 token");
  });

  it("the card's facts: Russian plural forms and numbers grouped per language", () => {
    const facts = (t: typeof ru, count: number) =>
      t("gallery.card.facts", { count, target: "x", chars: 12345 }).split(" · ");
    expect(facts(ru, 1)[0]).toBe("1 записанный обмен");
    expect(facts(ru, 3)[0]).toBe("3 записанных обмена");
    expect(facts(ru, 5)[0]).toBe("5 записанных обменов");
    expect(facts(bg, 2)[0]).toBe("2 записани обмена");
    expect(facts(ru, 1)[2]).toBe("ссылка длиной 12\u00a0345 символов");
    expect(describeTarget(EXAMPLES[0].state, bg)).toBe("вградения server-everything server през stdio");
  });

  it("the auth lesson's title and explanation: English as lib/auth/lessons.ts says, and translated", () => {
    const en = makeTranslate("en", CATALOGUES.en);
    for (const lesson of AUTH_LESSONS) {
      expect(en(`gallery.lessons.${lesson.demo}.title`)).toBe(lesson.title);
      expect(en(`gallery.lessons.${lesson.demo}.about`)).toBe(lesson.about);
      expect(bg(`gallery.lessons.${lesson.demo}.about`)).toMatch(CYRILLIC);
    }
  });
});

describe("the sign-in and refused pages in Bulgarian and Russian", () => {
  it("every reason the sign-in page gives, and the refusals, are translated with their values filled in", () => {
    for (const t of [bg, ru]) {
      for (const key of [
        "signin.why.launch-spent",
        "signin.why.restarted",
        "signin.why.unreachable",
        "signin.failed.token",
      ])
        expect(t(key), key).toMatch(CYRILLIC);
      const host = t("signin.refused.host", { host: '"evil.example"' });
      expect(host).toContain('"evil.example"');
      expect(host).toContain("PLAYGROUND_ALLOWED_HOSTS");
      expect(host).toMatch(CYRILLIC);
    }
  });
});
