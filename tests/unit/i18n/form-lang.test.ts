/**
 * The MRTR form's validation in the chapter's languages (issue 32): the zod schema is built once per form and
 * cached, so its messages are kept as catalogue keys and said in the language of whoever reads them — a switch
 * re-says them, and the same cached schema still answers in English for the CLI and the tests.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate } from "@/lib/i18n/translate";
import { contentFromForm, contentSchema, formModelOf, responseOf } from "@/lib/protocol/mrtr";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);

// The Dentist round trip's form: when (a date-time), plus a few constraints to provoke every kind of message.
const model = formModelOf({
  type: "object",
  properties: {
    when: { type: "string", format: "date-time", title: "When" },
    note: { type: "string", minLength: 3 },
    seats: { type: "integer", minimum: 1, maximum: 4 },
    room: { type: "string", enum: ["a", "b"] },
  },
  required: ["when", "seats"],
});

describe("the MRTR form's validation follows the reader's language", () => {
  it("English as before", () => {
    const r = contentFromForm(model, { when: "tomorrow", note: "ab", seats: "9", room: "" });
    expect(r.ok === false && r.errors).toEqual({
      when: "Expected a date-time with a time zone, e.g. 2026-09-10T08:30:00Z.",
      note: "At least 3 characters.",
      seats: "Must be ≤ 4.",
    });
  });

  it("Russian and Bulgarian from the same cached schema; a missing required field says so", () => {
    const schema = contentSchema(model);
    const r = contentFromForm(model, { when: "tomorrow", note: "ab", seats: "", room: "" }, ru);
    expect(r.ok === false && r.errors).toEqual({
      when: "Ожидается дата и время с часовым поясом, например 2026-09-10T08:30:00Z.",
      note: "Не меньше 3 символов.",
      seats: "Обязательно.",
    });
    expect(contentSchema(model)).toBe(schema);
    const b = contentFromForm(model, { when: "2026-09-10T08:30:00Z", note: "", seats: "2.5", room: "" }, bg);
    expect(b.ok === false && b.errors).toEqual({ seats: "Очаква се цяло число." });
    // And English again, from that schema: nothing of the last reader's language stuck to it.
    const e = contentFromForm(model, { when: "2026-09-10T08:30:00Z", note: "", seats: "2.5", room: "" });
    expect(e.ok === false && e.errors).toEqual({ seats: "Expected a whole number." });
  });

  it("a round's answer that is not ready says why in the reader's language", () => {
    const request = {
      key: "when",
      kind: "elicitation-form" as const,
      form: model,
    } as unknown as Parameters<typeof responseOf>[0];
    const draft = { kind: "form" as const, action: null, values: {} } as unknown as Parameters<typeof responseOf>[1];
    const r = responseOf(request, draft, bg);
    expect(r.ok === false && r.problem).toBe("още няма отговор: изберете Accept, Decline или Cancel.");
  });
});
