/**
 * Every gallery example is a fixture: replayed live through the bridge's send() against the real embedded
 * servers, each exchange gets back the very frames that were recorded. If a server (or the SDK) changes
 * behaviour, the example is stale and this fails; re-record with scripts/record-examples.mjs.
 */
import { afterAll, describe, expect, it } from "vitest";
import { controlProcess, send } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { EXAMPLES } from "@/lib/share/examples";
import { livePlan } from "@/lib/share/live";
import { receivedFrames } from "@/lib/protocol/exchange";

afterAll(async () => {
  await shutdownAll();
});

let n = 0;

describe("gallery examples replay live with the recorded result", () => {
  it.each(EXAMPLES.map((e) => [e.id, e] as const))("%s", async (_id, example) => {
    const plan = livePlan(example.state);
    await controlProcess("close", plan.target);
    try {
      for (const [i, step] of plan.steps.entries()) {
        const live = await send({
          sendId: `replay-${++n}`,
          target: plan.target,
          frame: step.frame,
          insist: false,
          timeoutMs: step.timeoutMs,
          processMode: step.processMode,
        });
        const recorded = example.state.exchanges[i];
        expect(live.outcome.kind, `${example.id} #${i + 1} outcome`).toBe(recorded.outcome.kind);
        expect(receivedFrames(live), `${example.id} #${i + 1} frames`).toEqual(receivedFrames(recorded));
        expect(live.process?.fresh).toBe(recorded.process?.fresh);
      }
    } finally {
      await controlProcess("close", plan.target);
    }
  });
});
