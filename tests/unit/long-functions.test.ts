/**
 * components/ is under the 80-line function rule (eslint.config.mjs). Its list of functions still over 80 lines can
 * only shrink: at most 10 entries, each still over 80 lines at exactly its recorded size (so a function made shorter
 * lowers its entry, and one brought under 80 must leave the list).
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- eslint.config.mjs is plain JavaScript, without type declarations
import * as eslintConfig from "../../eslint.config.mjs";

type Rules = Record<string, unknown>;
const {
  default: config,
  FUNCTION_LINES,
  LONG_FUNCTIONS,
} = eslintConfig as {
  default: { files?: string[]; rules?: Rules }[];
  FUNCTION_LINES: { max: number; skipBlankLines: boolean; skipComments: boolean };
  LONG_FUNCTIONS: Record<string, { name: string; lines: number }>;
};

/** A function's length as max-lines-per-function counts it: its lines, less blank and comment-only ones. */
function functionLines(file: string, name: string): number | undefined {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let found: ts.Node | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === name) found ??= node;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer)
      if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) found ??= node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) return undefined;
  const start = source.getLineAndCharacterOfPosition(found.getStart(source)).line;
  const end = source.getLineAndCharacterOfPosition(found.getEnd()).line;
  let inBlock = false;
  let count = 0;
  for (const raw of text.split("\n").slice(start, end + 1)) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes("*/")) inBlock = false;
      if (!line.includes("*/") || line.endsWith("*/")) continue;
    }
    if (line === "" || line.startsWith("//")) continue;
    if (line.startsWith("/*")) {
      if (!line.includes("*/")) inBlock = true;
      if (!line.includes("*/") || line.endsWith("*/")) continue;
    }
    count++;
  }
  return count;
}

describe("components/ functions stay under 80 lines, with a list that only shrinks", () => {
  it("the rule covers components/ with the same options as lib/", () => {
    const block = config.find((c) => c.files?.includes("components/**/*.{ts,tsx}"));
    expect(block?.rules?.["max-lines-per-function"]).toEqual(["error", FUNCTION_LINES]);
    expect(FUNCTION_LINES).toEqual({ max: 80, skipBlankLines: true, skipComments: true });
  });

  it("lists at most 10 functions", () => {
    expect(Object.keys(LONG_FUNCTIONS).length).toBeLessThanOrEqual(10);
  });

  it("each listed function is still over 80 lines, at exactly its recorded size", () => {
    for (const [file, { name, lines }] of Object.entries(LONG_FUNCTIONS)) {
      expect({ file, name, lines: functionLines(file, name) }).toEqual({ file, name, lines });
      expect(lines).toBeGreaterThan(FUNCTION_LINES.max);
    }
  });
});
