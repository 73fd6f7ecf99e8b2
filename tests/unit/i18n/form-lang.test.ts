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

describe("the template menu's hints and groups follow the reader's language", () => {
  it("the spec's frames: English as lib/protocol/templates.ts says; Bulgarian and Russian; a server's own hints untouched", async () => {
    const { TEMPLATES } = await import("@/lib/protocol/templates");
    const { templateMenu } = await import("@/lib/session/target-templates");
    const en = templateMenu([], { key: "k", isCalendar: true }, "calendar", TEMPLATES, "legacy");
    const byId = new Map(TEMPLATES.map((tpl) => [tpl.id, tpl.hint]));
    for (const o of en.flatMap((g) => g.options)) expect(o.hint).toBe(byId.get(o.id));
    const ruMenu = templateMenu([], { key: "k", isCalendar: true }, "calendar", TEMPLATES, "legacy", ru);
    expect(ruMenu.map((g) => g.label)).toEqual([
      "запросы к legacy-серверу (2025-11-25): без конверта _meta",
      "только 2026-07-28 (с конвертом _meta)",
      "эпоха legacy handshake",
    ]);
    for (const o of ruMenu.flatMap((g) => g.options)) expect(o.hint, o.id).toMatch(/[а-яА-Я]/);
  });
});

describe("the Catalogue's option menus follow the reader's language", () => {
  it("English is lib/tokens/options.ts's words; Bulgarian and Russian say each choice", async () => {
    const o = await import("@/lib/tokens/options");
    const en = makeTranslate("en", CATALOGUES.en);
    for (const e of o.ENCODINGS) expect(en(`catalogue.encoding.${e}.about`)).toBe(o.ENCODING_DESCRIPTIONS[e]);
    for (const l of o.LAYOUTS) expect(en(`catalogue.layout.${l}.about`)).toBe(o.LAYOUT_DESCRIPTIONS[l]);
    for (const f of o.FIELD_SETS) expect(en(`catalogue.fields.${f}.about`)).toBe(o.FIELD_SET_DESCRIPTIONS[f]);
    expect(ru("catalogue.fields.prompt.about")).toBe(
      "{name, description, inputSchema} каждого инструмента — то, что провайдер вставляет в prompt (как в главе)",
    );
    expect(bg("catalogue.layout.compact.label")).toBe("компактен JSON");
  });
});
