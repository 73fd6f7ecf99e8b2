import { describe, expect, it } from "vitest";
import { answersSingle, awaitingFor } from "@/lib/protocol/awaiting";
import { parseFrame } from "@/lib/protocol/jsonrpc";

const parsed = (text: string) => {
  const p = parseFrame(text);
  return p.ok ? p : undefined;
};

describe("what a sent frame waits for (both transports)", () => {
  it.each([
    ["a request waits for its id", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, { kind: "id", id: 7 }],
    ["a notification waits for nothing", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, { kind: "none" }],
    ["a response sent by the client waits for nothing", `{"jsonrpc":"2.0","id":1,"result":{}}`, { kind: "none" }],
    [
      "a batch waits for its requests' ids",
      `[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"}]`,
      { kind: "batch", ids: [1] },
    ],
    ["text that is not JSON waits for an error with id null", `{"jsonrpc":`, { kind: "null-id" }],
  ])("%s", (_label, text, expected) => {
    expect(awaitingFor(parsed(text))).toEqual(expected);
  });

  it.each([
    [{ kind: "id", id: 1 } as const, { jsonrpc: "2.0", id: 1, result: {} }, true],
    [{ kind: "id", id: 1 } as const, { jsonrpc: "2.0", id: "1", result: {} }, false],
    [{ kind: "null-id" } as const, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }, true],
    [{ kind: "none" } as const, { jsonrpc: "2.0", id: 1, result: {} }, false],
  ])("answersSingle(%j, %j) is %s", (awaiting, frame, expected) => {
    expect(answersSingle(awaiting, frame)).toBe(expected);
  });
});
