import { describe, expect, it } from "vitest";
import { feedFor, notificationText } from "@/lib/session/live-feed";
import type { TimelineEntry } from "@/lib/session/state";
import { exchangeOf, type ExchangeWithFrames } from "@/tests/helpers/exchange";

function done(seq: number, exchange: Partial<ExchangeWithFrames>, targetKey = "demo:everything:stdio"): TimelineEntry {
  const x = exchangeOf({
    startedAt: 1_000 * seq,
    durationMs: 50,
    received: [],
    events: [],
    outcome: { kind: "response", frame: {} },
    ...exchange,
  } as ExchangeWithFrames);
  return {
    seq,
    targetKey,
    sent: "{}",
    label: null,
    phase: { status: "done", exchange: x },
  } as unknown as TimelineEntry;
}

describe("the stderr and notifications pane (pure)", () => {
  it("collects one target's stderr, notifications, spawns and exits in arrival order, each with its card", () => {
    const entries = [
      done(1, {
        events: [
          { t: 1, kind: "spawn", pid: 42, argv: ["node", "server.js"] },
          { t: 5, kind: "stderr", text: "Starting default (STDIO) server..." },
          {
            t: 9,
            kind: "stdout",
            text: "",
            frame: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hello" } },
          },
          { t: 10, kind: "stdout", text: "", frame: { jsonrpc: "2.0", id: 1, result: {} } },
        ],
      }),
      done(2, { events: [{ t: 3, kind: "stderr", text: "other target" }] }, "demo:calendar:stdio"),
      done(3, { events: [{ t: 2, kind: "exit", pid: 42, code: 3, signal: null }] }),
    ];
    expect(feedFor(entries, "demo:everything:stdio").map((l) => [l.kind, l.text, l.seq, l.at])).toEqual([
      ["spawn", "process started, pid 42: node server.js", 1, 1001],
      ["stderr", "Starting default (STDIO) server...", 1, 1005],
      ["notification", 'notifications/message {"level":"info","data":"hello"}', 1, 1009],
      ["exit", "process 42 exited (code 3)", 3, 3002],
    ]);
  });

  it("over HTTP the notifications come from the frames received; stderr written between exchanges comes from the process status", () => {
    const http = done(
      1,
      {
        received: [
          { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } },
          { jsonrpc: "2.0", id: 1, result: {} },
        ],
      },
      "demo:calendar:http",
    );
    expect(feedFor([http], "demo:calendar:http").map((l) => l.text)).toEqual(['notifications/progress {"progress":1}']);
    const stdio = done(1, { events: [{ t: 1, kind: "stderr", text: "seen" }] });
    const lines = feedFor([stdio], "demo:everything:stdio", { running: true, stderrTail: ["seen", "written later"] });
    expect(lines.map((l) => [l.kind, l.text])).toEqual([
      ["stderr", "seen"],
      ["between", "written later"],
    ]);
  });

  it("a reply is not a notification, and a long line is cut with its length said", () => {
    expect(notificationText({ jsonrpc: "2.0", id: 1, method: "x" })).toBeNull();
    const long = notificationText({ jsonrpc: "2.0", method: "n", params: { s: "x".repeat(5000) } })!;
    expect(long.length).toBeLessThan(2100);
    expect(long).toMatch(/… \(5,\d{3} characters\)$/);
  });
});
