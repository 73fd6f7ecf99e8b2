/**
 * Link format v0 (legacy `code=`) compression: lz-string's "EncodedURIComponent" form (alphabet A–Z a–z 0–9 + - $).
 * Compression uses lz-string itself. Decompression is our own reading of the same format because
 * lz-string's decoder has no output limit: an LZW stream of n codes can expand to ~n²/2 characters,
 * so a 100 KB hostile link could ask for gigabytes. This decoder stops at `maxChars` and says why
 * a stream is truncated or corrupt instead of returning "" or null.
 */
import LZString from "lz-string";

export const LINK_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
const BITS_PER_CHAR = 6;

const VALUE_OF: Record<string, number> = Object.fromEntries([...LINK_ALPHABET].map((c, i) => [c, i]));

export function deflateForLink(text: string): string {
  return LZString.compressToEncodedURIComponent(text);
}

export type Inflated = { ok: true; text: string } | { ok: false; reason: string };

class Truncated extends Error {}

export function inflateFromLink(input: string, maxChars: number): Inflated {
  // Some URL decoders and chat apps turn "+" into a space; lz-string's own decoder undoes the same.
  const payload = input.replace(/ /g, "+");
  if (payload === "") return { ok: false, reason: "the compressed state (s=) is empty" };
  const values = new Uint8Array(payload.length);
  for (let i = 0; i < payload.length; i++) {
    const v = VALUE_OF[payload[i]];
    if (v === undefined) {
      return {
        ok: false,
        reason: `character ${JSON.stringify(payload[i])} at position ${i} of the compressed state is not in the link alphabet (A–Z a–z 0–9 + - $); the link was edited or mangled`,
      };
    }
    values[i] = v;
  }
  try {
    return decode(values, maxChars);
  } catch (e) {
    if (e instanceof Truncated)
      return {
        ok: false,
        reason: "the compressed state ends too early; the link was probably cut off when it was copied",
      };
    throw e;
  }
}

function decode(values: Uint8Array, maxChars: number): Inflated {
  const length = values.length;
  const resetPosition = 1 << (BITS_PER_CHAR - 1);
  let index = 1;
  let value = values[0];
  let position = resetPosition;

  const read = (bitCount: number): number => {
    let bits = 0;
    for (let power = 1, n = 0; n < bitCount; n++, power *= 2) {
      if (value & position) bits += power;
      position >>= 1;
      if (position === 0) {
        position = resetPosition;
        if (index >= length && n + 1 < bitCount) throw new Truncated();
        value = index < length ? values[index] : 0;
        index++;
      }
    }
    return bits;
  };

  const dictionary: string[] = ["", "", ""]; // codes 0..2 are control codes, not entries
  let enlargeIn = 4;
  let numBits = 3;

  const first = read(2);
  if (first === 2) return { ok: true, text: "" };
  if (first === 3)
    return { ok: false, reason: "the compressed state is corrupt (bad first code); the link was edited or mangled" };
  let w = String.fromCharCode(read(first === 0 ? 8 : 16));
  dictionary.push(w);
  const out: string[] = [w];
  let total = 1;

  for (;;) {
    if (index > length) throw new Truncated();
    let code = read(numBits);
    if (code === 2) return { ok: true, text: out.join("") };
    if (code === 0 || code === 1) {
      dictionary.push(String.fromCharCode(read(code === 0 ? 8 : 16)));
      code = dictionary.length - 1;
      enlargeIn--;
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    if (code < dictionary.length && code >= 3) entry = dictionary[code];
    else if (code === dictionary.length) entry = w + w.charAt(0);
    else
      return {
        ok: false,
        reason: "the compressed state is corrupt (a code points past the dictionary); the link was edited or mangled",
      };
    total += entry.length;
    if (total > maxChars) {
      return {
        ok: false,
        reason: `the state decompresses to more than ${maxChars.toLocaleString("en-US")} characters, over the limit for a link`,
      };
    }
    out.push(entry);
    dictionary.push(w + entry.charAt(0));
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
