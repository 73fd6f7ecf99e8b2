import { describe, expect, it } from "vitest";
import type { Exchange, ExchangeOutcome } from "@/lib/bridge/contract";
import { buildStepFrame, parseLabScript, readPath, resolveRefs, type LabScript } from "@/lib/lab/script";
import { diffRuns, runLabScript, type LabSend } from "@/lib/lab/runner";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";

const chapter = () => {
  const r = parseLabScript(BUILT_IN_SCRIPTS[0].script);
  if (!r.ok) throw new Error(r.error);
  return r.script;
};

describe("lab script format", () => {
  it.each(BUILT_IN_SCRIPTS.map((s) => [s.id, s.script] as const))(
    "built-in script %s is a valid v1 script",
    (_id, script) => {
      expect(parseLabScript(script).ok).toBe(true);
    },
  );

  it.each([
    ["not JSON", "{", /not JSON/],
    [
      "wrong format tag",
      { format: "x", title: "t", target: { kind: "demo", server: "calendar", transport: "stdio" }, steps: [] },
      /format/,
    ],
    [
      "retry of a later step",
      {
        format: "mcp-playground/lab-script@1",
        title: "t",
        target: { kind: "demo", server: "calendar", transport: "stdio" },
        steps: [
          { id: "A", label: "a", retryOf: "B" },
          { id: "B", label: "b", frame: { method: "tools/list" } },
        ],
      },
      /not an earlier step/,
    ],
    [
      "duplicate step id",
      {
        format: "mcp-playground/lab-script@1",
        title: "t",
        target: { kind: "demo", server: "calendar", transport: "stdio" },
        steps: [
          { id: "A", label: "a", frame: {} },
          { id: "A", label: "b", frame: {} },
        ],
      },
      /used twice/,
    ],
  ])("a script with %s is refused with the reason", (_l, input, message) => {
    const r = parseLabScript(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe("references to earlier replies", () => {
  const records = {
    open: { request: { method: "tools/call" }, response: { result: { structuredContent: { calendar: "cal_x" } } } },
    C: { response: { result: { contents: [{ text: '[{"id":"e1"},{"id":"e2"}]' }] } } },
  };

  it.each([
    ["open.result.structuredContent.calendar", "cal_x"],
    ["C.result.contents[0].text|json", [{ id: "e1" }, { id: "e2" }]],
    ["open.request.method", "tools/call"],
  ])("readPath %s", (path, expected) => {
    expect(readPath(records, path)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["Z.result.x", /step "Z" has not run/],
    ["open.error.code", /has no error/],
    ["open.result.nothing", /has no "nothing"/],
    ["open.result.structuredContent.calendar|yaml", /unknown filter/],
  ])("an unresolvable reference %s says why", (path, message) => {
    const r = readPath(records, path);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it("a string that is only a reference takes the value's JSON type; embedded references interpolate", () => {
    expect(
      resolveRefs(
        { a: "{{C.result.contents[0].text|json}}", b: "cal={{open.result.structuredContent.calendar}}" },
        records,
      ),
    ).toEqual({
      ok: true,
      value: { a: [{ id: "e1" }, { id: "e2" }], b: "cal=cal_x" },
    });
  });
});

describe("the retry step (MRTR client rules)", () => {
  const script = chapter();
  const A = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { _meta: {}, name: "create_event", arguments: { title: "Dentist" } },
  };

  it("uses a new id, the original method and params, inputResponses keyed like inputRequests, and requestState verbatim", () => {
    const records = {
      A: {
        request: A,
        response: {
          result: {
            resultType: "input_required",
            inputRequests: { when: {} },
            requestState: "eyJ0aXRsZSI6IkRlbnRpc3QifQ==",
          },
        },
      },
    };
    const r = buildStepFrame(script.steps[1], records, 2);
    expect(r).toEqual({
      ok: true,
      value: {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          _meta: {},
          name: "create_event",
          arguments: { title: "Dentist" },
          inputResponses: { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } },
          requestState: "eyJ0aXRsZSI6IkRlbnRpc3QifQ==",
        },
      },
    });
  });

  it("carries no requestState when the server gave none", () => {
    const records = {
      A: { request: A, response: { result: { resultType: "input_required", inputRequests: { when: {} } } } },
    };
    const r = buildStepFrame(script.steps[1], records, 2);
    expect(r.ok && "requestState" in (r.value.params as object)).toBe(false);
  });

  it("cannot retry a step that completed", () => {
    const r = buildStepFrame(
      script.steps[1],
      { A: { request: A, response: { result: { resultType: "complete" } } } },
      2,
    );
    expect(r).toEqual({ ok: false, error: 'step "A" did not answer input_required, so there is nothing to retry' });
  });
});

/** A calendar that behaves like the chapter's toy server, run in `pids` (one per message when fresh). */
/** The exchange a lab send returns for the text `sent` that ended with `outcome` (one stdio send of 1 ms). */
const exchangeOf = (sent: string, outcome: ExchangeOutcome, over: Partial<Exchange> = {}): Exchange => ({
  sendId: "s",
  startedAt: 0,
  durationMs: 1,
  targetLabel: "t",
  transport: "stdio",
  sent,
  received: [],
  outcome,
  events: [],
  timeoutMs: 1000,
  ...over,
});

function toyCalendar(fresh: boolean): LabSend {
  let pid = 100;
  let events = 2;
  return async (text) => {
    const frame = JSON.parse(text);
    if (fresh) {
      pid += 1;
      events = 2;
    }
    const respond = (result: unknown): ExchangeOutcome => ({
      kind: "response",
      frame: { jsonrpc: "2.0", id: frame.id, result },
    });
    let outcome: ExchangeOutcome;
    if (frame.method === "tools/call" && !frame.params.inputResponses)
      outcome = respond({
        resultType: "input_required",
        inputRequests: { when: {} },
        requestState: "eyJ0aXRsZSI6IkRlbnRpc3QifQ==",
      });
    else if (frame.method === "tools/call") {
      events += 1;
      outcome = respond({
        resultType: "complete",
        content: [{ type: "text", text: `Created e${events}: Dentist at 2026-09-10T08:30:00Z` }],
        structuredContent: { id: `e${events}` },
      });
    } else
      outcome = respond({
        resultType: "complete",
        contents: [{ text: JSON.stringify(Array.from({ length: events }, (_, i) => ({ id: `e${i + 1}` }))) }],
      });
    const exchange = exchangeOf(text, outcome, { process: { pid, fresh } });
    return exchange;
  };
}

describe("verdicts are computed from the frames", () => {
  it("fresh process per message: three lanes, continuation survived, state lost (the chapter's result)", async () => {
    const run = await runLabScript(chapter(), toyCalendar(true));
    expect(run.lanes.map((l) => l.lane)).toEqual(["A", "B", "C"]);
    expect(run.verdicts.map((v) => v.outcome)).toEqual(["survived", "lost"]);
    expect(run.verdicts[0].text).toBe(
      "continuation survived: step B finished the round trip step A started, in another process (pid 101 → pid 102), carried by its requestState",
    );
    expect(run.verdicts[1].text).toBe(
      "state lost: step C shows 2 entries, step B created e3 — read in another process (pid 102 → pid 103)",
    );
  });

  it("one process for the whole script: one lane, state kept", async () => {
    const run = await runLabScript(chapter(), toyCalendar(false));
    expect(run.lanes).toHaveLength(1);
    expect(run.verdicts.map((v) => v.outcome)).toEqual(["survived", "kept"]);
    expect(run.verdicts[1].text).toContain("state kept: step C lists e3 (3 entries)");
  });

  it("the diff marks the step whose answer differs between conditions", async () => {
    const rows = diffRuns([
      { condition: "one process", run: await runLabScript(chapter(), toyCalendar(false)) },
      { condition: "fresh process", run: await runLabScript(chapter(), toyCalendar(true)) },
    ]);
    expect(rows.map((r) => [r.stepId, r.differs])).toEqual([
      ["A", false],
      ["B", false],
      ["C", true],
    ]);
  });

  it("a failed step stops the run and later steps say why they were skipped", async () => {
    const send: LabSend = async (text) =>
      exchangeOf(text, { kind: "failure", failure: "spawn", message: "could not start node" });
    const run = await runLabScript(chapter() as LabScript, send);
    expect(run.steps.map((s) => s.status)).toEqual(["failed", "skipped", "skipped"]);
    expect(run.steps[1].reason).toBe("step A failed");
    expect(run.verdicts[0].outcome).toBe("undetermined");
  });
});
