/**
 * The Apps tab's lib sentences in the chapter's languages (issue 32): where a host's fact comes from (or why it is
 * unknown) and what each message on the Apps wire means, kept as a Msg next to its English so the page says it
 * in the reader's language; method names and URLs stay as they are.
 */
import { describe, expect, it } from "vitest";
import { HOSTS, sourceOf } from "@/lib/apps/hosts";
import { explainMethodMsg, WireLog } from "@/lib/apps/wire";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say } from "@/lib/i18n/translate";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const FIELDS = [
  "rendersApps",
  "declaresExtension",
  "cachesToolsList",
  "needsServerExtension",
  "displayModes",
  "eras",
  "grantsCsp",
] as const;
const APP_METHODS = [
  "ui/initialize",
  "ui/notifications/initialized",
  "ui/notifications/tool-input",
  "ui/notifications/tool-result",
  "ui/notifications/size-changed",
  "ui/open-link",
  "ui/resource-teardown",
  "notifications/message",
];

/** The text with URLs, ui/… and other identifiers taken out: what is left must be the language's words. */
const words = (text: string) => text.replace(/https?:\/\/\S+|[\w./:-]*[/_.][\w./:-]*|MCP Apps|CSP|HTML|URL/g, "");

describe("the Apps tab's sentences, in Bulgarian and Russian", () => {
  it("English is what it was", () => {
    const claude = HOSTS.find((h) => h.id === "claude")!;
    expect(sourceOf(claude.displayModes)).toBe(
      "unknown: no published list of the display modes Claude grants, checked 2026-12-07",
    );
    expect(sourceOf(HOSTS[0].rendersApps)).toMatch(/^the extension's spec: https:\/\//);
    const log = new WireLog(() => 0);
    const rows = [
      log.record("app→host", { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} }),
      log.record("host→app", { jsonrpc: "2.0", id: 1, result: {} }),
      log.record("app→host", { jsonrpc: "2.0", id: 2, method: "tools/call", params: {} }),
    ];
    expect(rows[0].explain).toMatch(/^The app's handshake: .* \(MCP Apps, https:\/\//);
    expect(rows[1].explain).toBe("the answer to ui/initialize");
    expect(rows[2].explain).toMatch(/ \(relayed to the MCP server\)$/);
  });

  it("every host fact's source and every wire message's meaning is said in the language, nothing left in English", () => {
    for (const t of [bg, ru]) {
      const texts = [
        ...HOSTS.flatMap((h) => FIELDS.map((f) => sourceOf(h[f], t))),
        ...APP_METHODS.map((m) => say(explainMethodMsg(m)!, t)),
        say(explainMethodMsg("tools/call")!, t),
      ];
      for (const text of texts) {
        expect(text).toMatch(/[а-яА-Я]/);
        expect(text).not.toMatch(/[{}]/);
        expect(words(text), text).not.toMatch(/\b(the|is|not|app|asks|only|when|answers)\b/);
      }
    }
    const log = new WireLog(() => 0);
    log.record("app→host", { jsonrpc: "2.0", id: 7, method: "ui/open-link", params: {} });
    const failed = log.record("host→app", { jsonrpc: "2.0", id: 7, error: { code: -1, message: "no" } });
    expect(say(failed.explainMsg!, bg)).toBe("ui/open-link се провали");
    expect(say(failed.explainMsg!, ru)).toBe("ui/open-link завершился ошибкой");
  });
});
