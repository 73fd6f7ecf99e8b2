/**
 * The Lab's last result, saved in the browser by an earlier build (version 1: each exchange held `received` and every
 * parsed event's frame as frames), opens with the same frames now that a record keeps each frame once.
 */
import { describe, expect, it } from "vitest";
import { restoreLab, saveLab } from "@/lib/lab/persist";
import { eventFrame, receivedFrames, replyFrame } from "@/lib/protocol/exchange";

const progress = { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } };
const reply = { jsonrpc: "2.0", id: 1, result: { tools: [] } };

/** A version 1 result as an earlier build wrote it to localStorage. */
const savedByAnEarlierBuild = JSON.stringify({
  format: "mcp-playground/lab-result",
  version: 1,
  savedAt: 1,
  scriptText: "{}",
  conditions: ["modern"],
  report: {
    title: "t",
    description: "d",
    diff: [],
    columns: [
      {
        condition: "modern",
        label: "modern",
        explain: "",
        run: {
          verdicts: [],
          lanes: [],
          durationMs: 3,
          steps: [
            {
              stepId: "s1",
              label: "tools/list",
              status: "ok",
              summary: "ok",
              exchange: {
                sendId: "lab-1",
                startedAt: 1,
                durationMs: 3,
                targetLabel: "calendar (stdio)",
                transport: "stdio",
                timeoutMs: 10000,
                sent: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
                received: [progress, reply],
                outcome: { kind: "response", frame: reply },
                events: [
                  { t: 1, kind: "stdout", text: JSON.stringify(progress), frame: progress },
                  { t: 2, kind: "stdout", text: JSON.stringify(reply), frame: reply },
                ],
              },
            },
          ],
        },
      },
    ],
  },
});

describe("a Lab result saved by an earlier build", () => {
  it("opens with every frame it received, the reply, and each event's frame", () => {
    const saved = restoreLab(savedByAnEarlierBuild);
    const exchange = saved?.report.columns[0].run?.steps[0].exchange;
    expect(exchange).toBeDefined();
    expect(receivedFrames(exchange!)).toEqual([progress, reply]);
    expect(replyFrame(exchange!)).toEqual(reply);
    expect(exchange!.events.map(eventFrame)).toEqual([progress, reply]);
  });

  it("is saved again in the current version and reads back the same", () => {
    const saved = restoreLab(savedByAnEarlierBuild)!;
    const again = restoreLab(saveLab({ ...saved, report: saved.report, now: 2 })!);
    const exchange = again?.report.columns[0].run?.steps[0].exchange;
    expect(again?.version).toBe(2);
    expect(receivedFrames(exchange!)).toEqual([progress, reply]);
    expect(replyFrame(exchange!)).toEqual(reply);
  });
});
