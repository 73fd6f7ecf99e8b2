import * as jsonc from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { SCAN_ERROR, TOKEN } from "@/lib/protocol/json-scan";

// jsonc-parser's enums are `const enum` in its types but real objects at run time: hold our names to its values.
const runtime = jsonc as unknown as { SyntaxKind: Record<string, number>; ScanError: Record<string, number> };

describe("the JSON scanner's token names", () => {
  it("are jsonc-parser's own token kinds and scan errors", () => {
    const kinds = runtime.SyntaxKind;
    expect(TOKEN).toEqual({
      openBrace: kinds.OpenBraceToken,
      closeBrace: kinds.CloseBraceToken,
      openBracket: kinds.OpenBracketToken,
      closeBracket: kinds.CloseBracketToken,
      comma: kinds.CommaToken,
      colon: kinds.ColonToken,
      null: kinds.NullKeyword,
      true: kinds.TrueKeyword,
      false: kinds.FalseKeyword,
      string: kinds.StringLiteral,
      number: kinds.NumericLiteral,
      lineComment: kinds.LineCommentTrivia,
      blockComment: kinds.BlockCommentTrivia,
      lineBreak: kinds.LineBreakTrivia,
      space: kinds.Trivia,
      unknown: kinds.Unknown,
      end: kinds.EOF,
    });
    const errors = runtime.ScanError;
    expect(SCAN_ERROR).toEqual({
      none: errors.None,
      unexpectedEndOfString: errors.UnexpectedEndOfString,
      unexpectedEndOfNumber: errors.UnexpectedEndOfNumber,
      invalidUnicode: errors.InvalidUnicode,
      invalidEscape: errors.InvalidEscapeCharacter,
      invalidCharacter: errors.InvalidCharacter,
    });
  });
});
