import { describe, expect, it } from "vitest";
import { PRETTY_LIMITS, prettyLines, prettyText } from "@/lib/protocol/pretty";

const week = '[{"id":"e1","title":"Standup"}]';

describe("the pretty view of a reply: a table of tricky replies", () => {
  it.each([
    [
      "a plain object: one member per line, two spaces per level",
      { a: 1, b: [true, null] },
      '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}',
    ],
    ["empty containers stay on one line", { a: {}, b: [] }, '{\n  "a": {},\n  "b": []\n}'],
    [
      "resources/read text holding JSON is decoded and marked",
      { text: week },
      '{\n  "text": ⟨JSON in a string⟩ [\n    {\n      "id": "e1",\n      "title": "Standup"\n    }\n  ]\n}',
    ],
    [
      "server-memory's pretty-printed JSON string is decoded too",
      { text: '[\n  {\n    "name": "x"\n  }\n]' },
      '{\n  "text": ⟨JSON in a string⟩ [\n    {\n      "name": "x"\n    }\n  ]\n}',
    ],
    ["a string that is a bare number stays a string", { text: "123" }, '{\n  "text": "123"\n}'],
    ["a string that only looks like JSON stays a string", { text: "{not json}" }, '{\n  "text": "{not json}"\n}'],
    ["escapes and unicode are kept exactly", { s: 'line\n"q" ✓' }, '{\n  "s": "line\\n\\"q\\" ✓"\n}'],
    [
      "JSON inside a string inside a string is decoded at both levels",
      { t: JSON.stringify({ u: JSON.stringify([1]) }) },
      '{\n  "t": ⟨JSON in a string⟩ {\n    "u": ⟨JSON in a string⟩ [\n      1\n    ]\n  }\n}',
    ],
    ["a top-level scalar", 42, "42"],
  ])("%s", (_what, value, text) => {
    expect(prettyText(value)).toBe(text);
  });

  it("_meta folds to one line that says how many entries it hides", () => {
    const { lines } = prettyLines({ _meta: { a: 1, b: 2 }, x: 1 }, { foldMeta: true });
    expect(lines[1]).toEqual({ depth: 1, key: '"_meta"', text: "{ … },", folded: 2 });
    expect(prettyText({ _meta: { a: 1 } }, { foldMeta: false })).toContain('"a": 1');
  });

  it(`decoding stops ${PRETTY_LIMITS.maxDecodeDepth} strings deep (the rest stays a string)`, () => {
    let v: unknown = [1];
    for (let i = 0; i < PRETTY_LIMITS.maxDecodeDepth + 1; i++) v = { inner: JSON.stringify(v) };
    const text = prettyText(v);
    expect(text.match(/⟨JSON in a string⟩/g)?.length).toBe(PRETTY_LIMITS.maxDecodeDepth);
  });

  it(`output stops at ${PRETTY_LIMITS.maxLines} lines and says so`, () => {
    const { lines, truncated } = prettyLines(Array.from({ length: PRETTY_LIMITS.maxLines * 2 }, (_, i) => i));
    expect(lines.length).toBe(PRETTY_LIMITS.maxLines);
    expect(truncated).toBe(true);
  });
});
