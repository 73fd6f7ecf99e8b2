/**
 * The "replay" target: a gallery example's recording answered by the real bridge (`send`) from its cassette, with
 * nothing spawned — the page's "replay of …" targets.
 */
import { describe, expect, it } from "vitest";
import { sentText } from "@/lib/protocol/exchange";
import type { Target } from "@/lib/bridge/contract";
import { exampleById } from "@/lib/share/examples";
import { sendFrame } from "./helpers";
import { expectErrorReply } from "@/tests/helpers/exchange";
import { bareToolsCall } from "@/tests/helpers/frames";

const dentist: Target = { kind: "replay", cassette: "dentist-mrtr" };

describe("a replay target", () => {
  it("answers the example's own frame with its recorded answer, spawning nothing", async () => {
    const example = exampleById("dentist-mrtr")!.state;
    const recorded = example.exchanges[0];
    const x = await sendFrame(dentist, sentText(example.exchanges[0]));
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
    const x = await sendFrame(dentist, bareToolsCall(7, "create_evnt"));
    expectErrorReply(
      x,
      7,
      -32602,
      expect.stringContaining('Closest recorded request: tools/call {"name":"create_event"'),
    );
  });

  it("is refused by the contract when it names no known recording", async () => {
    await expect(
      sendFrame({ kind: "replay", cassette: "nope" } as unknown as Target, { jsonrpc: "2.0", id: 1, method: "ping" }),
    ).rejects.toThrow();
  });
});
