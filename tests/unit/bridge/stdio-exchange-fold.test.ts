/**
 * The stdio exchange decided as a fold over process events (lib/node/bridge/stdio/exchange-fold.ts), with no
 * process: each rule of the exchange is one table of events in, effects out.
 */
import { describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/node/bridge/limits";
import type { ProcessEvent } from "@/lib/node/bridge/stdio/events";
import type { ExchangeEffect, ExchangeState } from "@/lib/node/bridge/stdio/exchange-fold";
import * as fold from "@/lib/node/bridge/stdio/exchange-fold";
import type { IdClaim } from "@/lib/node/bridge/stdio/outstanding";
import type { Awaiting } from "@/lib/protocol/awaiting";

const roomy = { recorded: 0, dropped: 0 };
const line = (frame: unknown, extra: Partial<Extract<ProcessEvent, { kind: "stdout" }>> = {}): ProcessEvent => {
  const text = JSON.stringify(frame);
  return { kind: "stdout", at: 1, text, bytes: text.length, frame, ...extra };
};
const notJson = (text: string): ProcessEvent => ({ kind: "stdout", at: 1, text, bytes: text.length });

/** Folds the events; returns the last state and every effect in order. */
function run(awaiting: Awaiting, events: ProcessEvent[], fill = roomy, start?: ExchangeState) {
  let state = start ?? fold.initialExchangeState(awaiting);
  const effects: ExchangeEffect[] = [];
  for (const event of events) {
    const step = fold.stepExchange(state, event, fill);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects, settled: effects.filter((e) => e.kind === "settle") };
}

describe("the stdio exchange as a fold over process events", () => {
  it("a request settles on the response with its id; notifications before it are recorded and fed to the progress deadline", () => {
    const progress = { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } };
    const reply = { jsonrpc: "2.0", id: 1, result: {} };
    const { effects } = run({ kind: "id", id: 1 }, [line(progress), line(reply)]);
    expect(effects.map((e) => e.kind)).toEqual(["record", "progress", "record", "progress", "settle"]);
    expect(effects.at(-1)).toEqual({ kind: "settle", outcome: { kind: "response", frame: reply } });
  });

  it("a reply to the same id owned by an earlier request is not this exchange's: a note says so, before the line", () => {
    const earlier: IdClaim = { id: 1, sentAt: Date.UTC(2026, 0, 1, 10, 0, 0, 5), reusedBy: 1 };
    const mine: IdClaim = { id: 1, sentAt: 2, reusedBy: 0 };
    const start = fold.written(fold.initialExchangeState({ kind: "id", id: 1 }), mine);
    const { effects, settled } = run(
      { kind: "id", id: 1 },
      [line({ jsonrpc: "2.0", id: 1, result: {} }, { owner: earlier })],
      roomy,
      start,
    );
    expect(settled).toEqual([]);
    expect(effects[0]).toMatchObject({ kind: "note", always: true });
    expect((effects[0] as { text: string }).text).toContain(
      "handed to the earlier request with the same id (sent at 10:00:00.005)",
    );
    expect(effects[1].kind).toBe("record");
  });

  it("a batch settles once every request id is answered, in arrival order", () => {
    const a = { jsonrpc: "2.0", id: "a", result: 1 };
    const b = { jsonrpc: "2.0", id: "b", result: 2 };
    const { settled } = run({ kind: "batch", ids: ["a", "b"] }, [line(b), line(a)]);
    expect(settled).toEqual([{ kind: "settle", outcome: { kind: "response", frame: [b, a] } }]);
  });

  it("an exit before the reply fails the exchange and names the exit; a fatal framing error fails it as framing", () => {
    const exit: ProcessEvent = { kind: "exit", at: 1, pid: 42, code: 3, signal: null };
    expect(run({ kind: "id", id: 7 }, [exit]).settled).toEqual([
      {
        kind: "settle",
        stderrTail: true,
        outcome: {
          kind: "failure",
          failure: "exit",
          message: "the process (pid 42) exited with code 3 before sending a response with id 7",
        },
      },
    ]);
    const fatal: ProcessEvent = { kind: "fatal", at: 1, message: "a line over the limit" };
    expect(run({ kind: "id", id: 7 }, [fatal]).settled[0]).toMatchObject({
      outcome: { failure: "framing", message: "a line over the limit" },
    });
  });

  it("stderr past the per-exchange cap is counted, not recorded, and the closing notes say how many", () => {
    const stderr: ProcessEvent = { kind: "stderr", at: 1, text: "log" };
    const { state, effects } = run({ kind: "id", id: 1 }, Array(LIMITS.maxStderrEventsPerExchange + 2).fill(stderr));
    expect(effects.filter((e) => e.kind === "record")).toHaveLength(LIMITS.maxStderrEventsPerExchange);
    expect(fold.closingNotes(state).map((n) => n.text)).toEqual([
      `2 more stderr lines were not added to this exchange (the process's stderr tail keeps the last ${LIMITS.stderrRingLines})`,
    ]);
  });

  it("more stdout bytes than an exchange may read settle it as size, counting the backlog it was handed", () => {
    const start = fold.initialExchangeState({ kind: "id", id: 1 }, LIMITS.maxReplyBytesPerExchange);
    const { settled } = run({ kind: "id", id: 1 }, [notJson("x")], roomy, start);
    expect(settled[0]).toMatchObject({ outcome: { kind: "failure", failure: "size" } });
  });

  it("once the record is full the exchange skims (once), and too many possible frames past the cap end it", () => {
    const full = { recorded: LIMITS.maxEventsPerExchange, dropped: 0 };
    const note = { jsonrpc: "2.0", method: "notifications/message", params: {} };
    const { effects, settled } = run(
      { kind: "id", id: 1 },
      Array(LIMITS.maxParsedLinesPastCap + 2).fill(line(note)),
      full,
    );
    expect(effects.filter((e) => e.kind === "skim")).toHaveLength(1);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ outcome: { kind: "failure", failure: "size" } });
  });

  it("at the deadline, lines that are not JSON make the failure a framing one and are counted in words", () => {
    const { state } = run({ kind: "id", id: 1 }, [notJson("hello"), notJson("world")]);
    expect(fold.timeoutFailure(state, { timeoutMs: 500, pendingBytes: 3, keep: true, pid: 9 })).toEqual({
      kind: "failure",
      failure: "framing",
      message:
        "no response with id 1 within 500 ms; stdout carried 2 lines that are not JSON (a server must write only JSON-RPC frames to stdout; logs go to stderr); stdout holds 3 bytes without a trailing newline (each message must end with \\n); the process (pid 9) stays up; a late reply will show as unsolicited in the next exchange",
    });
    expect(
      fold.timeoutFailure(fold.initialExchangeState({ kind: "id", id: 1 }), {
        timeoutMs: 500,
        pendingBytes: 0,
        keep: false,
      }).failure,
    ).toBe("timeout");
  });
});
