/**
 * Splits a command line typed by a person ("npx -y @scope/server --flag 'a b'") into argv, the way a POSIX
 * shell would split words — and nothing more: the bridge spawns without a shell, so there are no variables,
 * globs, pipes or redirections to expand. Quoting: '…' literal; "…" with \" \\ \$ \` escapes; a backslash
 * outside quotes escapes the next character. Pure and zod-free: the page's custom stdio form and the CLI's --stdio
 * both use it, so a line is refused (or split) the same way in both.
 *
 * Why not shell-quote: its parse() also expands $VARS from an env object and returns operator objects for
 * | > ; &&, which we would have to reject anyway; the word-splitting part is these ~50 lines, tested.
 */

export type SplitResult = { ok: true; argv: string[] } | { ok: false; error: string };

const OPERATORS = new Set(["|", "||", "&", "&&", ";", ">", ">>", "<", "<<", "2>", "2>&1", "&>"]);

export function splitCommandLine(line: string): SplitResult {
  const argv: string[] = [];
  let word = "";
  let inWord = false;
  let quotedWord = false;
  let i = 0;
  const push = () => {
    if (!inWord) return;
    if (!quotedWord && OPERATORS.has(word)) {
      throw new Error(
        `the command line contains the shell operator '${word}', but no shell runs it; wrap it as sh -c '…' if you need one`,
      );
    }
    argv.push(word);
    word = "";
    inWord = false;
    quotedWord = false;
  };
  try {
    while (i < line.length) {
      const ch = line[i];
      if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
        push();
        i++;
      } else if (ch === "'") {
        const end = line.indexOf("'", i + 1);
        if (end === -1) return { ok: false, error: `unclosed single quote at column ${i + 1}` };
        word += line.slice(i + 1, end);
        inWord = quotedWord = true;
        i = end + 1;
      } else if (ch === '"') {
        const start = i;
        i++;
        inWord = quotedWord = true;
        for (;;) {
          if (i >= line.length) return { ok: false, error: `unclosed double quote at column ${start + 1}` };
          const c = line[i];
          if (c === '"') break;
          if (c === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
            word += line[i + 1];
            i += 2;
          } else {
            word += c;
            i++;
          }
        }
        i++;
      } else if (ch === "\\") {
        if (i + 1 >= line.length) return { ok: false, error: "the command line ends with a lone backslash" };
        word += line[i + 1];
        inWord = quotedWord = true;
        i += 2;
      } else {
        word += ch;
        inWord = true;
        i++;
      }
    }
    push();
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (argv.length === 0)
    return {
      ok: false,
      error: "the command line is empty: type one, e.g. npx -y @modelcontextprotocol/server-everything stdio",
    };
  return { ok: true, argv };
}

const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** The inverse of splitCommandLine for one word: plain words as they are, the rest in single quotes ('\'' for a quote). */
export function quoteWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** argv as a person would type it: splitCommandLine(joinCommandLine(argv)) gives argv back. */
export function joinCommandLine(argv: readonly string[]): string {
  return argv.map(quoteWord).join(" ");
}
