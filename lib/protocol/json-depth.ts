/**
 * How deeply a JSON text nests, found with one linear scan (the house's JSON scanner, ./json-scan.ts; no recursion,
 * no parse), so a frame nested 100,000 levels deep can be recognised before anything recursive (JSON.stringify,
 * structuredClone, a renderer) touches it. Pure: used by the bridge and safe for the UI.
 */
import { TOKEN, eachJsonToken } from "./json-scan";
import { parseFrame, type ParsedFrame } from "./jsonrpc";

/** True when the text opens more than `max` arrays/objects at once (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  // No text nests deeper than it has opening brackets: a count settles almost every frame (a 7.7 KB tools/list
  // reply has 99) at a tenth of the scanner's cost, which is on every bridge call's path, both ways.
  if (openingBracketsAtMost(text, max)) return false;
  let depth = 0;
  let deeper = false;
  eachJsonToken(text, (kind) => {
    if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
      depth += 1;
      if (depth > max) {
        deeper = true;
        return false; // stop scanning: the answer is known
      }
    } else if (kind === TOKEN.closeBrace || kind === TOKEN.closeBracket) depth--;
  });
  return deeper;
}

/** True when `text` has at most `max` `{` and `[` in all (inside strings too: an upper bound of its depth). */
function openingBracketsAtMost(text: string, max: number): boolean {
  // indexOf jumps between hits natively: ~10× a charCodeAt loop over a 7.7 KB reply.
  let count = 0;
  for (const bracket of ["{", "["])
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) if (++count > max) return false;
  return true;
}

/**
 * True when a parsed JSON value nests deeper than `limit`, walked iteratively (a hostile link or file may nest
 * thousands deep). Stops at the first value beyond the limit.
 */
export function valueNestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (d > limit) return true;
    for (const inner of Array.isArray(v) ? v : Object.values(v)) stack.push([inner, d + 1]);
  }
  return false;
}

/** parseFrame, but a text nested deeper than `maxDepth` is reported instead of parsed. */
export function parseFrameWithin(text: string, maxDepth: number): ParsedFrame {
  if (nestsDeeperThan(text, maxDepth)) {
    return {
      ok: false,
      error: `the JSON nests deeper than ${maxDepth} levels; kept as text, not parsed (re-serializing it would overflow the stack)`,
    };
  }
  return parseFrame(text);
}

/**
 * parseFrameWithin for a stream of texts (SSE events, stdout lines): a text equal to the last one that failed gets
 * that failure again without another parse. A flood repeats one junk line thousands of times, and saying where
 * JSON broke costs far more than the line itself (an exception and a rescan each).
 */
export function streamFrameParser(maxDepth: number): (text: string) => ParsedFrame {
  let lastFailure: { text: string; parsed: ParsedFrame } | undefined;
  return (text) => {
    if (lastFailure !== undefined && lastFailure.text === text) return lastFailure.parsed;
    const parsed = parseFrameWithin(text, maxDepth);
    lastFailure = parsed.ok ? undefined : { text, parsed };
    return parsed;
  };
}
