/**
 * The "replay" target: a gallery example's recording answered by the real bridge (`send`) from its cassette, with
 * nothing spawned — the page's "replay of …" targets.
 */
import { describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { exampleById } from "@/lib/share/examples";
import { sendFrame } from "./helpers";
import { readOutcome } from "@/tests/helpers/exchange";

const dentist: Target = { kind: "replay", cassette: "dentist-mrtr" };

describe("a replay target", () => {
  it("answers the example's own frame with its recorded answer, spawning nothing", async () => {
    const example = exampleById("dentist-mrtr")!.state;
    const recorded = example.exchanges[0];
    const x = await sendFrame(dentist, example.exchanges[0].sent);
    expect(x.process).toBeUndefined();
    expect(x.events.some((e) => e.kind === "spawn")).toBe(false);
    expect(x.events[0]).toMatchObject({
      kind: "note",
      text: 'a replay: answered from the recording of the gallery example "dentist-mrtr"; nothing was spawned or sent',
    });
    expect(x.outcome).toEqual(recorded.outcome);
    expect(x.targetLabel).toBe("replay of dentist-mrtr (cassette)");
  });

  it("answers a request it has no recording for with an error naming the closest recorded request", async () => {
    const x = await sendFrame(dentist, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "create_evnt", arguments: {} },
    });
    expect(readOutcome(x)).toMatchObject({
      kind: "response",
      frame: {
        id: 7,
        error: {
          code: -32602,
          message: expect.stringContaining('Closest recorded request: tools/call {"name":"create_event"'),
        },
      },
    });
  });

  it("is refused by the contract when it names no known recording", async () => {
    await expect(
      sendFrame({ kind: "replay", cassette: "nope" } as unknown as Target, { jsonrpc: "2.0", id: 1, method: "ping" }),
    ).rejects.toThrow();
  });
});
