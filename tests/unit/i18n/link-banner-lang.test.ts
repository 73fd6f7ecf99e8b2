/**
 * What a student sees on opening a link (issue 32): the banner's lib sentences — why a frame will not be sent, what
 * Run live did — in Bulgarian and Russian with their plural forms; the English stays word for word.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say } from "@/lib/i18n/translate";
import { liveResultText, livePlan } from "@/lib/share/live";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";
import { restoreSession, SAVED_SESSION_FORMAT, SAVED_SESSION_VERSION } from "@/lib/share/persist";
import { initialState } from "@/lib/session/state";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);

describe("the link banner's sentences in Bulgarian and Russian", () => {
  it("what Run live did, with each language's plural forms and the same English", () => {
    expect(liveResultText({ sent: 1, targets: 1, skipped: 1 })).toBe(
      "Run live: 1 frame sent, 1 target · 1 not sent (no target here)",
    );
    expect(liveResultText({ sent: 3, targets: 2, skipped: 0 }, bg)).toBe(
      "Пуснато на живо: 3 frame-а изпратени, 2 цели",
    );
    expect(liveResultText({ sent: 5, targets: 1, skipped: 0, stoppedAt: 6 }, ru)).toBe(
      "Запущено вживую: отправлено 5 фреймов, 1 цель · остановлено на #6: мост его не доставил (см. хронологию)",
    );
  });

  it("why a frame will not be sent is kept as a Msg and said in the reader's language, the command as it is", () => {
    const share: ShareState = {
      ...defaultShareState(),
      exchanges: [{ sent: "{}", targetLabel: "python server.py --port 1", transport: "stdio" } as RecordedExchange],
    };
    const [step] = livePlan(share).steps;
    expect(step.skip).toBe(
      'recorded against "python server.py --port 1", which this link does not describe well enough to start',
    );
    expect(say(step.skipMsg!)).toBe(step.skip);
    expect(say(step.skipMsg!, bg)).toBe(
      "записан срещу „python server.py --port 1“, която тази връзка не описва достатъчно, за да бъде стартирана",
    );
    expect(say(step.skipMsg!, ru)).toContain("«python server.py --port 1»");
  });
});

describe("why a saved session cannot come back, in Bulgarian and Russian", () => {
  it("a refusal keeps its English and is said in the reader's language with its values", () => {
    const newer = restoreSession(JSON.stringify({ format: SAVED_SESSION_FORMAT, version: 99 }), initialState());
    expect(newer.ok).toBe(false);
    if (newer.ok) return;
    expect(say(newer.reasonMsg)).toBe(newer.reason);
    expect(say(newer.reasonMsg, bg)).toBe(
      `запазена е от по-нов playground (v99); този чете до v${SAVED_SESSION_VERSION}`,
    );
    expect(say(newer.reasonMsg, ru)).toBe(
      `она сохранена более новым playground (v99); этот читает до v${SAVED_SESSION_VERSION}`,
    );
  });
});
