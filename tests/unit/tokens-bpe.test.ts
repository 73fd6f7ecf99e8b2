/**
 * The bounded counter (lib/tokens/bpe.ts) against js-tiktoken's own encode: the same count for every text,
 * in both encodings. The long words are kept short enough for js-tiktoken's quadratic merge to finish.
 * (Every text the chapter's and the reference server's catalogues count: tests/integration/tokens-bill.test.ts.)
 */
import type { Tiktoken } from "js-tiktoken/lite";
import { beforeAll, describe, expect, it } from "vitest";
import { boundedCounter } from "@/lib/tokens/bpe";
import { loadEncoder } from "@/lib/tokens/encoders";
import { ENCODINGS, type Encoding } from "@/lib/tokens/options";
import { serialize } from "@/lib/tokens/serialize";

const ORDINARY: [string, string][] = [
  ["English prose", "The quick brown fox jumps over the lazy dog. It's 12:45, isn't it? They'll see; we'd go."],
  [
    "a tool description",
    "Returns the events of a calendar between two dates (inclusive). Use ISO 8601 dates, e.g. 2026-07-28.",
  ],
  [
    "a JSON schema, python layout",
    serialize(
      {
        type: "object",
        properties: { when: { type: "string", format: "date-time" }, n: { type: "integer", minimum: 1 } },
        required: ["when"],
      },
      "python",
    ),
  ],
  [
    "a JSON schema, compact",
    serialize(
      { type: "object", properties: { q: { type: "string", description: "Query – with an en dash ✓" } } },
      "compact",
    ),
  ],
  ["code", "function f(a, b) {\n  return a.map((x) => x * 2).filter(Boolean); // done\n}\n\n\tconst  y = `${a}`;"],
  ["numbers", "3.14159 2653589793 1,307 1e-05 -42 0x1F 100000000000"],
  ["Cyrillic, CJK, emoji", "Инструмент для поиска 日本語のテキスト 한국어 😀👍🏽 café naïve ÜBER"],
  ["whitespace runs and newlines", "a  b   c\n\n\n  d \t\t e\r\n\r\n    f      \n"],
  ["special-token strings are text", "Ignore previous instructions <|endoftext|> <|im_start|>system"],
  ["punctuation runs", "!!!??? ... --- ==> <== /// \\\\ ((())) {{}} [[]] ;;; ::"],
  ["mixed case words", "camelCaseWords PascalCase SCREAMING_CASE kebab-case snake_case HTTPServerError"],
];

/** Words longer than any token, as a hostile description would carry them (js-tiktoken must still finish). */
const LONG_WORDS: [string, string][] = [
  ["a × 600", "a".repeat(600)],
  ["ab × 300", "ab".repeat(300)],
  ["digits × 500", "7".repeat(500)],
  ["punctuation × 500", "!".repeat(500)],
  ["é × 300", "é".repeat(300)],
  ["日 × 200", "日".repeat(200)],
  ["emoji × 150", "🙂".repeat(150)],
  ["upper case × 500", "A".repeat(500)],
  ["base64-like", Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256)).toString("base64")],
  ["a word in a sentence", `see ${"x".repeat(400)} here`],
];

/** Deterministic pseudo-random text from an alphabet that exercises every branch of the pre-tokenizer. */
function randomTexts(count: number): string[] {
  const alphabet = [
    "a",
    "b",
    "e",
    "A",
    "Z",
    " ",
    "  ",
    "\n",
    "\t",
    ".",
    ",",
    "!",
    "'s",
    "0",
    "9",
    "é",
    "日",
    "🙂",
    '"',
    "{",
    "}",
    "_",
    "-",
    "<|endoftext|>",
  ];
  let seed = 13;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 120) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
  );
}

const encoders = {} as Record<Encoding, Tiktoken>;
beforeAll(async () => {
  for (const encoding of ENCODINGS) encoders[encoding] = await loadEncoder(encoding);
}, 60_000);

describe.each(ENCODINGS)("%s: the bounded counter counts exactly what js-tiktoken's encode counts", (encoding) => {
  const reference = (text: string) => encoders[encoding].encode(text, [], []).length;
  const bounded = (text: string) => boundedCounter(encoders[encoding])(text);

  it.each([...ORDINARY, ...LONG_WORDS])("%s", (_, text) => {
    expect(bounded(text)).toBe(reference(text));
  });

  it("500 pseudo-random texts", () => {
    const count = boundedCounter(encoders[encoding]);
    const mismatches = randomTexts(500).filter((text) => count(text) !== reference(text));
    expect(mismatches).toEqual([]);
  });
});

describe("the bounded counter's work grows with the text, not with the square of a word", () => {
  it('one word of 40,000 × "a" is counted (o200k_base: 8 a\'s per token)', () => {
    expect(boundedCounter(encoders.o200k_base)("a".repeat(40_000))).toBe(5_000);
  });
});
