// Push as the client reads it: the frames of a task listen stream, and a follower that gets notifications/tasks
// (moves marked "push", relaxed polls while the ack names the task, a pushed terminal state ends it without a poll).
import { describe, expect, it } from "vitest";
import { createFollower, readPushFrame, RELAXED_POLL_MS, type ExchangeLike } from "@/lib/tasks";

const SUB = "io.modelcontextprotocol/subscriptionId";
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: "T",
  status,
  createdAt: "2026-09-10T08:00:00Z",
  lastUpdatedAt: "2026-09-10T08:00:00Z",
  ttlMs: 60000,
  pollIntervalMs: 500,
  ...extra,
});
/** The pushed task asking its confirm question (an elicitation form) — what the tests push mid-task. */
const confirmAsked = () => ({
  ...task("input_required", {
    inputRequests: {
      confirm: {
        method: "elicitation/create",
        params: { mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } },
      },
    },
  }),
});

describe("reading a task listen stream", () => {
  it.each([
    [
      "the ack, with the ids it names",
      {
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: { taskIds: ["T"] }, _meta: { [SUB]: "s" } },
      },
      { kind: "ack", taskIds: ["T"] },
    ],
    [
      "an ack that names none",
      {
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: {}, _meta: { [SUB]: "s" } },
      },
      { kind: "ack", taskIds: [] },
    ],
    [
      "a pushed task",
      { jsonrpc: "2.0", method: "notifications/tasks", params: { ...task("working"), _meta: { [SUB]: "s" } } },
      { kind: "task", taskId: "T", task: { ...task("working"), _meta: { [SUB]: "s" } } },
    ],
    [
      "another stream's push",
      { jsonrpc: "2.0", method: "notifications/tasks", params: { ...task("working"), _meta: { [SUB]: "other" } } },
      undefined,
    ],
    ["the graceful end", { jsonrpc: "2.0", id: "s", result: { resultType: "complete" } }, { kind: "closed" }],
    [
      "a refusal",
      { jsonrpc: "2.0", id: "s", error: { code: -32021, message: "Missing required client capability" } },
      { kind: "error", message: "-32021 Missing required client capability" },
    ],
    ["another request's reply", { jsonrpc: "2.0", id: 3, result: {} }, undefined],
  ])("%s", (_name, frame, expected) => {
    expect(readPushFrame(frame, "s")).toEqual(expected);
  });
});

describe("a follower with push", () => {
  function harness() {
    let now = 0;
    const sleeps: number[] = [];
    const sent: string[] = [];
    let onSleep: () => void = () => {};
    const deps = {
      now: () => now,
      sleep: (ms: number, signal: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          sleeps.push(ms);
          signal.addEventListener("abort", () => reject(new Error("woken")));
          onSleep = () => {
            now += ms;
            resolve();
          };
        }),
      send: async (frame: Record<string, unknown>): Promise<ExchangeLike> => {
        sent.push(String(frame.method));
        const result =
          frame.method === "tools/call"
            ? { resultType: "task", ...task("working") }
            : { resultType: "complete", ...task("working") };
        return { outcome: { kind: "response", frame: { jsonrpc: "2.0", id: frame.id, result } } };
      },
    };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    return { deps, sleeps, sent, wakeSleep: () => onSleep(), tick, setNow: (t: number) => (now = t) };
  }

  it("polls relaxed while pushed, marks pushed moves, and a pushed terminal state ends the run without another poll", async () => {
    const h = harness();
    const f = createFollower(h.deps, { tool: "slow_report" });
    const done = f.run();
    await h.tick();
    expect(h.sleeps).toEqual([500]); // the server's pollIntervalMs before the ack
    h.wakeSleep();
    await h.tick();
    f.setPushing(true);
    expect(h.sleeps.at(-1)).toBe(500);
    h.wakeSleep();
    await h.tick();
    expect(h.sleeps.at(-1)).toBe(RELAXED_POLL_MS);
    h.setNow(1200);
    f.pushed(confirmAsked());
    h.setNow(1800);
    f.pushed(task("completed", { result: { content: [], isError: false } }));
    const track = await done;
    expect(track.outcome).toBe("completed");
    expect(track.moves.map((m) => `${m.to}:${m.via}`)).toEqual([
      "working:created",
      "input_required:push",
      "completed:push",
    ]);
    expect(track.moves.at(-1)?.why).toContain("inline in notifications/tasks");
    expect(h.sent).toEqual(["tools/call", "tasks/get", "tasks/get"]);
    expect(track.polls.at(-1)?.delay).toEqual({ delayMs: 500, source: "server" });
    expect(track.exchanges.filter((e) => e.via === "push").map((e) => e.method)).toEqual([
      "notifications/tasks",
      "notifications/tasks",
    ]);
  });

  it("a pushed input_required with an answer at hand is answered at once with tasks/update, not after another poll", async () => {
    const h = harness();
    const f = createFollower(h.deps, {
      tool: "confirm_booking",
      answers: { confirm: { action: "accept", content: { confirmed: true } } },
    });
    void f.run();
    await h.tick();
    f.setPushing(true);
    f.pushed(confirmAsked());
    await h.tick();
    await h.tick();
    expect(h.sent).toEqual(["tools/call", "tasks/update"]);
    f.stop();
  });

  it("ignores a push for another task id", async () => {
    const h = harness();
    const f = createFollower(h.deps, { tool: "slow_report" });
    void f.run();
    await h.tick();
    f.pushed({ ...task("completed", { result: {} }), taskId: "other" });
    f.stop();
    expect(h.sent).toEqual(["tools/call"]);
  });
});
