import { describe, expect, it } from "vitest";
import { splitCommandLine } from "@/lib/bridge/command-line";
import { initialState, reducer, selectTarget } from "@/lib/session";

describe("splitting a --stdio command line into argv (no shell involved)", () => {
  const rows: { rule: string; line: string; argv?: string[]; error?: RegExp }[] = [
    {
      rule: "words split on whitespace",
      line: "npx -y  @modelcontextprotocol/server-everything stdio",
      argv: ["npx", "-y", "@modelcontextprotocol/server-everything", "stdio"],
    },
    {
      rule: "single quotes keep everything literal",
      line: "node -e 'console.log(\"a b\")'",
      argv: ["node", "-e", 'console.log("a b")'],
    },
    { rule: 'double quotes allow \\" and \\\\ escapes', line: 'echo "a \\"b\\" \\\\ c"', argv: ["echo", 'a "b" \\ c'] },
    { rule: "other backslashes inside double quotes stay", line: 'echo "a\\nb"', argv: ["echo", "a\\nb"] },
    { rule: "a backslash outside quotes escapes the next character", line: "echo a\\ b", argv: ["echo", "a b"] },
    { rule: "adjacent quoted parts join into one word", line: "echo a'b c'\"d\"", argv: ["echo", "ab cd"] },
    { rule: "an empty quoted argument is kept", line: "cmd ''", argv: ["cmd", ""] },
    { rule: "$VARS and globs are not expanded", line: "echo $HOME *.ts", argv: ["echo", "$HOME", "*.ts"] },
    { rule: "a quoted operator is an ordinary argument", line: "grep '|' file", argv: ["grep", "|", "file"] },
    {
      rule: "an unquoted pipe is refused: no shell runs it",
      line: "server | tee log",
      error: /shell operator '\|'.*sh -c/,
    },
    { rule: "an unquoted redirection is refused", line: "server > out.log", error: /shell operator '>'/ },
    {
      rule: "an unclosed quote is refused with its column",
      line: "node 'oops",
      error: /unclosed single quote at column 6/,
    },
    { rule: "an empty line is refused", line: "   ", error: /empty/ },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const result = splitCommandLine(row.line);
      if (row.argv) expect(result).toEqual({ ok: true, argv: row.argv });
      else {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatch(row.error!);
      }
    });
  }
});

describe("the page's custom stdio target splits its command line with the same splitter as the CLI", () => {
  const pageProblem = (commandLine: string) => {
    let state = reducer(initialState(), { type: "target/choose", preset: "custom-stdio" });
    state = reducer(state, { type: "target/customStdio", patch: { commandLine } });
    return selectTarget(state);
  };

  it("a pipe typed on the page is refused with the CLI's message, not passed on as arguments", () => {
    const cli = splitCommandLine("node a.js | tee x");
    expect(cli.ok).toBe(false);
    expect(pageProblem("node a.js | tee x")).toEqual({ kind: "incomplete", problem: cli.ok ? "" : cli.error });
  });

  it("an escaped dollar inside double quotes is a dollar on the page too", () => {
    expect(pageProblem('echo "a\\$b"')).toMatchObject({
      kind: "ready",
      target: { kind: "stdio", command: "echo", args: ["a$b"] },
    });
  });
});
