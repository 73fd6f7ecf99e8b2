import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { announcements, onSay, say } from "@/lib/a11y/announce";
import { labFailedSentence, labSentence, type LabReport } from "@/lib/lab/report";
import { billSentence, type Bill } from "@/lib/tokens/bill";
import { initialState, reducer, type Action, type SessionState } from "@/lib/session";
import { sendStarted } from "../helpers/session";

const started = (seq: number, sentText: string) => sendStarted(seq, sentText);

const exchange = (outcome: Exchange["outcome"]): Exchange => ({
  sendId: "s1",
  startedAt: 0,
  durationMs: 3,
  targetLabel: "calendar (stdio)",
  transport: "stdio",
  sent: "",
  received: [],
  outcome,
  events: [],
  timeoutMs: 10000,
});

/** Every sentence the live region would say while these actions happen one by one. */
function spoken(actions: Action[], from: SessionState = initialState()): string[] {
  const said: string[] = [];
  actions.reduce((prev, action) => {
    const next = reducer(prev, action);
    said.push(...announcements(prev, next));
    return next;
  }, from);
  return said;
}

describe("the live region's sentences", () => {
  it("a reply arriving is announced once, as one short sentence naming the request", () => {
    const said = spoken([
      started(1, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
      {
        type: "send/finished",
        seq: 1,
        exchange: exchange({ kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { tools: [] } } }),
      },
    ]);
    expect(said).toEqual(["Reply to #1 tools/list: response."]);
  });

  it("an error reply, a failure and a bridge refusal say what went wrong", () => {
    const said = spoken([
      started(1, '{"method":"tools/list"}'),
      started(2, '{"method":"tools/call"}'),
      started(3, '{"method":"ping"}'),
      {
        type: "send/finished",
        seq: 1,
        exchange: exchange({
          kind: "response",
          frame: { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "bad" } },
        }),
      },
      {
        type: "send/finished",
        seq: 2,
        exchange: exchange({ kind: "failure", failure: "timeout" } as Exchange["outcome"]),
      },
      { type: "send/failed", seq: 3, kind: "network", message: "offline" },
    ]);
    expect(said).toEqual([
      "#1 tools/list ended with error -32602 Invalid params.",
      "#2 tools/call ended with failure · timeout.",
      "#3 ping ended with bridge refused · network.",
    ]);
  });

  it("nothing is said when a send starts, or when settled exchanges are loaded from a link", () => {
    const settled = reducer(reducer(initialState(), started(1, '{"method":"ping"}')), {
      type: "send/finished",
      seq: 1,
      exchange: exchange({ kind: "response", frame: {} }),
    });
    expect(spoken([started(1, "{}")])).toEqual([]);
    expect(spoken([{ type: "session/load", state: settled }])).toEqual([]);
  });

  it("a probe verdict and a probe failure are announced; so is a send that was refused before leaving", () => {
    const said = spoken([
      { type: "probe/started", targetKey: "k" },
      {
        type: "probe/finished",
        targetKey: "k",
        verdict: { status: "done", era: "legacy", version: "2025-11-25", reason: "a long reason" },
      },
      { type: "probe/started", targetKey: "k" },
      { type: "probe/failed", targetKey: "k", message: "connection refused" },
      { type: "send/blocked", problem: { kind: "not-json", message: "The frame is not JSON." } },
    ]);
    expect(said).toEqual([
      "Probe verdict: legacy (2025-11-25).",
      "Probe failed: connection refused",
      "Not sent: The frame is not JSON.",
    ]);
  });
});

describe("the live region's sentences for panels with their own state", () => {
  const column = (condition: string, label: string, verdicts: string[], pids: number[]) => ({
    condition,
    label,
    explain: "",
    run: {
      steps: [],
      verdicts: verdicts.map((text) => ({ rule: "state", outcome: "lost", text })),
      lanes: pids.map((pid, i) => ({ lane: String.fromCharCode(65 + i), pid })),
      durationMs: 1,
    },
  });

  it("a finished experiment is one sentence: each column's verdict heads and its process count", () => {
    const report = {
      title: "t",
      description: "",
      diff: [],
      limits: {},
      durationMs: 5,
      columns: [
        column(
          "stdio-one-process",
          "stdio · one process",
          ["continuation survived: step B …", "state kept: step C lists e3 (3)"],
          [11],
        ),
        column(
          "stdio-fresh-process",
          "stdio · a fresh process",
          ["continuation survived: step B …", "state lost: step C shows 2 entries"],
          [12, 13, 14],
        ),
        { condition: "http-balanced", label: "HTTP · two instances", explain: "", error: "HTTP only" },
      ],
    } as unknown as LabReport;
    expect(labSentence(report)).toBe(
      "Experiment finished: stdio · one process: continuation survived, state kept, 1 process; stdio · a fresh process: continuation survived, state lost, 3 processes; HTTP · two instances: could not run.",
    );
    expect(labFailedSentence("bad-request: the script has no steps\nmore")).toBe(
      "Experiment could not run: bad-request: the script has no steps",
    );
  });

  it("a finished catalogue bill says the total and its parts, with thousands separators", () => {
    const bill = {
      tools: 13,
      toolsTokens: 1307,
      instructionsTokens: 312,
      hasInstructions: true,
      totalTokens: 1619,
    } as Bill;
    expect(billSentence(bill)).toBe("Catalogue bill: 1,619 tokens — 13 tools 1,307, instructions 312.");
    expect(
      billSentence({
        ...bill,
        tools: 1,
        toolsTokens: 40,
        instructionsTokens: 0,
        hasInstructions: false,
        totalTokens: 40,
      }),
    ).toBe("Catalogue bill: 40 tokens — 1 tool 40.");
  });

  it("say reaches every listening region once, and not after it unsubscribes", () => {
    const heard: string[] = [];
    const stop = onSay((s) => heard.push(s));
    say("one");
    stop();
    say("two");
    expect(heard).toEqual(["one"]);
  });
});
