import { describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/node/bridge/limits";
import { ExchangeRecorder } from "@/lib/node/bridge/recorder";
import { receivedFrames } from "@/lib/protocol/exchange";

describe("the exchange record (the bridge's JSON reply)", () => {
  it("the JSON reply of one exchange stays under LIMITS.maxRecordedBytesPerExchange: lines past it keep only their head, and a note says so", () => {
    const rec = new ExchangeRecorder({
      sendId: "s",
      targetLabel: "t",
      transport: "stdio",
      sent: "{}",
      timeoutMs: 1000,
    });
    const text = `{"jsonrpc":"2.0","method":"m","params":{"pad":"${"a".repeat(8 * 1024 * 1024)}"}}`;
    const frame = JSON.parse(text);
    for (let i = 0; i < 12; i++) {
      rec.add({ kind: "stdout", text, frame });
      rec.receive(frame);
    }
    const json = JSON.stringify(rec.finish({ kind: "response", frame: { id: 1 } }));
    expect(json.length).toBeLessThan(LIMITS.maxRecordedBytesPerExchange + 1024 * 1024);
    const exchange = JSON.parse(json);
    const cut = exchange.events.filter((e: { parseError?: string }) => e.parseError?.startsWith("cut:"));
    expect(cut.length).toBeGreaterThan(0);
    expect(cut[0].frame).toBeUndefined();
    expect(
      exchange.events.filter((e: { kind: string }) => e.kind === "note").map((e: { text: string }) => e.text),
    ).toContainEqual(expect.stringMatching(/kept only their first 4096 characters, and no frame/));
    expect(receivedFrames(exchange).length).toBeLessThan(12);
  });
});
