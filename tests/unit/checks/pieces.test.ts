import { describe, expect, it } from "vitest";
import { tamper } from "@/lib/checks/checks/mrtr";
import { canonicalJson as canonical } from "@/lib/protocol/json";
import { base64Utf8 } from "@/lib/checks/checks/http";
import { cacheHintProblems } from "@/lib/checks/define";
import { say } from "@/lib/i18n/translate";
import { headerAnnotationProblems, headerParams } from "@/lib/protocol/header-annotations";
import { answerInputRequests, capabilityFor, declares, synthesize } from "@/lib/checks/synthesize";

describe("synthesize: arguments the server declared itself", () => {
  const table: [string, unknown, unknown][] = [
    ["a default wins", { type: "string", default: "x" }, "x"],
    ["then const", { const: 3 }, 3],
    ["then the first enum value", { type: "string", enum: ["a", "b"] }, "a"],
    ["date-time format gets an ISO instant", { type: "string", format: "date-time" }, "2026-09-10T08:30:00Z"],
    ["minLength is honoured", { type: "string", minLength: 12 }, "playgroundxx"],
    ["integer minimum", { type: "integer", minimum: 5 }, 5],
    [
      "only required properties",
      { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a"] },
      { a: "playground" },
    ],
    ["arrays get minItems elements", { type: "array", items: { type: "boolean" }, minItems: 2 }, [false, false]],
    ["nullable type picks the non-null one", { type: ["null", "integer"] }, 1],
  ];
  for (const [rule, schema, expected] of table) it(rule, () => expect(synthesize(schema)).toEqual(expected));

  it("all=true fills optional properties too (C22 calls tools with everything they take)", () => {
    expect(
      synthesize(
        {
          type: "object",
          properties: { title: { type: "string" }, startsAt: { type: "string", format: "date-time" } },
          required: ["title"],
        },
        0,
        true,
      ),
    ).toEqual({
      title: "playground",
      startsAt: "2026-09-10T08:30:00Z",
    });
  });
});

describe("MRTR answers and capabilities (digest §6.2)", () => {
  it("answers form elicitation with content, URL mode with a bare accept, sampling and roots in their shapes; unknown kinds are left out", () => {
    const answers = answerInputRequests({
      form: {
        method: "elicitation/create",
        params: {
          mode: "form",
          message: "m",
          requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        },
      },
      url: { method: "elicitation/create", params: { mode: "url", message: "m", url: "https://x" } },
      llm: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } },
      roots: { method: "roots/list" },
      odd: { method: "tools/list" },
    });
    expect(answers).toEqual({
      form: { action: "accept", content: { name: "playground" } },
      url: { action: "accept" },
      llm: expect.objectContaining({ role: "assistant", model: "mcp-playground" }),
      roots: { roots: [] },
    });
  });

  it("elicitation {} declares form only; URL mode needs elicitation.url", () => {
    expect(declares({ elicitation: {} }, capabilityFor({ method: "elicitation/create", params: {} })!)).toBe(true);
    expect(
      declares({ elicitation: {} }, capabilityFor({ method: "elicitation/create", params: { mode: "url" } })!),
    ).toBe(false);
    expect(declares({ elicitation: { url: {} } }, "elicitation.url")).toBe(true);
  });

  it("tamper changes exactly one character and keeps the base64 alphabet", () => {
    const state = "eyJ0aXRsZSI6IngifQ==";
    const t = tamper(state);
    expect(t).not.toBe(state);
    expect(t).toHaveLength(state.length);
    expect([...t].filter((c, i) => c !== state[i])).toHaveLength(1);
    expect(t).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});

describe("x-mcp-header validity (digest §9.2)", () => {
  const table: [string, Record<string, unknown>, RegExp | null][] = [
    [
      "a token on a string property is valid",
      { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
      null,
    ],
    [
      "a number property is not allowed",
      { type: "object", properties: { n: { type: "number", "x-mcp-header": "N" } } },
      /only string, integer or boolean/,
    ],
    [
      "a space is not a token character",
      { type: "object", properties: { r: { type: "string", "x-mcp-header": "My Region" } } },
      /not an HTTP token/,
    ],
    [
      "names must be unique case-insensitively",
      {
        type: "object",
        properties: { a: { type: "string", "x-mcp-header": "R" }, b: { type: "string", "x-mcp-header": "r" } },
      },
      /more than once/,
    ],
    [
      "reached through items is not allowed",
      { type: "object", properties: { l: { type: "array", items: { type: "string", "x-mcp-header": "L" } } } },
      /through properties alone/,
    ],
    [
      "an empty name is not allowed",
      { type: "object", properties: { r: { type: "string", "x-mcp-header": "" } } },
      /non-empty string/,
    ],
  ];
  for (const [rule, schema, problem] of table) {
    it(rule, () => {
      const problems = headerAnnotationProblems(schema);
      if (problem) expect(problems.join("; ")).toMatch(problem);
      else expect(problems).toEqual([]);
    });
  }

  it("headerParams gives the property path of valid annotations, and nothing for a tool a client would drop", () => {
    expect(
      headerParams({
        type: "object",
        properties: { o: { type: "object", properties: { r: { type: "integer", "x-mcp-header": "R" } } } },
      }),
    ).toEqual([{ header: "R", path: ["o", "r"], type: "integer" }]);
    expect(
      headerParams({
        type: "object",
        properties: { a: { type: "string", "x-mcp-header": "A" }, n: { type: "number", "x-mcp-header": "N" } },
      }),
    ).toEqual([]);
  });
});

describe("small judgements", () => {
  it("cache hints: missing and negative values are errors, a fraction is only ambiguous", () => {
    // The problems are catalogue Msgs (said in the reader's language); in English they read as before.
    const english = (p: ReturnType<typeof cacheHintProblems>) => ({
      errors: p.errors.map((m) => say(m)),
      ambiguous: p.ambiguous.map((m) => say(m)),
    });
    expect(english(cacheHintProblems({ ttlMs: 0, cacheScope: "private" }))).toEqual({ errors: [], ambiguous: [] });
    expect(english(cacheHintProblems({})).errors).toEqual(["ttlMs is missing", "cacheScope is missing"]);
    expect(english(cacheHintProblems({ ttlMs: -1, cacheScope: "shared" })).errors).toEqual([
      "ttlMs is -1 (must be >= 0)",
      'cacheScope is "shared" (must be "public" or "private")',
    ]);
    expect(english(cacheHintProblems({ ttlMs: 2.5, cacheScope: "public" }))).toEqual({
      errors: [],
      ambiguous: ["ttlMs 2.5 is not an integer"],
    });
  });

  it("canonical JSON ignores key order", () => {
    expect(canonical({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonical({ a: [{ x: 1, y: 2 }], b: 1 }));
  });

  it("base64Utf8 matches the SEP-2243 example", () => {
    expect(base64Utf8("Hello, 世界")).toBe("SGVsbG8sIOS4lueVjA==");
  });
});
