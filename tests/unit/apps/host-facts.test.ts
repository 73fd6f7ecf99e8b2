/**
 * The Apps tab's host facts (issue 44 point 5): each fact says its value first, then where it comes from — never a
 * bare source that reads as the value ("declares the extension — user reports: …" read as "it declares").
 */
import { describe, expect, it } from "vitest";
import { hostFacts, HOSTS, known } from "@/lib/apps/hosts";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { englishT, makeTranslate } from "@/lib/i18n/translate";

const host = (id: string) => HOSTS.find((h) => h.id === id)!;
const word = (value: boolean | undefined) => (value === undefined ? "unknown" : value ? "yes" : "no");

describe("the Apps tab's host facts say each value before its source", () => {
  it("every persona's facts open with the persona's own values (yes / no / unknown, the display modes listed)", () => {
    for (const h of HOSTS) {
      const text = hostFacts(h, englishT);
      const modes = known(h.displayModes);
      expect(text, h.id).toContain(`declares the extension: ${word(known(h.declaresExtension))}`);
      expect(text, h.id).toContain(`caches tools/list: ${word(known(h.cachesToolsList))}`);
      expect(text, h.id).toContain(`display modes: ${modes ? modes.join(", ") : "unknown"}`);
    }
    expect(hostFacts(host("claude-code"), englishT)).toMatch(
      /^As Claude Code \(and Claude Desktop's Code tab\): declares the extension: no — user reports: https:\/\/github\.com\/anthropics\/claude-ai-mcp\/issues\/274/,
    );
    expect(hostFacts(host("generic"), englishT)).toContain(
      "display modes: inline, fullscreen, pip — the extension's spec",
    );
  });

  it("in Bulgarian and Russian the values are the language's words", () => {
    for (const [lang, yes, no] of [
      ["bg", "да", "не"],
      ["ru", "да", "нет"],
    ] as const) {
      const t = makeTranslate(lang, CATALOGUES[lang]);
      expect(hostFacts(host("generic"), t)).toContain(`: ${yes} — `);
      expect(hostFacts(host("claude-code"), t)).toContain(`: ${no} — `);
      expect(hostFacts(host("chatgpt"), t)).not.toMatch(/\b(yes|no|unknown)\b/);
    }
  });
});
