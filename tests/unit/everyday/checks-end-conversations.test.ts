/**
 * Issue 27 bug 6: a Checks run (or Diagnose) leaves the input_required conversations it opened to probe the server;
 * they are ended by that run — nothing waits for the user, so the MRTR badge does not count them.
 */
import { describe, expect, it } from "vitest";
import { groupConversations } from "@/lib/protocol/mrtr";
import { endedByPanels, type TimelineEntry } from "@/lib/session";
import { exchange, firstRequest, inputRequiredResult } from "../mrtr/chapter";

function entry(sendId: string, label: string | null, ex: ReturnType<typeof exchange>): TimelineEntry {
  return {
    sendId,
    seq: 1,
    label,
    targetKey: "demo:calendar:stdio",
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    timeoutMs: 10000,
    sent: JSON.stringify(ex.sentFrame),
    notJson: false,
    oneLined: false,
    sendHeaders: null,
    phase: {
      status: "done",
      exchange: {
        ...ex,
        targetLabel: "calendar (stdio)",
        transport: "stdio",
        sent: "",
        received: [],
        events: [],
        timeoutMs: 10000,
      },
    },
  } as TimelineEntry;
}

describe("conversations a panel opened are ended by it", () => {
  const byCheck = exchange("c1", firstRequest, { result: inputRequiredResult });
  const byUser = exchange("u1", { ...firstRequest, id: 7 }, { result: inputRequiredResult });
  const recorded = exchange("r1", { ...firstRequest, id: 8 }, { result: inputRequiredResult });
  const entries = [
    entry("c1", "check C21 tools/call", byCheck),
    entry("u1", null, byUser),
    entry("r1", "recorded · check C21 tools/call", recorded),
  ];

  it("names the Checks run as what ended them (also when opened from a link), and leaves the user's own alone", () => {
    const ended = endedByPanels(entries);
    expect(Object.keys(ended).sort()).toEqual(["c1", "r1"]);
    expect(ended.c1).toMatch(/^ended by the Checks run/);
  });

  it("an ended conversation is not awaiting input: only the user's own one waits", () => {
    const ended = endedByPanels(entries);
    const conversations = groupConversations([byCheck, byUser, recorded], { endedBy: (id) => ended[id] });
    expect(conversations.map((c) => [c.id, c.status])).toEqual([
      ["c1", "ended"],
      ["u1", "awaiting-input"],
      ["r1", "ended"],
    ]);
    expect(conversations[0].statusText).toMatch(/^ended by the Checks run.*compose a retry to go on yourself/);
  });

  it("a user who retries a conversation a check opened continues it: it is theirs again", () => {
    const retry = exchange(
      "u2",
      {
        ...firstRequest,
        id: 9,
        params: { ...firstRequest.params, requestState: inputRequiredResult.requestState, inputResponses: {} },
      },
      { result: inputRequiredResult },
    );
    const ended = endedByPanels([...entries, entry("u2", null, retry)]);
    const [c] = groupConversations([byCheck, retry], { endedBy: (id) => ended[id] });
    expect(c.rounds).toHaveLength(2);
    expect(c.status).toBe("awaiting-input");
  });
});
