import { describe, expect, it } from "vitest";
import { requestIdOf, withRequestId } from "@/lib/session/ids";
import { initialState, reducer } from "@/lib/session";
import { sendStarted } from "../helpers/session";

const started = (sentText: string, label: string | null) =>
  sendStarted(1, sentText, { label, oneLined: true, startedAt: 1 });

describe("ids that make sense (point 8)", () => {
  it("moves only the top-level id, keeping the text's formatting (an id inside params stays)", () => {
    const text = '{\n  "jsonrpc": "2.0",\n  "params": { "id": 1 },\n  "id": 1,\n  "method": "x"\n}';
    expect(withRequestId(text, 1, 2)).toBe(
      '{\n  "jsonrpc": "2.0",\n  "params": { "id": 1 },\n  "id": 2,\n  "method": "x"\n}',
    );
  });

  it("leaves notifications, string ids and other ids alone", () => {
    expect(withRequestId('{"jsonrpc":"2.0","method":"notifications/x"}', 1, 2)).toBeNull();
    expect(withRequestId('{"jsonrpc":"2.0","id":"a","method":"x"}', 1, 2)).toBeNull();
    expect(withRequestId('{"jsonrpc":"2.0","id":10,"method":"x"}', 1, 2)).toBeNull();
    expect(requestIdOf('{"jsonrpc":"2.0","id":7,"method":"x"}')).toBe(7);
  });

  it("after the user's Send the editor holds the next id; a panel's send moves neither the editor nor the counter", () => {
    const s0 = initialState();
    expect(s0.editor.text).toContain('"id": 1');
    const sent = JSON.stringify(JSON.parse(s0.editor.text));
    const s1 = reducer(s0, started(sent, null));
    expect(s1.nextId).toBe(2);
    expect(s1.editor.text).toContain('"id": 2');
    expect(s1.editor.version).toBe(s0.editor.version + 1);
    const s2 = reducer(s0, started('{"jsonrpc":"2.0","id":"C07-1","method":"tools/list"}', "check C07"));
    expect(s2.nextId).toBe(1);
    expect(s2.editor).toBe(s0.editor);
  });
});
