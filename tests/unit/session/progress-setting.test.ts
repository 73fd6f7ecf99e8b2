import { describe, expect, it } from "vitest";
import { createCommands, createStore } from "@/lib/session";
import { deliveredOver, recordingClient } from "../../helpers/session";

const fake = () => recordingClient(deliveredOver("stdio"));

describe("the page's progress setting reaches the bridge (docs/timeouts.md)", () => {
  it("by default nothing is sent (the bridge resets on progress, max 10 × the timeout); turned off, progressReset false; a max total, maxTotalMs", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "calendar-stdio" });
    const { client, sent } = fake();
    const commands = createCommands(store, { client });
    const frame = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    await commands.sendFrame(frame, { label: "a" });
    expect(sent[0].progressReset).toBeUndefined();
    expect(sent[0].maxTotalMs).toBeUndefined();
    store.dispatch({ type: "timeout/set", ms: 2000 });
    store.dispatch({ type: "progress/set", maxTotalMs: 30_000 });
    await commands.sendFrame(frame, { label: "b" });
    expect(sent[1]).toMatchObject({ timeoutMs: 2000, maxTotalMs: 30_000 });
    store.dispatch({ type: "progress/set", reset: false });
    await commands.sendFrame(frame, { label: "c" });
    expect(sent[2]).toMatchObject({ progressReset: false });
    // A caller's own choice wins over the page's.
    await commands.sendFrame(frame, { label: "d", progressReset: true });
    expect(sent[3].progressReset).toBe(true);
  });
});
