/**
 * How deeply a JSON text nests, found with one linear scan (no recursion, no parse), so a frame nested
 * 100,000 levels deep can be recognised before anything recursive (JSON.stringify, structuredClone, a
 * renderer) touches it. Pure: used by the bridge and safe for the UI.
 */
import { parseFrame, type ParsedFrame } from "./jsonrpc";

/** True when the text opens more than `max` arrays/objects at once (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
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
