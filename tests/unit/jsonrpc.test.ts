import { describe, expect, it } from "vitest";
import {
  classifyFrame,
  idOf,
  isResponseTo,
  locateJsonError,
  methodOf,
  parseFrame,
  sameId,
} from "@/lib/protocol/jsonrpc";

describe("parseFrame classifies what the user wrote", () => {
  const rows: { rule: string; text: string; kind: string; id?: unknown; hasId: boolean; method?: string }[] = [
    {
      rule: "method + id is a request",
      text: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      kind: "request",
      id: 1,
      hasId: true,
      method: "tools/list",
    },
    {
      rule: "a string id is kept as a string",
      text: '{"jsonrpc":"2.0","id":"a-1","method":"x"}',
      kind: "request",
      id: "a-1",
      hasId: true,
      method: "x",
    },
    {
      rule: "an id of null still makes a request (the server decides if it is valid)",
      text: '{"jsonrpc":"2.0","id":null,"method":"x"}',
      kind: "request",
      id: null,
      hasId: true,
      method: "x",
    },
    {
      rule: "an object id is kept as given",
      text: '{"jsonrpc":"2.0","id":{"a":1},"method":"x"}',
      kind: "request",
      id: { a: 1 },
      hasId: true,
      method: "x",
    },
    {
      rule: "method without id is a notification",
      text: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      kind: "notification",
      hasId: false,
      method: "notifications/initialized",
    },
    {
      rule: "id + result is a response",
      text: '{"jsonrpc":"2.0","id":3,"result":{}}',
      kind: "response",
      id: 3,
      hasId: true,
    },
    {
      rule: "id + error is a response",
      text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
      kind: "response",
      id: null,
      hasId: true,
    },
    { rule: "an array is a batch", text: '[{"jsonrpc":"2.0","id":1,"method":"a"}]', kind: "batch", hasId: false },
    { rule: "an empty array is still a batch (servers must reject it)", text: "[]", kind: "batch", hasId: false },
    {
      rule: "an object that is none of these is other",
      text: '{"jsonrpc":"2.0","id":5}',
      kind: "other",
      id: 5,
      hasId: true,
    },
    {
      rule: "a non-string method is other",
      text: '{"jsonrpc":"2.0","id":1,"method":5}',
      kind: "other",
      id: 1,
      hasId: true,
    },
    { rule: "a JSON primitive is other", text: "42", kind: "other", hasId: false },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const parsed = parseFrame(row.text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.kind).toBe(row.kind);
      expect("id" in parsed).toBe(row.hasId);
      if (row.hasId) expect(parsed.id).toEqual(row.id);
      expect(parsed.method).toBe(row.method);
    });
  }
});

