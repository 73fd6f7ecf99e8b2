/**
 * stdio frames are newline-delimited, so a pretty-printed frame would reach the server as many broken lines.
 * oneLine removes the whitespace BETWEEN JSON tokens and nothing else: strings, numbers, key order and
 * escapes stay byte-identical (unlike JSON.stringify(JSON.parse(…)), which would rewrite 1.0 as 1, drop
 * duplicate keys, and re-escape strings). Only for text that parses as JSON; anything else goes as written.
 */
export function oneLine(jsonText: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (const c of jsonText) {
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") {
      out += c;
    }
  }
  return out;
}
