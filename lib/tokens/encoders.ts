/**
 * The tokenizers. Building one costs about half a second and 100 MB (the o200k rank file alone is 2.3 MB),
 * so each is built once per process (per worker thread), and only ever imported on the server or in the CLI — never by a
 * component (eslint keeps it out of components/), so the rank files never reach the page.
 */
import { Tiktoken } from "js-tiktoken/lite";
import type { Counter } from "./bill";
import { boundedCounter } from "./bpe";
import type { Encoding } from "./options";

type Cache = Partial<Record<Encoding, Promise<Tiktoken>>>;
const cache: Cache = {};

async function build(encoding: Encoding): Promise<Tiktoken> {
  const ranks =
    encoding === "o200k_base"
      ? await import("js-tiktoken/ranks/o200k_base")
      : await import("js-tiktoken/ranks/cl100k_base");
  return new Tiktoken(ranks.default);
}

export function loadEncoder(encoding: Encoding): Promise<Tiktoken> {
  const pending = (cache[encoding] ??= build(encoding));
  pending.catch(() => delete cache[encoding]); // a failed load may be retried
  return pending;
}

/**
 * Text from a server is counted as ordinary text: a description that contains "<|endoftext|>" is that many
 * characters, not a special token (js-tiktoken would otherwise throw on it, as Python's tiktoken does).
 * The count is encode(text, [], []).length, computed in O(n log n) (lib/tokens/bpe.ts): js-tiktoken's own
 * merge is quadratic in a long word. Requests bill through lib/node/tokens/counting.ts (a worker thread), not here.
 */
export function counterOf(encoder: Tiktoken): Counter {
  return boundedCounter(encoder);
}

export async function loadCounter(encoding: Encoding): Promise<Counter> {
  return counterOf(await loadEncoder(encoding));
}