describe("parseFrame says where JSON is broken", () => {
  const rows: { rule: string; text: string; line: number; column: number; says: RegExp }[] = [
    {
      rule: "a missing value points at the brace",
      text: '{"a":}',
      line: 1,
      column: 6,
      says: /expected a value but found '}'/,
    },
    {
      rule: "a trailing comma in an object points at the comma",
      text: '{"a":1,}',
      line: 1,
      column: 7,
      says: /trailing comma before '}'/,
    },
    {
      rule: "a trailing comma in an array points at the comma",
      text: "[1,2,]",
      line: 1,
      column: 5,
      says: /trailing comma before ']'/,
    },
    { rule: "a missing colon points after the key", text: '{"a" 1}', line: 1, column: 6, says: /expected ':'/ },
    {
      rule: "an unclosed object is reported at the end",
      text: '{"jsonrpc":"2.0"',
      line: 1,
      column: 17,
      says: /unexpected end of input: 1 unclosed '\{'/,
    },
    { rule: "single quotes are called out", text: "{'a':1}", line: 1, column: 2, says: /double quotes/ },
    {
      rule: "a raw newline inside a string must be escaped",
      text: '{"a":"x\ny"}',
      line: 1,
      column: 8,
      says: /U\+000A must be escaped/,
    },
    {
      rule: "an unterminated string points at its opening quote",
      text: '{"a":"abc',
      line: 1,
      column: 6,
      says: /never closed/,
    },
    {
      rule: "text after the value is refused",
      text: '{"a":1} x',
      line: 1,
      column: 9,
      says: /after the end of the JSON value/,
    },
    {
      rule: "lines and columns count from 1 across newlines",
      text: '{\n  "a": 1,\n  "b": tru\n}',
      line: 3,
      column: 8,
      says: /unknown literal/,
    },
    { rule: "leading zeros are not JSON numbers", text: "[01]", line: 1, column: 2, says: /leading zeros/ },
    { rule: "a bad escape is named", text: '["\\x"]', line: 1, column: 3, says: /invalid escape '\\x'/ },
    { rule: "a byte order mark is named", text: '\uFEFF{"a":1}', line: 1, column: 1, says: /byte order mark/ },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const parsed = parseFrame(row.text);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.error).toMatch(/^not JSON: /);
      expect(parsed.error).toMatch(row.says);
      expect(parsed.position).toMatchObject({ line: row.line, column: row.column });
      expect(parsed.error).toContain(`line ${row.line}, column ${row.column}`);
    });
  }

  it("an empty frame is reported as empty", () => {
    expect(parseFrame("  \n")).toEqual({ ok: false, error: "the frame is empty" });
  });

  it("the error never quotes a huge input back (JSON.parse in V8 does)", () => {
    const huge = `{"a":"${"x".repeat(100_000)}",}`;
    const parsed = parseFrame(huge);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeLessThan(200);
  });

  it("deep nesting does not overflow the scanner's stack", () => {
    expect(locateJsonError("[".repeat(200_000))).toMatchObject({ offset: 200_000 });
  });

  it("the locator agrees with JSON.parse on which texts are JSON (mutation fuzz)", () => {
    const seeds = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,2.5e3,-0.1,true,false,null,"\\u00e9\\n"]}}}',
      '[{"a":{}},[],"s",0]',
    ];
    const alphabet = [
      '"',
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      " ",
      "\\",
      "u",
      "0",
      "1",
      "e",
      "-",
      ".",
      "t",
      "n",
      "\n",
      "'",
      "x",
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 3000; round++) {
      let text = seeds[round % seeds.length];
      const edits = 1 + rand(3);
      for (let e = 0; e < edits; e++) {
        const at = rand(text.length + 1);
        const op = rand(3);
        const ch = alphabet[rand(alphabet.length)];
        text =
          op === 0
            ? text.slice(0, at) + ch + text.slice(at)
            : op === 1
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + ch + text.slice(at + 1);
      }
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(locateJsonError(text) === null, text).toBe(valid);
    }
  });
});

describe("ids and responses", () => {
  it("idOf returns the id as written, undefined when absent", () => {
    expect(idOf({ id: 0 })).toBe(0);
    expect(idOf({ id: null })).toBe(null);
    expect(idOf({ method: "x" })).toBeUndefined();
    expect(idOf([{ id: 1 }])).toBeUndefined();
  });

  it("methodOf returns only string methods", () => {
    expect(methodOf({ method: "tools/list" })).toBe("tools/list");
    expect(methodOf({ method: 1 })).toBeUndefined();
  });

  const rows: { rule: string; frame: unknown; id: unknown; matches: boolean }[] = [
    {
      rule: "a result with the same number id answers the request",
      frame: { jsonrpc: "2.0", id: 1, result: {} },
      id: 1,
      matches: true,
    },
    {
      rule: "an error with the same string id answers the request",
      frame: { jsonrpc: "2.0", id: "a", error: { code: 1, message: "" } },
      id: "a",
      matches: true,
    },
    { rule: '1 and "1" are different ids', frame: { jsonrpc: "2.0", id: "1", result: {} }, id: 1, matches: false },
    {
      rule: "a null-id error answers a request sent with id null",
      frame: { jsonrpc: "2.0", id: null, error: { code: -32700, message: "" } },
      id: null,
      matches: true,
    },
    {
      rule: "object ids compare by value",
      frame: { jsonrpc: "2.0", id: { a: 1 }, result: {} },
      id: { a: 1 },
      matches: true,
    },
    {
      rule: "a server request with the same id is not a response",
      frame: { jsonrpc: "2.0", id: 1, method: "elicitation/create" },
      id: 1,
      matches: false,
    },
    {
      rule: "a notification is not a response",
      frame: { jsonrpc: "2.0", method: "notifications/message" },
      id: 1,
      matches: false,
    },
  ];
  for (const row of rows) {
    it(row.rule, () => expect(isResponseTo(row.frame, row.id)).toBe(row.matches));
  }

  it("sameId treats different types as different", () => {
    expect(sameId(0, false)).toBe(false);
    expect(sameId(null, undefined)).toBe(false);
  });

  it("classifyFrame needs an id member for a response (a result alone is other)", () => {
    expect(classifyFrame({ jsonrpc: "2.0", result: {} })).toBe("other");
  });
});
