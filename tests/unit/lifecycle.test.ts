import { describe, expect, it } from "vitest";
import {
  beginDrain,
  callEnded,
  callStarted,
  callsInFlight,
  drainSettings,
  markReady,
  markStarting,
  readiness,
  whenIdle,
} from "@/lib/node/bridge/lifecycle";

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
