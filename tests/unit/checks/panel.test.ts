import { describe, expect, it } from "vitest";
import {
  INITIAL_CHECKS,
  checksReducer,
  countsOf,
  evidenceLinks,
  rowsOf,
  sessionSend,
  type ChecksState,
} from "@/lib/checks/panel";
import type { CheckReport, CheckResult } from "@/lib/checks/types";
import { createCommands, createStore } from "@/lib/session";
import { deliveredOver, recordingClient } from "../../helpers/session";

const result = (id: string, status: CheckResult["status"], level: CheckResult["level"] = "MUST"): CheckResult => ({
  id,
  title: id,
  level,
  status,
  specRef: "r",
  spec: { section: "§1", path: "p.mdx" },
  transports: "both",
  specUrl: "https://example.test/spec",
  detail: `${id} ${status}`,
  evidence: [`send-${id}`],
  durationMs: 1,
});
const report = (checks: CheckResult[], era: CheckReport["era"] = "modern"): CheckReport => ({
  target: "t",
  transport: "stdio",
  era,
  probe: { reason: "r", evidence: [] },
  checks,
  passed: checks.filter((c) => c.status === "pass").length,
  failed: checks.filter((c) => c.status === "fail").length,
  warned: 0,
  skipped: 0,
  notTestable: 0,
  coverage: { applied: 3, total: 3 },
  mustFailed: 0,
  score: 0,
});
const reduce = (actions: Parameters<typeof checksReducer>[1][], from: ChecksState = INITIAL_CHECKS) =>
  actions.reduce(checksReducer, from);

describe("the Checks panel's state", () => {
  it("results appear as each check finishes, and the finished report replaces them", () => {
    const s = reduce([
      { type: "run/started", targetKey: "k", targetLabel: "calendar", ids: ["C01", "C02"] },
      { type: "check/started", id: "C01" },
      { type: "check/done", result: result("C01", "pass") },
      { type: "check/started", id: "C02" },
    ]);
    const rows = rowsOf(s, "stdio");
    expect(rows.find((r) => r.id === "C01")).toMatchObject({ state: "done", result: { status: "pass" } });
    expect(rows.find((r) => r.id === "C02")).toMatchObject({ state: "running" });
    expect(rows.find((r) => r.id === "C03")).toMatchObject({ state: "waiting" });
    expect(rows.some((r) => r.id === "C41")).toBe(false); // HTTP-only checks are not rows of a stdio target
    const done = checksReducer(s, {
      type: "run/finished",
      report: report([result("C01", "pass"), result("C02", "fail")]),
    });
    expect(done.phase).toBe("done");
    expect(countsOf(rowsOf(done, "stdio"))).toMatchObject({ pass: 1, fail: 1, mustFailed: 1 });
  });

  it("re-running one check replaces only its row and recounts the report", () => {
    const first = reduce([
      { type: "run/started", targetKey: "k", targetLabel: "calendar", ids: ["C01", "C02"] },
      { type: "run/finished", report: report([result("C01", "pass"), result("C02", "fail")]) },
    ]);
    const rerun = reduce(
      [
        { type: "run/started", targetKey: "k", targetLabel: "calendar", ids: ["C02"] },
        { type: "run/finished", report: report([result("C02", "pass")]), only: ["C02"] },
      ],
      first,
    );
    expect(rerun.report?.checks.map((c) => `${c.id}:${c.status}`)).toEqual(["C01:pass", "C02:pass"]);
    expect(rerun.report).toMatchObject({ passed: 2, failed: 0 });
  });

  it("a run on another target starts from empty rows", () => {
    const first = reduce([
      { type: "run/started", targetKey: "a", targetLabel: "a", ids: ["C01"] },
      { type: "check/done", result: result("C01", "fail") },
    ]);
    const other = checksReducer(first, { type: "run/started", targetKey: "b", targetLabel: "b", ids: ["C01"] });
    expect(other.results).toEqual({});
  });

  it("evidence links name the timeline card (#seq) of each exchange still there", () => {
    expect(
      evidenceLinks(
        ["x", "gone", "y"],
        [
          { sendId: "y", seq: 9 },
          { sendId: "x", seq: 4 },
        ],
      ),
    ).toEqual([
      { sendId: "x", seq: 4 },
      { sendId: "y", seq: 9 },
    ]);
  });
});

describe("checks through the session: visible in the timeline, with the control they need", () => {
  const fake = () => recordingClient(deliveredOver("http"));

  it("sendFrame carries processMode, timeoutMs and http, labels the card, and can leave a remembered legacy session out", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "calendar-http" });
    store.dispatch({
      type: "send/started",
      seq: 1,
      sendId: "old",
      label: null,
      targetKey: "demo:calendar:http",
      targetLabel: "c",
      transport: "http",
      timeoutMs: 1,
      sent: "{}",
      notJson: false,
      oneLined: false,
      sendHeaders: null,
      startedAt: 0,
    });
    const { client, sent } = fake();
    const commands = createCommands(store, { client });
    // A legacy session remembered for this target (as after an initialize).
    store.dispatch({
      type: "probe/finished",
      targetKey: "demo:calendar:http",
      verdict: { status: "done", era: "legacy", reason: "r" },
      session: { sessionId: "sess", protocolVersion: "2025-11-25" },
    });
    const send = sessionSend(commands.sendFrame);
    await send('{"jsonrpc":"2.0","id":"C52-1","method":"tools/list"}', {
      label: "C52 GET",
      http: { method: "GET", omitImplied: ["Mcp-Method"] },
      processMode: "fresh",
      timeoutMs: 1234,
    });
    expect(sent[0]).toMatchObject({
      http: { method: "GET", omitImplied: ["Mcp-Method"] },
      processMode: "fresh",
      timeoutMs: 1234,
    });
    expect(sent[0].headers).toBeUndefined();
    const card = store.getState().entries.at(-1)!;
    expect(card).toMatchObject({ label: "check C52 GET", timeoutMs: 1234 });
    await commands.sendFrame('{"jsonrpc":"2.0","id":2,"method":"tools/list"}', { label: "plain panel send" });
    expect(sent[1].headers).toEqual({ "Mcp-Session-Id": "sess", "MCP-Protocol-Version": "2025-11-25" });
  });

  it("timeline/focus asks the timeline to show one exchange (a new nonce each time); clearing the timeline forgets it", () => {
    const store = createStore();
    store.dispatch({ type: "timeline/focus", sendId: "a" });
    store.dispatch({ type: "timeline/focus", sendId: "a" });
    expect(store.getState().focus).toEqual({ sendId: "a", nonce: 2 });
    store.dispatch({ type: "timeline/clear" });
    expect(store.getState().focus).toBeNull();
  });

  it("a frame the bridge did not deliver stops the run with a reason", async () => {
    const send = sessionSend(async () => null);
    await expect(send("{}", { label: "C01" })).rejects.toThrow("did not deliver");
  });
});
