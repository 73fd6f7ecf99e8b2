/**
 * One send's record holds the sent frame once: in the event it went out in (the stdin line), read through
 * sentText()/sentFrame() as the reply is read through replyFrame(). A frame that never crossed the wire is kept on
 * the record itself, once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sentFrame, sentText } from "@/lib/protocol/exchange";
import { endAllAndAssertNoneAlive, fixture, sendFrame } from "./helpers";

afterAll(async () => {
  await endAllAndAssertNoneAlive();
});

const MARK = "sent-once-marker-7f3a";
const count = (text: string, part: string) => text.split(part).length - 1;

describe("one send's record holds the sent frame once", () => {
  it("a stdio send's serialized record carries the frame's text once, in its stdin event", async () => {
    const frame = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: MARK } } };
    const ex = await sendFrame(fixture("echo-id.mjs"), frame);
    const stdin = ex.events.filter((e) => e.kind === "stdin");
    expect(stdin).toHaveLength(1);
    expect(ex.outcome.kind).toBe("response"); // echo-id answers with the method only: the marker is the request's
    expect(count(JSON.stringify(ex), MARK)).toBe(1);
    expect(sentText(ex)).toBe(JSON.stringify(frame));
    expect(sentFrame(ex)).toEqual(frame);
  });

  it("a frame refused before anything is sent is kept on the record, once", async () => {
    const ex = await sendFrame(fixture("echo-id.mjs"), `{"not json ${MARK}`);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "not-json" });
    expect(count(JSON.stringify(ex), MARK)).toBe(1);
    expect(sentText(ex)).toBe(`{"not json ${MARK}`);
    expect(sentFrame(ex)).toBeUndefined();
  });
});
