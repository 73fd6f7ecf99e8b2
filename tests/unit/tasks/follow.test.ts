// The follower against a scripted server on an injected clock: no real time passes.
import { describe, expect, it } from "vitest";
import { createFollower, followReport, type ExchangeLike } from "@/lib/tasks";

function fakeServer(script: (method: string, params: Record<string, unknown>, now: number) => Record<string, unknown>) {
  let now = 0;
  const sent: { method: string; at: number }[] = [];
  return {
    deps: {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
      send: async (frame: Record<string, unknown>): Promise<ExchangeLike> => {
        const method = String(frame.method);
        sent.push({ method, at: now });
        const params = frame.params as Record<string, unknown>;
        const reply = script(method, params, now);
        return { outcome: { kind: "response", frame: { jsonrpc: "2.0", id: frame.id, ...reply } } };
      },
    },
    sent,
  };
}

const task = (status: string, now: number, extra: Record<string, unknown> = {}) => ({
  taskId: "T",
  status,
  createdAt: "2026-09-10T08:00:00Z",
  lastUpdatedAt: "2026-09-10T08:00:00Z",
  ttlMs: 60000,
  pollIntervalMs: now < 1000 ? 300 : 700,
  ...extra,
});

describe("following a task", () => {
  it("polls at the pollIntervalMs of the latest answer (it may change) until a terminal state", async () => {
    const { deps, sent } = fakeServer((method, _p, now) => {
      if (method === "tools/call") return { result: { resultType: "task", ...task("working", now) } };
      return {
        result: {
          resultType: "complete",
          ...(now >= 2000 ? task("completed", now, { result: { content: [] } }) : task("working", now)),
        },
      };
    });
    const f = createFollower(deps, { tool: "slow_report" });
    const track = await f.run();
    expect(track.outcome).toBe("completed");
    expect(sent.map((s) => s.at)).toEqual([0, 300, 600, 900, 1200, 1900, 2600]);
    const report = followReport(track, 0);
    expect(report.states).toEqual(["working", "completed"]);
    expect(report.polls.map((p) => p.atMs)).toEqual([300, 600, 900, 1200, 1900, 2600]);
    expect(report.pollIntervalMs).toBe(700);
  });

  it("a user override replaces the server's interval but never goes below the floor", async () => {
    const { deps, sent } = fakeServer((method, _p, now) => ({
      result: {
        resultType: method === "tools/call" ? "task" : "complete",
        ...(now >= 1000 ? task("completed", now, { result: {} }) : task("working", now)),
      },
    }));
    await createFollower(deps, { tool: "x", overridePollMs: 10 }).run();
    expect(sent.slice(0, 3).map((s) => s.at)).toEqual([0, 250, 500]);
  });

  it("answers each input request key once with tasks/update, however many polls repeat it", async () => {
    let answered = false;
    const ask = {
      confirm: {
        method: "elicitation/create",
        params: {
          message: "Sure?",
          requestedSchema: { type: "object", properties: { confirmed: { type: "boolean" } } },
        },
      },
    };
    const { deps, sent } = fakeServer((method, _p, now) => {
      if (method === "tools/call") return { result: { resultType: "task", ...task("working", now) } };
      if (method === "tasks/update") {
        answered = true;
        return { result: { resultType: "complete" } };
      }
      if (now >= 3000) return { result: { resultType: "complete", ...task("completed", now, { result: {} }) } };
      return {
        result: {
          resultType: "complete",
          ...(answered || now < 600 ? task("working", now) : task("input_required", now, { inputRequests: ask })),
        },
      };
    });
    let polls = 0;
    const f = createFollower(
      {
        ...deps,
        onUpdate: (t) =>
          t.pending.length &&
          ++polls === 3 &&
          f.answer({ confirm: { action: "accept", content: { confirmed: true } }, stray: {} }),
      },
      { tool: "confirm_booking" },
    );
    const track = await f.run();
    expect(sent.filter((s) => s.method === "tasks/update")).toHaveLength(1);
    expect(track.seenKeys).toEqual(["confirm"]);
    expect(track.exchanges.find((e) => e.method === "tasks/update")?.sent).toMatchObject({
      params: { inputResponses: { confirm: { action: "accept" } } },
    });
    expect(
      (track.exchanges.find((e) => e.method === "tasks/update")?.sent.params as Record<string, unknown>).inputResponses,
    ).not.toHaveProperty("stray");
    expect(track.moves.map((m) => m.to)).toEqual(["working", "input_required", "working", "completed"]);
  });

  it("without an answer the CLI mode stops with missing-answer naming the key", async () => {
    const ask = {
      confirm: {
        method: "elicitation/create",
        params: { message: "?", requestedSchema: { type: "object", properties: {} } },
      },
    };
    const { deps } = fakeServer((method, _p, now) => ({
      result: {
        resultType: method === "tools/call" ? "task" : "complete",
        ...task("input_required", now, { inputRequests: ask }),
      },
    }));
    const track = await createFollower(deps, { tool: "x", failOnMissingAnswer: true }).run();
    expect(track.outcome).toBe("missing-answer");
    expect(track.message).toContain("confirm");
  });

  it("reports a server that did not make a task, and a -32021", async () => {
    const plain = fakeServer(() => ({ result: { resultType: "complete", content: [] } }));
    expect((await createFollower(plain.deps, { tool: "x" }).run()).outcome).toBe("not-a-task");
    const refused = fakeServer(() => ({ error: { code: -32021, message: "declare it" } }));
    const track = await createFollower(refused.deps, { tool: "x" }).run();
    expect(track).toMatchObject({ outcome: "error", message: "tools/call answered error -32021: declare it" });
  });

  it("a terminal state followed by another status is flagged as an illegal move", async () => {
    const { deps } = fakeServer((method, _p, now) => ({
      result: {
        resultType: method === "tools/call" ? "task" : "complete",
        ...task(now >= 300 ? "cancelled" : "working", now),
      },
    }));
    const track = await createFollower(deps, { tool: "x" }).run();
    expect(track.moves.every((m) => m.legal)).toBe(true);
    expect(track.outcome).toBe("cancelled");
  });

  it("resumes a task by id (a link, a session file, a stopped card): tasks/get at once, no new tools/call", async () => {
    const { deps, sent } = fakeServer((_m, _p, now) => ({
      result: {
        resultType: "complete",
        ...(now >= 600 ? task("completed", now, { result: {} }) : task("working", now)),
      },
    }));
    const track = await createFollower(deps, { tool: "slow_report", resumeTaskId: "T" }).run();
    expect(sent.map((s) => `${s.method}@${s.at}`)).toEqual(["tasks/get@0", "tasks/get@300", "tasks/get@600"]);
    expect(track.moves[0]).toMatchObject({ from: null, to: "working", via: "poll" });
    expect(track.outcome).toBe("completed");
  });
});
