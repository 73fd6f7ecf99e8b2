// Issue 26, item 7: on a hosted playground the in-app tasks server (/api/demo/tasks) is shared by the whole class,
// so the 2025-11-25 wire's tasks/list must not hand one student's task ids (and with them tasks/cancel) to another.
// The real in-app handler on a loopback port, called as two students would call it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { legacyListFrame, legacyTaskCallFrame } from "@/lib/tasks";

let demo: DemoHttpServer;
beforeAll(async () => {
  demo = await startDemoHttpServer("tasks");
});
afterAll(async () => {
  delete process.env.PLAYGROUND_MODE;
  await demo.close();
});

/** One legacy (2025-11-25) JSON-RPC call, answered as JSON or one SSE event. */
async function legacy(
  frame: unknown,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const res = await fetch(demo.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify(frame),
  });
  const text = await res.text();
  const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
  return JSON.parse(data);
}

describe("issue 26, item 7: legacy tasks/list on the shared in-app tasks server", () => {
  it("hosted: student B's tasks/list does not list student A's task; the refusal says why and what to do", async () => {
    process.env.PLAYGROUND_MODE = "hosted";
    const made = await legacy(legacyTaskCallFrame(1, "long_import", {}, 60_000));
    const taskId = String((made.result?.task as { taskId?: string })?.taskId);
    expect(taskId).toMatch(/^tsk1\./);
    const listed = await legacy(legacyListFrame(2));
    expect(JSON.stringify(listed)).not.toContain(taskId);
    expect(listed.error?.code).toBe(-32601);
    expect(listed.error?.message).toContain("tasks/list is off on this shared (hosted) playground");
    expect(listed.error?.message).toContain("Keep the task ids you were given");
  });

  it("local: the list still shows the lesson (every task of this process)", async () => {
    process.env.PLAYGROUND_MODE = "local";
    const made = await legacy(legacyTaskCallFrame(1, "slow_report", {}, 60_000));
    const taskId = String((made.result?.task as { taskId?: string })?.taskId);
    const listed = await legacy(legacyListFrame(2));
    expect((listed.result?.tasks as { taskId: string }[]).map((t) => t.taskId)).toContain(taskId);
  });
});
