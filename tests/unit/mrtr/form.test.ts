import { describe, expect, it } from "vitest";
import { contentFromForm, formModelOf, initialValues, validateContent, type FormField } from "@/lib/protocol/mrtr";

const TRIP = {
  type: "object",
  properties: {
    destination: { type: "string", title: "Destination", minLength: 2, maxLength: 40 },
    contact: { type: "string", format: "email" },
    website: { type: "string", format: "uri" },
    departOn: { type: "string", format: "date" },
    startsAt: { type: "string", format: "date-time" },
    nights: { type: "integer", minimum: 1, maximum: 30, default: 3 },
    budget: { type: "number", minimum: 0 },
    insurance: { type: "boolean", default: true },
    size: { type: "string", enum: ["S", "M", "L"], default: "M" },
    cabin: {
      type: "string",
      oneOf: [
        { const: "eco", title: "Economy" },
        { const: "biz", title: "Business" },
      ],
    },
    legacy: { type: "string", enum: ["a", "b"], enumNames: ["Alpha", "Beta"] },
    interests: {
      type: "array",
      items: { type: "string", enum: ["food", "museums", "hiking"] },
      minItems: 1,
      maxItems: 2,
    },
    seats: {
      type: "array",
      items: {
        anyOf: [
          { const: "w", title: "Window" },
          { const: "a", title: "Aisle" },
        ],
      },
    },
  },
  required: ["destination", "departOn", "interests"],
};

describe("restricted form schema → form model", () => {
  const model = formModelOf(TRIP);
  const byKey = Object.fromEntries(model.fields.map((f) => [f.key, f])) as Record<string, FormField>;

  it("accepts every allowed shape without issues", () => {
    expect(model.issues).toEqual([]);
    expect(model.fields.map((f) => f.key)).toEqual(Object.keys(TRIP.properties));
  });

  it.each([
    ["destination", { kind: "text", label: "Destination", required: true, minLength: 2, maxLength: 40 }],
    ["contact", { kind: "text", format: "email", required: false }],
    ["startsAt", { kind: "text", format: "date-time" }],
    ["nights", { kind: "number", integer: true, minimum: 1, maximum: 30, default: 3 }],
    ["budget", { kind: "number", integer: false, minimum: 0 }],
    ["insurance", { kind: "boolean", default: true }],
    [
      "size",
      {
        kind: "select",
        options: [
          { value: "S", label: "S" },
          { value: "M", label: "M" },
          { value: "L", label: "L" },
        ],
        default: "M",
      },
    ],
    [
      "cabin",
      {
        kind: "select",
        options: [
          { value: "eco", label: "Economy" },
          { value: "biz", label: "Business" },
        ],
      },
    ],
    [
      "legacy",
      {
        kind: "select",
        options: [
          { value: "a", label: "Alpha" },
          { value: "b", label: "Beta" },
        ],
      },
    ],
    ["interests", { kind: "multiselect", minItems: 1, maxItems: 2, required: true }],
    [
      "seats",
      {
        kind: "multiselect",
        options: [
          { value: "w", label: "Window" },
          { value: "a", label: "Aisle" },
        ],
      },
    ],
  ])("field %s becomes %o", (key, expected) => {
    expect(byKey[key]).toMatchObject(expected);
  });

  it("defaults are pre-filled (clients that support defaults SHOULD)", () => {
    const v = initialValues(model);
    expect(v).toMatchObject({ nights: "3", insurance: true, size: "M", destination: "", interests: [] });
  });
});

describe("schema violations are reported with the property that breaks the restricted subset", () => {
  it.each([
    [
      "a nested object",
      { type: "object", properties: { addr: { type: "object", properties: {} } } },
      /addr.*not a string, number/,
    ],
    [
      "an array of objects",
      { type: "object", properties: { list: { type: "array", items: { type: "object" } } } },
      /list.*not a valid multi-select/,
    ],
    ["an unknown format", { type: "object", properties: { ip: { type: "string", format: "ipv4" } } }, /ip.*format/],
    [
      "a keyword outside the subset",
      { type: "object", properties: { code: { type: "string", pattern: "^[A-Z]+$" } } },
      /code.*pattern/,
    ],
    [
      "a top-level keyword outside the subset",
      { type: "object", properties: {}, additionalProperties: false },
      /additionalProperties/,
    ],
    ["a non-object root", { type: "array", properties: {} }, /must be "object"/],
    [
      "required naming no property",
      { type: "object", properties: {}, required: ["x"] },
      /"x", which is not a property/,
    ],
  ])("%s", (_label, schema, message) => {
    const { issues } = formModelOf(schema);
    expect(issues.map((i) => i.message).join(" ")).toMatch(message);
  });

  it("an unsupported keyword is reported but the field is still offered", () => {
    const m = formModelOf({ type: "object", properties: { code: { type: "string", pattern: "x" } } });
    expect(m.fields.map((f) => f.key)).toEqual(["code"]);
  });
});

describe("answers are validated before sending", () => {
  const model = formModelOf(TRIP);
  const good = { destination: "Lisbon", departOn: "2026-09-10", interests: ["food"] };

  it("a valid form gives wire content with numbers as numbers and empty optional fields left out", () => {
    const r = contentFromForm(model, { ...initialValues(model), ...good, budget: "" });
    expect(r).toEqual({
      ok: true,
      content: {
        destination: "Lisbon",
        departOn: "2026-09-10",
        nights: 3,
        insurance: true,
        size: "M",
        interests: ["food"],
      },
    });
  });

  it.each([
    ["required text missing", { destination: "" }, "destination", "Required."],
    ["minLength", { destination: "L" }, "destination", "At least 2 characters."],
    ["email format", { contact: "not-an-email" }, "contact", "Expected an email address, e.g. ada@example.com."],
    ["uri format", { website: "example.com" }, "website", "Expected an absolute URI, e.g. https://example.com/page."],
    ["date format", { departOn: "10/09/2026" }, "departOn", "Expected a date, e.g. 2026-09-10."],
    [
      "date-time needs a time zone",
      { startsAt: "2026-09-10T08:30:00" },
      "startsAt",
      "Expected a date-time with a time zone, e.g. 2026-09-10T08:30:00Z.",
    ],
    ["integer", { nights: "2.5" }, "nights", "Expected a whole number."],
    ["not a number", { budget: "cheap" }, "budget", "Expected a number."],
    ["maximum", { nights: "31" }, "nights", "Must be ≤ 30."],
    ["minimum", { budget: "-1" }, "budget", "Must be ≥ 0."],
    ["enum", { size: "XL" }, "size", "Choose one of: S, M, L."],
    ["minItems", { interests: [] }, "interests", "Choose at least 1."],
    ["maxItems", { interests: ["food", "museums", "hiking"] }, "interests", "Choose at most 2."],
  ])("%s", (_label, patch, key, message) => {
    const r = contentFromForm(model, { ...initialValues(model), ...good, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[key]).toBe(message);
  });

  it.each([
    ["2026-09-10T08:30:00Z", true],
    ["2026-09-10T08:30:00+02:00", true],
    ["2026-09-10T08:30:00.123Z", true],
    ["2026-09-10 08:30", false],
  ])("date-time %s valid: %s", (value, ok) => {
    const m = formModelOf({
      type: "object",
      properties: { startsAt: { type: "string", format: "date-time" } },
      required: ["startsAt"],
    });
    expect(validateContent(m, { startsAt: value }).ok).toBe(ok);
  });
});
