/**
 * The Tasks tab's sentences in the chapter's languages (issue 32): why a task moved and how it ended are kept as
 * Msg next to their English (the CLI and its --json read the English), so the page says them in the reader's
 * language, with the server's own statusMessage quoted as it came and the status names untranslated.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say } from "@/lib/i18n/translate";
import { formatRemaining, whyMoved } from "@/lib/tasks";
import { whyMovedMsg } from "@/lib/tasks/machine";
import type { TaskView } from "@/lib/tasks/shapes";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const task = (over: Partial<TaskView>): TaskView =>
  ({ taskId: "t1", status: "working", createdAt: "2026-01-01T00:00:00Z", ttlMs: 60_000, ...over }) as TaskView;

describe("why a task moved, in Bulgarian and Russian", () => {
  it("English is what it was (the CLI prints whyMoved)", () => {
    const asked = task({ status: "input_required", inputRequests: { a: {}, b: {} }, statusMessage: "Confirm?" });
    expect(whyMoved("working", asked, "poll")).toBe(
      "The server needs input: 2 requests in inputRequests, to be answered with tasks/update (not a retry). Server says: “Confirm?”.",
    );
    expect(say(whyMovedMsg("working", asked, "poll"))).toBe(whyMoved("working", asked, "poll"));
  });

  it("Russian counts the requests with its own plural forms and quotes the server's words as they came", () => {
    const asked = (n: number) =>
      task({
        status: "input_required",
        inputRequests: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, {}])),
        statusMessage: "Confirm?",
      });
    expect(say(whyMovedMsg("working", asked(1), "poll"), ru)).toBe(
      "Серверу нужны данные: 1 запрос в inputRequests, ответ — через tasks/update (не повтор). Сервер сообщает: «Confirm?».",
    );
    expect(say(whyMovedMsg("working", asked(3), "poll"), ru)).toContain("3 запроса в inputRequests");
    expect(say(whyMovedMsg("working", asked(5), "poll"), ru)).toContain("5 запросов в inputRequests");
    expect(say(whyMovedMsg("working", asked(2), "poll"), bg)).toContain("2 request-а в inputRequests");
  });

  it("every state's sentence is translated, wire names kept, no placeholder left", () => {
    const cases: [TaskView["status"] | null, Partial<TaskView>, "created" | "poll" | "push"][] = [
      [null, { status: "working" }, "created"],
      [null, { status: "working" }, "poll"],
      ["input_required", { status: "working" }, "poll"],
      ["working", { status: "working" }, "poll"],
      ["working", { status: "completed", result: { isError: true } }, "push"],
      ["working", { status: "failed", error: { code: -32603, message: "export broke" } }, "poll"],
      ["working", { status: "failed" }, "poll"],
      ["working", { status: "cancelled" }, "poll"],
      ["completed", { status: "working" }, "poll"],
    ];
    for (const t of [bg, ru])
      for (const [from, over, via] of cases) {
        const text = say(whyMovedMsg(from, task(over), via), t);
        expect(text).toMatch(/[а-яА-Я]/);
        expect(text).not.toMatch(/[{}]/);
        expect(text).not.toBe(whyMoved(from, task(over), via));
      }
    expect(
      say(whyMovedMsg("working", task({ status: "failed", error: { code: -32603, message: "x" } }), "poll"), ru),
    ).toBe("Завершилась неудачей: ошибка JSON-RPC -32603: x.");
  });

  it("the time a task has left, per language", () => {
    expect(formatRemaining(599_000)).toBe("9 m 59 s");
    expect(formatRemaining(599_000, bg)).toBe("9 мин 59 с");
    expect(formatRemaining(null, ru)).toBe("без ограничения по времени (ttlMs null)");
    expect(formatRemaining(0, bg)).toBe("изтекла");
  });
});
