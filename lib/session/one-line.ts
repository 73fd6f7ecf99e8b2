import { TOKEN, eachJsonToken } from "../protocol/json-scan";

/**
 * stdio frames are newline-delimited, so a pretty-printed frame would reach the server as many broken lines.
 * oneLine removes the whitespace BETWEEN JSON tokens and nothing else: strings, numbers, key order and
 * escapes stay byte-identical (unlike JSON.stringify(JSON.parse(…)), which would rewrite 1.0 as 1, drop
 * duplicate keys, and re-escape strings). Only for text that parses as JSON; anything else goes as written.
 * The tokens come from the house's JSON scanner (lib/protocol/json-scan.ts).
 */
export function oneLine(jsonText: string): string {
  let out = "";
  eachJsonToken(jsonText, (kind, start, end) => {
    if (kind !== TOKEN.space && kind !== TOKEN.lineBreak) out += jsonText.slice(start, end);
  });
  return out;
}
