/**
 * Importing an mcpServers block in the reader's language (issue 32): every refusal, warning and skipped entry is a
 * Msg whose English is the sentence the import always wrote; Bulgarian and Russian say it with every placeholder
 * filled, while config keys (args, cwd, env, envFile, type) and values stay as they are.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say, type Msg } from "@/lib/i18n/translate";
import { importMcpServers } from "@/lib/share/mcp-servers";

const LANGS = { bg: makeTranslate("bg", CATALOGUES.bg), ru: makeTranslate("ru", CATALOGUES.ru) };
const CYRILLIC = /[\u0400-\u04FF]/;

function expectSaid(m: Msg, english: string) {
  expect(say(m)).toBe(english);
  for (const [lang, t] of Object.entries(LANGS)) {
    const text = say(m, t);
    expect(text, `${lang}: ${english}`).toMatch(CYRILLIC);
    // A literal like ${HOME} is the config's own text (the English has it too); anything else in braces is unfilled.
    const unfilled = (text.match(/\{[a-z]+\}/gi) ?? []).filter((p) => !english.includes(p));
    expect(unfilled, `${lang}: ${text}`).toEqual([]);
  }
}

describe("the mcpServers import says itself in Bulgarian and Russian", () => {
  it.each([
    ["", "paste an mcpServers block or one server entry"],
    ["[1]", "expected a JSON object: an mcpServers block or one server entry"],
    ['{"mcpServers": 3}', "mcpServers must be an object of name → server entry"],
    ["{}", 'no servers found (expected {"mcpServers": {"name": {…}}})'],
    ['{"mcpServers": {"a": {"command": "x", "args": [1]}}}', "a: args must be an array of strings"],
    ['{"mcpServers": {"a": {"url": "ftp://x"}}}', 'a: the URL "ftp://x" must start with http:// or https://'],
    [
      '{"mcpServers": {"a": {"type": "ws", "url": "http://x"}, "b": {"env": 1}}}',
      'a: type "ws" is not one the playground can connect to (stdio, http, streamable-http); b: the entry has neither a command (stdio) nor a url (HTTP)',
    ],
  ])("a refusal: %s", (text, english) => {
    const r = importMcpServers(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe(english);
    expectSaid(r.reasonMsg, english);
  });

  it("warnings and skipped entries beside an imported server", () => {
    const r = importMcpServers(
      '{"mcpServers": {"ok": {"command": "npx", "args": ["${HOME}"], "env": {"PORT": 8}, "envFile": ".env", "disabled": true}, "bad": {"command": "x", "cwd": 1}}}',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [server] = r.servers;
    expect(server.warnings).toEqual([
      "the entry is marked disabled in the config",
      'env PORT was number; it is used as the string "8"',
      "the command line contains ${HOME}, which the playground does not expand",
      "envFile is not read: set the variables in env instead",
    ]);
    server.warningMsgs.forEach((m, i) => expectSaid(m, server.warnings[i]));
    expect(r.problems).toEqual(["bad: cwd must be a string"]);
    expectSaid(r.problemMsgs[0], r.problems[0]);
  });
});
