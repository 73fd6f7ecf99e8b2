/**
 * The Lab's built-in experiments in the chapter's languages (issue 32): a built-in script's title, description and
 * step labels are said in the reader's language, while the JSON keeps its English (what a link or the CLI carries).
 * A script someone edited keeps their words.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { englishT, makeTranslate, msg } from "@/lib/i18n/translate";
import { labFailedSentence, labSentence, type LabReport } from "@/lib/lab/report";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { builtInScriptKeys, scriptWords } from "@/lib/lab/scripts/words";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
// What stays as it is in every language: method names, URIs, identifiers and the arrows between them.
const identifiers = (text: string) =>
  text.replace(
    /[\w.-]*[/_:{}][\w./:{}"-]*|\b[A-Z]\b|\d[\d-]*|MCP-Protocol-Version|Mcp-\w+|CreateTaskResult|initialize|discover|requestState|handshake|legacy|handle|server|request|wire|tool|ttl|pollInterval/g,
    "",
  );

describe("the built-in Lab scripts in Bulgarian and Russian", () => {
  it("each built-in text's English in the catalogue is the JSON's own text, so the page finds it", () => {
    const keys = builtInScriptKeys();
    expect(keys.length).toBeGreaterThan(4 * 3);
    for (const { key, english } of keys) expect(englishT(key), key).toBe(english);
  });

  it("every title, description and step label with words in it reads in Cyrillic, with no English words left", () => {
    for (const { key, english } of builtInScriptKeys()) {
      if (!/[a-z]{3,} [a-z]{2,}/i.test(identifiers(english))) continue;
      for (const [lang, t] of [
        ["bg", bg],
        ["ru", ru],
      ] as const) {
        const said = scriptWords(english, t);
        expect(said, `${lang} ${key}`).toMatch(/[А-Яа-я]/);
        expect(identifiers(said), `${lang} ${key}: ${said}`).not.toMatch(
          /\b(the|a|an|and|of|with|without|as|while|vs|after|only|again|date|retry|answer)\b/,
        );
      }
    }
  });

  it("the chapter's experiment's retry step is said as the chapter says it", () => {
    const chapter = BUILT_IN_SCRIPTS.find((s) => s.id === "chapter-isolation")!.script as {
      steps: { label: string }[];
    };
    expect(scriptWords(chapter.steps[1].label, bg)).toBe("повторният опит: отговорът плюс върнатият requestState");
    expect(scriptWords(chapter.steps[1].label, ru)).toBe("повтор: ответ плюс возвращённый requestState");
    expect(scriptWords(chapter.steps[1].label)).toBe("the retry: the answer plus the echoed requestState");
  });

  it("a label someone edited is shown as they wrote it, in every language", () => {
    expect(scriptWords("my own step", bg)).toBe("my own step");
    expect(scriptWords("my own step", ru)).toBe("my own step");
  });
});

describe("the Lab's live-region sentence in Bulgarian and Russian", () => {
  const column = (condition: "stdio-one-process" | "stdio-fresh-process", pids: number[]) => ({
    condition,
    label: englishT(`lab.cond.${condition}.label`),
    explain: "",
    run: {
      steps: [],
      verdicts: [{ rule: "state", outcome: "lost", text: "state lost: …", textMsg: msg("lab.v.notRun") }],
      lanes: pids.map((pid, i) => ({ lane: String.fromCharCode(65 + i), pid })),
      durationMs: 1,
    },
  });
  const report = {
    columns: [column("stdio-one-process", [11]), column("stdio-fresh-process", [12, 13, 14])],
  } as unknown as LabReport;

  it("names each condition, its verdict heads and its processes (plural forms included) in the reader's language", () => {
    expect(labSentence(report, bg)).toBe(
      "Експериментът приключи: stdio · един процес за целия скрипт: не е изпълнена, 1 процес; stdio · нов процес за всяко съобщение: не е изпълнена, 3 процеса.",
    );
    expect(labSentence(report, ru)).toMatch(/^Эксперимент завершён: .*3 процесса\.$/);
    expect(labFailedSentence("bad-request: no steps", ru)).toBe(
      "Эксперимент не удалось запустить: bad-request: no steps",
    );
  });
});
