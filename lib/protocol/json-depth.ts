/**
 * How deeply a JSON text nests, found with one linear scan (the house's JSON scanner, ./json-scan.ts; no recursion,
 * no parse), so a frame nested 100,000 levels deep can be recognised before anything recursive (JSON.stringify,
 * structuredClone, a renderer) touches it. Pure: used by the bridge and safe for the UI.
 */
import { TOKEN, eachJsonToken } from "./json-scan";
import { parseFrame, type ParsedFrame } from "./jsonrpc";

/** True when the text opens more than `max` arrays/objects at once (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
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
