import { describe, expect, it } from "vitest";
import {
  beginDrain,
  callEnded,
  callStarted,
  callsInFlight,
  DRAIN,
  drainSettings,
  markReady,
  markStarting,
  readiness,
  stopSignalAction,
  whenIdle,
} from "@/lib/node/web/lifecycle";

// One life per process (module state): the cases below leave no call in flight, and only the first depends on the phase.
describe("an instance's life as a balancer sees it", () => {
  it("is not ready while starting, ready after markReady, and never ready again once draining", () => {
    markStarting();
    expect(readiness()).toEqual({ status: 503, body: { status: "starting" } });
    markReady();
    expect(readiness()).toEqual({ status: 200, body: { status: "ready" } });
    beginDrain();
    markReady();
    expect(readiness()).toEqual({ status: 503, body: { status: "draining" } });
  });

  it("whenIdle waits for the calls in flight, and gives up after its bound", async () => {
    callStarted();
    callStarted();
    expect(callsInFlight()).toBe(2);
    const idle = whenIdle(5_000);
    callEnded();
    callEnded();
    await expect(idle).resolves.toBe(true);
    callStarted();
    await expect(whenIdle(20)).resolves.toBe(false);
    callEnded();
    await expect(whenIdle(20)).resolves.toBe(true);
  });

  it("drains with a grace period in hosted mode only; the environment can change both bounds", () => {
    expect(drainSettings(true)).toEqual({ graceMs: 5_000, timeoutMs: 20_000 });
    expect(drainSettings(false)).toEqual({ graceMs: 0, timeoutMs: 20_000 });
    process.env.PLAYGROUND_DRAIN_GRACE_MS = "1500";
    try {
      expect(drainSettings(false).graceMs).toBe(1_500);
    } finally {
      delete process.env.PLAYGROUND_DRAIN_GRACE_MS;
    }
  });
});

// Issue 44 item 3: a stop sent to a whole process group (Ctrl+C in a terminal, systemd, `kill -- -PGID`) reaches the
// server from the sender and again from npm, which passes it on; the second copy must not cut the drain short.
describe("a stop signal during a drain", () => {
  const first = 1_000_000;
  it("the first signal starts the drain", () => {
    expect(stopSignalAction(null, first)).toBe("drain");
  });

  it("a signal within DRAIN.repeatWindowMs of the first is the same stop passed on: the drain goes on", () => {
    expect(DRAIN.repeatWindowMs).toBe(3_000);
    expect(stopSignalAction(first, first)).toBe("same-stop");
    expect(stopSignalAction(first, first + DRAIN.repeatWindowMs - 1)).toBe("same-stop");
  });

  it("a signal sent later (a deliberate second Ctrl+C) exits at once", () => {
    expect(stopSignalAction(first, first + DRAIN.repeatWindowMs)).toBe("exit-now");
    expect(stopSignalAction(first, first + 60_000)).toBe("exit-now");
  });

  it("the environment can widen the window (PLAYGROUND_DRAIN_REPEAT_MS)", () => {
    process.env.PLAYGROUND_DRAIN_REPEAT_MS = "120000";
    try {
      expect(stopSignalAction(first, first + 60_000)).toBe("same-stop");
      expect(stopSignalAction(first, first + 120_000)).toBe("exit-now");
    } finally {
      delete process.env.PLAYGROUND_DRAIN_REPEAT_MS;
    }
  });
});
