import { describe, expect, it } from "vitest";
import { tokenizeJson } from "@/lib/protocol/json-tokens";

const join = (text: string) =>
  tokenizeJson(text)
    .map((t) => t.text)
    .join("");

describe("the first-paint frame highlighter's tokenizer", () => {
  it("gives every character back in order, for JSON and for text that is not JSON yet", () => {
    for (const text of [
      '{\n  "jsonrpc": "2.0",\n  "id": 1\n}',
      '{"a": "unterminated\n  "b": tru',
      "",
      "@@ {] \\",
      '"\\"quoted\\""',
    ]) {
      expect(join(text)).toBe(text);
    }
  });

  it("tells keys from string values, and numbers, keywords and punctuation apart", () => {
    const tokens = tokenizeJson('{"id": 1, "ok": true, "name": "x", "n": -2.5e3, "z": null}').filter(
      (t) => t.kind !== "space",
    );
    expect(tokens.map((t) => `${t.kind}:${t.text}`)).toEqual([
      "punctuation:{",
      'key:"id"',
      "punctuation::",
      "number:1",
      "punctuation:,",
      'key:"ok"',
      "punctuation::",
      "keyword:true",
      "punctuation:,",
      'key:"name"',
      "punctuation::",
      'string:"x"',
      "punctuation:,",
      'key:"n"',
      "punctuation::",
      "number:-2.5e3",
      "punctuation:,",
      'key:"z"',
      "punctuation::",
      "keyword:null",
      "punctuation:}",
    ]);
  });

  it("ends an unterminated string at its line, so the rest of the frame is still highlighted", () => {
    const tokens = tokenizeJson('"open\n"id": 2');
    expect(tokens[0]).toEqual({ kind: "string", text: '"open' });
    expect(tokens.find((t) => t.text === '"id"')?.kind).toBe("key");
  });
});
