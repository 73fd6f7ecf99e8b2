import { describe, expect, it } from "vitest";
import { sessionSend } from "@/lib/checks/panel";
import { initialState } from "@/lib/session";
import type { TimelineEntry } from "@/lib/session/state";
import { defaultPick, isChecksFrame, pickRows, sessionWithPicked } from "@/lib/share/pick";
import { restoreSession, saveSession } from "@/lib/share/persist";
import { shareFromSession } from "@/lib/share/session-adapter";

function entry(
  seq: number,
  label: string | null,
  sent = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  status: "done" | "pending" = "done",
): TimelineEntry {
  const exchange = {
    sendId: `s${seq}`,
    sent,
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    timeoutMs: 1000,
    startedAt: 0,
    durationMs: 1,
    received: [],
    events: [],
    outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: {} } },
  };
  return {
    seq,
    sendId: `s${seq}`,
    sent,
    label,
    targetKey: "demo:calendar:stdio",
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    timeoutMs: 1000,
    notJson: false,
    oneLined: false,
    sendHeaders: null,
    phase: status === "done" ? { status: "done", exchange } : { status: "pending", startedAt: 0 },
  } as unknown as TimelineEntry;
}

describe("choose what goes into a link", () => {
  it("the Checks' frames are recognised by the label the Checks tab gives them", async () => {
    let label = "";
    // The suite's send throws when nothing came back; only the label it asked for matters here.
    await sessionSend(async (_t, o) => {
      label = o.label;
      return null;
    })("{}", { label: "C01 discover answers" } as never).catch(() => {});
    expect(isChecksFrame({ label })).toBe(true);
    expect(isChecksFrame({ label: "probe step 1: server/discover" })).toBe(false);
    expect(isChecksFrame({ label: "checklist" })).toBe(false);
  });

  it("every settled card is offered, and picked at first unless it is a Checks frame", () => {
    const entries = [
      entry(1, null),
      entry(2, "check C01 discover"),
      entry(3, "probe step 1: server/discover", '{"method":"tools/call","params":{"name":"x"}}'),
      entry(4, null, "{}", "pending"),
    ];
    expect(pickRows(entries).map((r) => [r.seq, r.summary, r.checksFrame])).toEqual([
      [1, "tools/list", false],
      [2, "tools/list", true],
      [3, "tools/call x", false],
    ]);
    expect([...defaultPick(entries)]).toEqual([1, 3]);
  });

  it("the link holds only the picked cards, in their order", () => {
    const state = { ...initialState(), entries: [entry(1, null), entry(2, "check C01"), entry(3, null)] };
    const share = shareFromSession(sessionWithPicked(state, new Set([3, 1])));
    expect(share.ok && share.value.exchanges.map((x) => x.sent)).toHaveLength(2);
    expect(share.ok && share.value.exchanges.every((x) => !x.label?.startsWith("check"))).toBe(true);
  });

  it("the Checks' frames stay unpicked after a reload (their restored cards read 'recorded · check …')", () => {
    const state = { ...initialState(), entries: [entry(1, null), entry(2, "check C01 discover"), entry(3, "check")] };
    const saved = saveSession(state, { now: 0 });
    if (!saved.ok) throw new Error("not saved");
    const back = restoreSession(saved.text, initialState());
    if (!back.ok) throw new Error("not restored");
    expect(back.state.entries.map((e) => e.label)).toEqual([
      "recorded",
      "recorded · check C01 discover",
      "recorded · check",
    ]);
    expect(pickRows(back.state.entries).map((r) => r.checksFrame)).toEqual([false, true, true]);
    expect([...defaultPick(back.state.entries)]).toEqual([1]);
    expect(isChecksFrame({ label: "recorded · checklist" })).toBe(false);
  });
});
