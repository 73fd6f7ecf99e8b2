/**
 * The Saved tab's lib sentences in the chapter's languages (issue 32): the store's refusals and why a collection's
 * run stopped take the reader's Translate (English by default, as the unit tests and the CLI read them), with the
 * server's own error message quoted as it came.
 */
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, type Translate } from "@/lib/i18n/translate";
import {
  addToCollection,
  createCollection,
  EMPTY_STORE,
  MAX_FRAME_CHARS,
  saveRequest,
  stopReason,
  type Change,
} from "@/lib/session/saved-requests";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);
const TARGET = { kind: "demo", server: "calendar", transport: "stdio" } as const;
const errorOf = (c: Change) => (c.ok ? "" : c.error);

/** Every refusal the store can give, in one language. */
function refusals(t: Translate): string[] {
  const huge = "x".repeat(MAX_FRAME_CHARS + 1);
  return [
    errorOf(saveRequest(EMPTY_STORE, { id: "a", name: "n", frame: huge, target: TARGET, now: 0 }, t)),
    errorOf(createCollection(EMPTY_STORE, { id: "c", name: "  " }, t)),
    errorOf(addToCollection(EMPTY_STORE, "gone", "r", t)),
    stopReason(null, t) ?? "",
  ];
}

const errorReply = {
  outcome: {
    kind: "response",
    frame: { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
  },
} as unknown as Exchange;

describe("the Saved tab's refusals and stop reasons, in Bulgarian and Russian", () => {
  it("English is what it was", () => {
    expect(refusals(makeTranslate("en", CATALOGUES.en))).toEqual([
      `The frame is 64,001 characters; a saved frame holds at most 64,000.`,
      "Name the collection first.",
      "That collection is gone.",
      "the bridge did not deliver it (the card says why)",
    ]);
    expect(stopReason(errorReply)).toBe("error -32601 Method not found");
  });

  it("every refusal is said in the language, numbers grouped its way, no placeholder left", () => {
    for (const t of [bg, ru]) {
      const said = refusals(t);
      for (const text of said) {
        expect(text).toMatch(/[а-яА-Я]/);
        expect(text).not.toMatch(/[{}]|\b(the|is|first|gone|deliver)\b/);
      }
      // 64 001 with a (narrow) no-break space: grouped the Bulgarian/Russian way.
      expect(said[0]).toMatch(/64\s001/u);
    }
    expect(refusals(bg)[1]).toBe("Първо дайте име на колекцията.");
    expect(refusals(ru)[1]).toBe("Сначала назовите коллекцию.");
  });

  it("a JSON-RPC error reply stops a run with the code and the server's message as it came", () => {
    expect(stopReason(errorReply, bg)).toBe("грешка -32601 Method not found");
    expect(stopReason(errorReply, ru)).toBe("ошибка -32601 Method not found");
  });
});
