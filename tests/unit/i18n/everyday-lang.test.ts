/**
 * Bulgarian and Russian leftovers of issue 44 point 6: the chapter's numbers grouped as the chapter writes them
 * (1 307 / 1 619 in Bulgarian too), the MRTR diagram's timings in the language's units and decimals, the gallery
 * naming the button the reader sees, and Bulgarian's Decline and Cancel told apart.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { englishT, makeTranslate } from "@/lib/i18n/translate";
import { diagramTiming } from "@/lib/protocol/mrtr";
import { formatTokens } from "@/lib/tokens/bill";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
/** Intl's group separator is a no-break space: read as a space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the languages, everyday", () => {
  it("the token bill groups 4-digit numbers as the chapter and the README write them: 1,307 / 1 307 / 1 307", () => {
    expect([1307, 1619, 7663, 8095].map((n) => formatTokens(n, "en"))).toEqual(["1,307", "1,619", "7,663", "8,095"]);
    for (const lang of ["bg", "ru"])
      expect([1307, 1619, 312, 8095].map((n) => spaced(formatTokens(n, lang)))).toEqual([
        "1 307",
        "1 619",
        "312",
        "8 095",
      ]);
  });

  it("the MRTR diagram's timings are said in the language's units and decimals", () => {
    expect([14, 1600, 15_900].map((ms) => diagramTiming(ms, englishT))).toEqual(["14 ms", "1.6 s", "15.9 s"]);
    expect([14, 1600].map((ms) => diagramTiming(ms, ru))).toEqual(["14 мс", "1,6 с"]);
    expect(diagramTiming(1600, bg)).toBe("1,6 с");
    expect(ru("mrtr.userTook", { time: diagramTiming(1400, ru) })).toBe("пользователь потратил 1,4 с");
  });

  it("the gallery names the Run live button as the reader sees it", () => {
    for (const t of [bg, ru]) {
      const button = t("linkBanner.runLive", { frames: 1 }).replace(/ \(.*$/, "");
      expect(t("gallery.intro")).toContain(button);
      expect(t("gallery.intro")).not.toContain("Run live");
    }
    expect(bg("linkBanner.runLive", { frames: 1 })).toMatch(/^Пусни на живо/);
  });

  it("Bulgarian's Decline and Cancel, side by side in the MRTR form, are not the same word", () => {
    const [decline, cancel] = [bg("mrtr.decline"), bg("common.cancel")];
    expect(decline.slice(0, 4)).not.toBe(cancel.slice(0, 4));
  });
});
