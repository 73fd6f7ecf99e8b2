import { describe, expect, it } from "vitest";
import {
  argumentsSkeleton,
  fieldSpec,
  fits,
  getAt,
  parseNumber,
  readFrameArgs,
  setAt,
  writeFrameArgs,
} from "@/lib/session/args-form";
import { checkArguments } from "@/lib/session/args-check";

// server-memory's create_entities, as it lists it: a required array of objects with required fields.
const CREATE_ENTITIES = {
  type: "object",
  properties: {
    entities: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string", description: "The name of the entity" },
          entityType: { type: "string" },
          observations: { type: "array", items: { type: "string" } },
        },
        required: ["name", "entityType", "observations"],
      },
    },
  },
  required: ["entities"],
};

const CREATE_EVENT = {
  type: "object",
  properties: {
    title: { type: "string", description: "Event title." },
    startsAt: { type: "string", format: "date-time" },
  },
  required: ["title"],
};

const CALL = JSON.stringify(
  {
    jsonrpc: "2.0",
    id: 4,
    method: "tools/call",
    params: {
      _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" },
      name: "create_event",
      arguments: { title: "Dentist" },
    },
  },
  null,
  2,
);

describe("the tools/call argument form (pure)", () => {
  it("a template's skeleton holds the required fields, nested ones too: a required list of objects gets one item with its required fields, not []", () => {
    expect(argumentsSkeleton(CREATE_ENTITIES)).toEqual({
      entities: [{ name: "<name>", entityType: "<entityType>", observations: [] }],
    });
    expect(argumentsSkeleton(CREATE_EVENT)).toEqual({ title: "<title>" });
  });

  it("the skeleton uses a field's default, then its first enum value, then its type's empty value (minimum for numbers)", () => {
    const schema = {
      type: "object",
      properties: {
        level: { enum: ["info", "error"] },
        count: { type: "integer", minimum: 1 },
        loud: { type: "boolean" },
        mode: { type: "string", default: "fast" },
        when: { type: "string", format: "date-time" },
        opt: { type: "string" },
      },
      required: ["level", "count", "loud", "mode", "when"],
    };
    expect(argumentsSkeleton(schema)).toEqual({
      level: "info",
      count: 1,
      loud: false,
      mode: "fast",
      when: "2026-09-10T08:30:00Z",
    });
  });

  it("the field tree keeps the schema's order, marks required fields, and reads enums, nested objects and arrays", () => {
    const spec = fieldSpec({
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: "object", properties: { c: { type: ["number", "null"] } } },
        d: { type: "array", items: { enum: [1, 2] } },
      },
      required: ["b"],
    });
    expect(spec.kind).toBe("object");
    expect(spec.properties!.map((p) => [p.name, p.required, p.spec.kind])).toEqual([
      ["a", false, "string"],
      ["b", true, "object"],
      ["d", false, "array"],
    ]);
    expect(spec.properties![1].spec.properties![0].spec.kind).toBe("number");
    expect(spec.properties![2].spec.items).toMatchObject({ kind: "enum", options: [1, 2] });
  });

  it("what the form cannot render as inputs (anyOf, $ref, too deep) is a JSON field that says why", () => {
    const spec = fieldSpec({
      type: "object",
      properties: { x: { anyOf: [{ type: "string" }, { type: "number" }] }, y: { $ref: "#/defs/y" } },
    });
    expect(spec.properties!.map((p) => [p.spec.kind, p.spec.why])).toEqual([
      ["json", "anyOf"],
      ["json", "$ref"],
    ]);
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 10; i++) deep = { type: "object", properties: { n: deep } };
    let at = fieldSpec(deep);
    let depth = 0;
    while (at.kind === "object") {
      at = at.properties![0].spec;
      depth++;
    }
    expect(at).toMatchObject({ kind: "json", why: "nested too deep for the form" });
    expect(depth).toBe(5);
  });

  it("the frame is the source of truth: its arguments are read from the text, and a form edit rewrites only params.arguments", () => {
    const read = readFrameArgs(CALL);
    expect(read).toEqual({ ok: true, toolName: "create_event", args: { title: "Dentist" } });
    const next = writeFrameArgs(
      CALL,
      setAt({ title: "Dentist" }, ["startsAt"], "2026-09-10T08:30:00Z") as Record<string, unknown>,
    );
    const frame = JSON.parse(next);
    expect(frame).toEqual({
      ...JSON.parse(CALL),
      params: { ...JSON.parse(CALL).params, arguments: { title: "Dentist", startsAt: "2026-09-10T08:30:00Z" } },
    });
    expect(Object.keys(frame.params)).toEqual(["_meta", "name", "arguments"]);
  });

  it("an unparsable or odd frame gives the reason the form is disabled, and says whether it is a tools/call at all", () => {
    const broken = readFrameArgs('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x",');
    expect(broken).toMatchObject({ ok: false, isCall: true });
    expect(!broken.ok && broken.reason).toMatch(/^The frame is not valid JSON \(.+\); fix it in the editor/);
    expect(readFrameArgs('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toMatchObject({ ok: false, isCall: false });
    expect(readFrameArgs('{"method":"tools/call","params":{"arguments":{}}}')).toMatchObject({
      ok: false,
      isCall: true,
      reason: expect.stringContaining("params.name"),
    });
    expect(readFrameArgs('{"method":"tools/call","params":{"name":"x","arguments":[]}}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not an object"),
    });
    expect(readFrameArgs('{"method":"tools/call","params":{"name":"x"}}')).toEqual({
      ok: true,
      toolName: "x",
      args: {},
    });
  });

  it("setAt writes and removes at a path without touching the input (objects and array items)", () => {
    const args = { entities: [{ name: "a", observations: ["x"] }] };
    expect(setAt(args, ["entities", 0, "observations", 1], "y")).toEqual({
      entities: [{ name: "a", observations: ["x", "y"] }],
    });
    expect(setAt(args, ["entities", 0], undefined)).toEqual({ entities: [] });
    expect(setAt(args, ["entities", 0, "name"], undefined)).toEqual({ entities: [{ observations: ["x"] }] });
    expect(args).toEqual({ entities: [{ name: "a", observations: ["x"] }] });
    expect(getAt(args, ["entities", 0, "observations", 0])).toBe("x");
  });

  it("a value of the wrong type does not fit its field (the form then edits it as JSON); numbers parse strictly", () => {
    expect(fits({ kind: "number" }, "3")).toBe(false);
    expect(fits({ kind: "integer" }, 3)).toBe(true);
    expect(fits({ kind: "enum", options: ["a"] }, "b")).toBe(false);
    expect(parseNumber("integer", "2.5")).toEqual({ ok: false, error: "2.5 is not an integer" });
    expect(parseNumber("number", "abc")).toEqual({ ok: false, error: '"abc" is not a number' });
    expect(parseNumber("number", "")).toEqual({ ok: true, value: undefined });
  });

  it("the arguments are checked against the inputSchema with zod's JSON Schema reader: missing required and bad formats are named by path", () => {
    expect(checkArguments(CREATE_EVENT, { title: "Dentist" })).toEqual({ checked: true, problems: [] });
    const bad = checkArguments(CREATE_EVENT, { startsAt: "tomorrow" });
    expect(bad.checked && bad.problems).toEqual([
      expect.stringMatching(/^title: /),
      expect.stringMatching(/^startsAt: Invalid ISO datetime/),
    ]);
    expect(checkArguments({ $ref: "#/nowhere" }, {})).toMatchObject({
      checked: false,
      why: expect.stringContaining("could not be read"),
    });
  });
});
