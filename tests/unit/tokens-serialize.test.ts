/**
 * The serializers, byte-exact: every python / pythonUnicode expectation below was produced by CPython 3
 * json.dumps(json.loads(input)) (default arguments, and ensure_ascii=False), and compact by JSON.stringify.
 */
import { describe, expect, it } from "vitest";
import { pyDumps, pyFloat, pyString, serialize, utf8Length } from "@/lib/tokens/serialize";

const TABLE = [
  { rule: "empty object", input: "{}", compact: "{}", python: "{}", pythonUnicode: "{}" },
  { rule: "empty array", input: "[]", compact: "[]", python: "[]", pythonUnicode: "[]" },
  { rule: "empty string", input: '""', compact: '""', python: '""', pythonUnicode: '""' },
  {
    rule: "scalars",
    input: "[null, true, false, 0, -7, 42]",
    compact: "[null,true,false,0,-7,42]",
    python: "[null, true, false, 0, -7, 42]",
    pythonUnicode: "[null, true, false, 0, -7, 42]",
  },
  {
    rule: "nested",
    input: '{"a": {"b": [1, {"c": []}, {}]}, "d": [[], [[]]]}',
    compact: '{"a":{"b":[1,{"c":[]},{}]},"d":[[],[[]]]}',
    python: '{"a": {"b": [1, {"c": []}, {}]}, "d": [[], [[]]]}',
    pythonUnicode: '{"a": {"b": [1, {"c": []}, {}]}, "d": [[], [[]]]}',
  },
  {
    rule: "keys keep received order",
    input: '{"zeta": 1, "alpha": 2, "mid": {"y": 1, "x": 2}}',
    compact: '{"zeta":1,"alpha":2,"mid":{"y":1,"x":2}}',
    python: '{"zeta": 1, "alpha": 2, "mid": {"y": 1, "x": 2}}',
    pythonUnicode: '{"zeta": 1, "alpha": 2, "mid": {"y": 1, "x": 2}}',
  },
  {
    rule: "quotes, backslashes, short escapes",
    input: '"say \\"hi\\" \\\\ path\\n\\t\\r\\b\\f"',
    compact: '"say \\"hi\\" \\\\ path\\n\\t\\r\\b\\f"',
    python: '"say \\"hi\\" \\\\ path\\n\\t\\r\\b\\f"',
    pythonUnicode: '"say \\"hi\\" \\\\ path\\n\\t\\r\\b\\f"',
  },
  {
    rule: "other control characters",
    input: '"a\\u0001b\\u001fc\\u007fd"',
    compact: '"a\\u0001b\\u001fcd"',
    python: '"a\\u0001b\\u001fc\\u007fd"',
    pythonUnicode: '"a\\u0001b\\u001fcd"',
  },
  {
    rule: "en dash and Cyrillic",
    input: '"Server – Инструкции"',
    compact: '"Server – Инструкции"',
    python: '"Server \\u2013 \\u0418\\u043d\\u0441\\u0442\\u0440\\u0443\\u043a\\u0446\\u0438\\u0438"',
    pythonUnicode: '"Server – Инструкции"',
  },
  {
    rule: "emoji (astral plane)",
    input: '"done 🎉"',
    compact: '"done 🎉"',
    python: '"done \\ud83c\\udf89"',
    pythonUnicode: '"done 🎉"',
  },
  {
    rule: "line and paragraph separators",
    input: '"a\\u2028b\\u2029c"',
    compact: '"a\u2028b\u2029c"',
    python: '"a\\u2028b\\u2029c"',
    pythonUnicode: '"a\u2028b\u2029c"',
  },
  {
    rule: "html-ish text stays as is",
    input: '"</script><b>&amp;</b>"',
    compact: '"</script><b>&amp;</b>"',
    python: '"</script><b>&amp;</b>"',
    pythonUnicode: '"</script><b>&amp;</b>"',
  },
  {
    rule: "floats follow Python repr",
    input: "[0.5, -1.25, 0.0001, 0.00001, 1.5e-7, 123.456, 1000000000000000.5]",
    compact: "[0.5,-1.25,0.0001,0.00001,1.5e-7,123.456,1000000000000000.5]",
    python: "[0.5, -1.25, 0.0001, 1e-05, 1.5e-07, 123.456, 1000000000000000.5]",
    pythonUnicode: "[0.5, -1.25, 0.0001, 1e-05, 1.5e-07, 123.456, 1000000000000000.5]",
  },
  {
    rule: "non-ASCII keys",
    input: '{"ключ": "значение", "é": 1}',
    compact: '{"ключ":"значение","é":1}',
    python:
      '{"\\u043a\\u043b\\u044e\\u0447": "\\u0437\\u043d\\u0430\\u0447\\u0435\\u043d\\u0438\\u0435", "\\u00e9": 1}',
    pythonUnicode: '{"ключ": "значение", "é": 1}',
  },
  {
    rule: "a tool definition",
    input:
      '{"name": "get-sum", "description": "Returns the sum of two numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number", "description": "First number"}, "b": {"type": "number"}}, "required": ["a", "b"], "$schema": "http://json-schema.org/draft-07/schema#"}}',
    compact:
      '{"name":"get-sum","description":"Returns the sum of two numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"First number"},"b":{"type":"number"}},"required":["a","b"],"$schema":"http://json-schema.org/draft-07/schema#"}}',
    python:
      '{"name": "get-sum", "description": "Returns the sum of two numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number", "description": "First number"}, "b": {"type": "number"}}, "required": ["a", "b"], "$schema": "http://json-schema.org/draft-07/schema#"}}',
    pythonUnicode:
      '{"name": "get-sum", "description": "Returns the sum of two numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number", "description": "First number"}, "b": {"type": "number"}}, "required": ["a", "b"], "$schema": "http://json-schema.org/draft-07/schema#"}}',
  },
];

