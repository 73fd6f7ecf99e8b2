/**
 * The notes under a "Copy as curl" command in the reader's language (issue 32): why a header was encoded, left out or
 * could not be derived. Each note is a Msg whose English is the note the wire view keeps; header names, params paths
 * and values stay as they are.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say } from "@/lib/i18n/translate";
import { curlForFrame } from "@/lib/share/curl";

const LANGS = { bg: makeTranslate("bg", CATALOGUES.bg), ru: makeTranslate("ru", CATALOGUES.ru) };
const URL = "http://127.0.0.1:9/mcp";
const envelope = (protocolVersion: string) => ({
  _meta: { "io.modelcontextprotocol/protocolVersion": protocolVersion },
});

describe("the curl section's notes in Bulgarian and Russian", () => {
  it.each([
    ["no method", "[]", ["the frame names no method: only Accept and Content-Type apply"]],
    [
      "a tools/call with no name",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...envelope("2026-07-28") } }),
      ["Mcp-Name not added: params.name is missing"],
    ],
    [
      "a tools/call before any tools/list",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "create_event", arguments: {} } }),
      ["no tools/list seen yet: Mcp-Param-* headers (x-mcp-header arguments) could not be derived"],
    ],
    [
      "a version that is no header value and a method name that is not ASCII",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tëst", params: envelope("v\n1") }),
      [
        'MCP-Protocol-Version not added: the envelope\'s protocolVersion "v\\n1" is not a valid header value',
        'Mcp-Method Base64-encoded: the method "tëst" is not plain ASCII',
      ],
    ],
  ])("%s", (_what, frame, english) => {
    const curl = curlForFrame(URL, frame);
    expect(curl.notes).toEqual(english);
    expect(curl.noteMsgs.map((m) => say(m))).toEqual(english);
    for (const [lang, t] of Object.entries(LANGS))
      for (const m of curl.noteMsgs) expect(say(m, t), `${lang}: ${say(m)}`).toMatch(/[\u0400-\u04FF]/);
  });

  it("a tool whose x-mcp-header annotation is invalid: the note says why and that no Mcp-Param-* header follows", () => {
    const tools = [
      { name: "t", inputSchema: { type: "object", properties: { a: { type: "object", "x-mcp-header": "Region" } } } },
    ];
    const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: {} } });
    const curl = curlForFrame(URL, frame, { tools });
    expect(curl.notes).toEqual([
      'x-mcp-header "Region" is on a property of type "object" (only string, integer or boolean): a conforming HTTP client drops this tool, so no Mcp-Param-* header',
    ]);
    expect(say(curl.noteMsgs[0], LANGS.bg)).toBe(
      'x-mcp-header "Region" е на свойство от тип "object" (позволени са само string, integer и boolean): съобразен със спецификацията HTTP client изпуска този tool, затова няма заглавка Mcp-Param-*',
    );
  });
});
