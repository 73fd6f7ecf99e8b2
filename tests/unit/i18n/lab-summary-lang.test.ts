/**
 * A Lab step's one-line result (issue 44 point 6: "complete: 3 items" stayed English in Bulgarian and Russian): kept
 * as a Msg next to its English, so the step row and the column diff say it in the reader's language.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { makeTranslate, say } from "@/lib/i18n/translate";
import { diffRuns, summarizeExchange, summarizeExchangeMsg, type LabRun } from "@/lib/lab/runner";
import { exchangeOf } from "../../helpers/exchange";

const bg = makeTranslate("bg", CATALOGUES.bg);
const ru = makeTranslate("ru", CATALOGUES.ru);

const answered = (result: unknown) =>
  exchangeOf({
    sendId: "s",
    sent: "{}",
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    timeoutMs: 1000,
    startedAt: 0,
    durationMs: 1,
    events: [],
    received: [],
    outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result } },
  });

const items = (n: number) =>
  answered({
    resultType: "complete",
    contents: [{ uri: "calendar://events", text: JSON.stringify(Array(n).fill({})) }],
  });

describe("a Lab step's result, in the reader's language", () => {
  it("English is what it was", () => {
    expect([3, 1].map((n) => summarizeExchange(items(n)))).toEqual(["complete: 3 items", "complete: 1 item"]);
    expect(summarizeExchange(answered({ resultType: "complete" }))).toBe("complete (complete)");
  });

  it("Bulgarian and Russian say the count in their words", () => {
    expect(say(summarizeExchangeMsg(items(3)), bg)).toMatch(/^[^a-z]*3 [а-я]+$/);
    expect(say(summarizeExchangeMsg(items(2)), ru)).toMatch(/^[^a-z]*2 [а-я]+$/);
    expect(say(summarizeExchangeMsg(items(3)), bg)).not.toMatch(/items|complete/);
  });

  it("the column diff keeps each step's Msg beside its English", () => {
    const step = {
      stepId: "A",
      label: "read",
      status: "ok" as const,
      summary: summarizeExchange(items(2)),
      summaryMsg: summarizeExchangeMsg(items(2)),
    };
    const run = { steps: [step], verdicts: [], lanes: [], durationMs: 1 } as unknown as LabRun;
    const [row] = diffRuns([{ condition: "stdio-one-process", run }]);
    expect(row.cells[0].summary).toBe("complete: 2 items");
    expect(say(row.cells[0].summaryMsg!, ru)).toBe(say(summarizeExchangeMsg(items(2)), ru));
  });
});