describe("serialize: each layout writes a value byte for byte like the tool it imitates", () => {
  for (const row of TABLE) {
    it(`${row.rule}: compact = JSON.stringify`, () => {
      expect(serialize(JSON.parse(row.input), "compact")).toBe(row.compact);
    });
    it(`${row.rule}: python = json.dumps (ensure_ascii)`, () => {
      expect(serialize(JSON.parse(row.input), "python")).toBe(row.python);
    });
    it(`${row.rule}: python-unicode = json.dumps(ensure_ascii=False)`, () => {
      expect(serialize(JSON.parse(row.input), "python-unicode")).toBe(row.pythonUnicode);
    });
  }
});

describe("serialize: what JavaScript cannot know is decided and documented", () => {
  it("an integral number is written as an integer (the wire's 1.0 arrives as 1; Python would write 1.0)", () => {
    expect(serialize(JSON.parse("[1.0, 2e3, -0]"), "python")).toBe("[1, 2000, 0]");
  });
  it("integers of 1e21 and beyond keep their digits (Python ints do; JSON.stringify would write 1e+21)", () => {
    expect(pyDumps(1e21)).toBe("1000000000000000000000");
  });
  it("integer-like keys come first, because a JavaScript object orders them so", () => {
    expect(serialize(JSON.parse('{"b": 1, "2": 2}'), "python")).toBe('{"2": 2, "b": 1}');
  });
  it("undefined members are skipped and non-finite numbers become null, as JSON.stringify does", () => {
    expect(pyDumps({ a: undefined, b: NaN, c: [undefined] })).toBe('{"b": null, "c": [null]}');
  });
  it("python-unicode escapes a lone surrogate (Python could not encode it to UTF-8)", () => {
    expect(pyString("a\ud800b", false)).toBe('"a\\ud800b"');
    expect(pyString("\ud83c\udf89", false)).toBe('"\ud83c\udf89"');
  });
});

describe("pyFloat: Python's repr(float)", () => {
  const cases: [number, string][] = [
    [0.1, "0.1"],
    [1e-4, "0.0001"],
    [1e-5, "1e-05"],
    [2.5e-10, "2.5e-10"],
    [-0.75, "-0.75"],
    [3.141592653589793, "3.141592653589793"],
    [1234567.125, "1234567.125"],
    [0.1 + 0.2, "0.30000000000000004"],
  ];
  for (const [n, text] of cases) it(`${n} -> ${text}`, () => expect(pyFloat(n)).toBe(text));
});

describe("utf8Length: bytes as the wire carries them", () => {
  it("counts multi-byte characters", () => {
    expect(utf8Length("a–🎉й")).toBe(1 + 3 + 4 + 2);
    expect(utf8Length("")).toBe(0);
  });
});
