/**
 * Splits a command line the way a POSIX shell would for plain words: whitespace separates arguments,
 * '…' keeps everything literal, "…" keeps spaces (backslash escapes " and \), a bare backslash escapes the
 * next character. No globbing, variables or pipes: the bridge spawns argv directly, never through a shell.
 */
export type SplitResult = { ok: true; argv: string[] } | { ok: false; error: string };

export function splitCommandLine(line: string): SplitResult {
  const argv: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\")) current += line[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      current += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) argv.push(current);
      current = "";
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) return { ok: false, error: `The command line has an unclosed ${quote} quote.` };
  if (inWord) argv.push(current);
  if (argv.length === 0) return { ok: false, error: "Type a command line, e.g. npx -y @modelcontextprotocol/server-everything stdio" };
  return { ok: true, argv };
}
