// The tasks demo server over stdio (dist-servers/tasks.mjs through the bridge) and Streamable HTTP (the
// /api/demo/tasks handler on loopback), driven by the same follower the CLI and the Tasks view use.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import readline from "node:readline";
import path from "node:path";
import { startDemoHttpServer } from "@/lib/node/demo-servers/http";
import {
  createFollower,
  cancelTaskFrame,
  getTaskFrame,
  taskCallFrame,
  updateTaskFrame,
  withTasksExtension,
  type FollowOptions,
  type TaskTrack,
} from "@/lib/tasks";
import { buildEnvelope } from "@/lib/protocol/meta";
import { stdioTransport, transportsForFile, type TestTransport } from "../mrtr/transports";
import { replyFrame } from "@/lib/protocol/exchange";

const FORM = { elicitation: { form: {} } };
const EXT = withTasksExtension(FORM);
const ROOT = path.resolve(__dirname, "..", "..", "..");

const transports = transportsForFile();
const open = transports.open;
const connect = (kind: "stdio" | "http") => transports.connect(kind, "tasks");

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("woken"));
    });
  });

function follow(
  t: TestTransport,
  opts: FollowOptions,
  onUpdate?: (track: TaskTrack, f: ReturnType<typeof createFollower>) => void,
) {
  const f: ReturnType<typeof createFollower> = createFollower(
    { send: (frame) => t.send(JSON.stringify(frame)), sleep, now: Date.now, onUpdate: (track) => onUpdate?.(track, f) },
    { caps: FORM, ...opts },
  );
  return f.run();
}

async function rpc(t: TestTransport, frame: Record<string, unknown>) {
  const ex = await t.send(JSON.stringify(frame));
  return replyFrame(ex) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

describe.each(["stdio", "http"] as const)("tasks server over %s", (kind) => {
  it("server/discover advertises io.modelcontextprotocol/tasks in capabilities.extensions", async () => {
    const t = await connect(kind);
    const r = await rpc(t, {
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: { _meta: buildEnvelope({ clientCapabilities: {} }) },
    });
    expect(r.result?.capabilities).toMatchObject({ extensions: { "io.modelcontextprotocol/tasks": {} } });
  });

  it("a task tool called without declaring the extension gets -32021 naming it in data.requiredCapabilities", async () => {
    const t = await connect(kind);
    const r = await rpc(t, taskCallFrame(1, "slow_report", {}, FORM));
    expect(r.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } },
    });
    expect(String(r.error?.message)).toContain("io.modelcontextprotocol/tasks");
  });

  it("slow_report: resultType task, working with statusMessage steps at pollIntervalMs 500, then completed with the result inline", async () => {
    const t = await connect(kind);
    const track = await follow(t, { tool: "slow_report", arguments: { steps: 3 } });
    expect(track.outcome).toBe("completed");
    expect(track.moves.map((m) => m.to)).toEqual(["working", "completed"]);
    expect(track.exchanges[0].response).toMatchObject({
      result: { resultType: "task", status: "working", pollIntervalMs: 500, ttlMs: 600000 },
    });
    expect(track.polls.every((p) => p.delay?.delayMs === 500 && p.delay.source === "server")).toBe(true);
    const messages = track.exchanges.map(
      (e) => (e.response as { result?: { statusMessage?: string } })?.result?.statusMessage,
    );
    expect(messages).toContain("Step 1 of 3: gathering sources");
    expect(track.result).toMatchObject({ isError: false, structuredContent: { sections: 3 } });
    expect(track.problems).toEqual([]);
  });

  it("confirm_booking: input_required asks `confirm` once however many polls repeat it; tasks/update (not a retry) completes the booking", async () => {
    const t = await connect(kind);
    let polledWhileAsking = 0;
    const track = await follow(t, { tool: "confirm_booking", arguments: { room: "Lab 3" } }, (tr, f) => {
      if (tr.task?.status === "input_required" && tr.pending.length) {
        // Answer on the second poll that shows the question, to prove the key is de-duplicated across polls.
        if (++polledWhileAsking === 2) f.answer({ confirm: { action: "accept", content: { confirmed: true } } });
      }
    });
    expect(track.outcome).toBe("completed");
    expect(track.moves.map((m) => m.to)).toEqual(["working", "input_required", "working", "completed"]);
    expect(track.seenKeys).toEqual(["confirm"]);
    const updates = track.exchanges.filter((e) => e.method === "tasks/update");
    expect(updates).toHaveLength(1);
    expect(updates[0].sent).toMatchObject({
      params: { inputResponses: { confirm: { action: "accept", content: { confirmed: true } } } },
    });
    expect(updates[0].response).toMatchObject({ result: { resultType: "complete" } });
    expect(track.exchanges.filter((e) => e.method === "tools/call")).toHaveLength(1);
    expect(track.result).toMatchObject({ isError: false, structuredContent: { room: "Lab 3", booked: true } });
  });

  it("confirm_booking declined: the task completes with a tool error (failed is only for JSON-RPC errors)", async () => {
    const t = await connect(kind);
    const track = await follow(t, { tool: "confirm_booking", answers: { confirm: { action: "decline" } } });
    expect(track.outcome).toBe("completed");
    expect(track.result).toMatchObject({ isError: true });
    expect(track.task?.statusMessage).toBe("Not booked: you chose decline");
  });

  it("flaky_export ends failed with the JSON-RPC error inline", async () => {
    const t = await connect(kind);
    const track = await follow(t, { tool: "flaky_export" });
    expect(track.outcome).toBe("failed");
    expect(track.task?.error).toMatchObject({
      code: -32603,
      message: "Export backend unavailable (simulated failure)",
    });
  });

  it("long_import: tasks/cancel is acknowledged with an empty result, and the task ends cancelled at the next step", async () => {
    const t = await connect(kind);
    const track = await follow(t, { tool: "long_import" }, (tr, f) => {
      if (tr.polls.length === 1 && !tr.cancelSent) f.cancel();
    });
    expect(track.outcome).toBe("cancelled");
    const cancel = track.exchanges.find((e) => e.method === "tasks/cancel");
    const ack = (cancel?.response as { result: Record<string, unknown> }).result;
    expect(Object.keys(ack).filter((k) => k !== "_meta")).toEqual(["resultType"]);
    expect(ack.resultType).toBe("complete");
    expect(track.task?.statusMessage).toMatch(
      /^Cancelled by tasks\/cancel: kept the \d+ of 6000 rows imported so far$/,
    );
  });

  it("an unknown or altered task id is rejected with -32602", async () => {
    const t = await connect(kind);
    const created = await rpc(t, taskCallFrame(1, "long_import", {}, EXT));
    const id = String(created.result?.taskId);
    for (const bad of ["nope", id.slice(0, -2) + (id.endsWith("A") ? "BB" : "AA")]) {
      const r = await rpc(t, getTaskFrame(2, bad, EXT));
      expect(r.error).toMatchObject({ code: -32602, message: "Failed to retrieve task: Task not found" });
    }
  });

  it("tasks/get, tasks/update and tasks/cancel from a request that does not declare the extension get -32021 naming it", async () => {
    const t = await connect(kind);
    const created = await rpc(t, taskCallFrame(1, "long_import", {}, EXT));
    const taskId = String(created.result?.taskId);
    const frames = [
      getTaskFrame(2, taskId, FORM),
      updateTaskFrame(3, taskId, { confirm: { action: "accept", content: { confirmed: true } } }, FORM),
      cancelTaskFrame(4, taskId, FORM),
    ];
    for (const frame of frames) {
      const r = await rpc(t, frame);
      expect(r.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } },
      });
    }
    // The task itself was left alone: with the extension declared it is still there, not cancelled.
    const still = await rpc(t, getTaskFrame(5, taskId, EXT));
    expect(still.result?.status).toBe("working");
  });

  it("ttlMs is honoured: after createdAt + ttlMs tasks/get answers -32602 Task has expired", async () => {
    const t = await connect(kind);
    const created = await rpc(t, taskCallFrame(1, "long_import", { ttlSeconds: 2 }, EXT));
    expect(created.result?.ttlMs).toBe(2000);
    const expiresAt = Date.parse(String(created.result?.createdAt)) + 2000;
    // Polled (a process of its own has its own clock: no fake timers there): the first error is the expiry, and it
    // does not come before createdAt + ttlMs.
    let id = 1;
    await expect
      .poll(async () => (await rpc(t, getTaskFrame(++id, String(created.result?.taskId), EXT))).error, {
        timeout: 10_000,
        interval: 100,
      })
      .toMatchObject({ code: -32602, message: "Failed to retrieve task: Task has expired" });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  });
});

describe("tasks server specifics", () => {
  it("over HTTP tasks/get carries Mcp-Name: <taskId>, and the server refuses one without it (-32020, HTTP 400)", async () => {
    const t = await connect("http");
    const track = await follow(t, { tool: "slow_report", arguments: { steps: 1 } });
    const get = track.exchanges.find((e) => e.method === "tasks/get")!;
    expect(get.headers?.find(([k]) => k.toLowerCase() === "mcp-name")?.[1]).toBe(track.taskId);
    const demo = await startDemoHttpServer("tasks");
    try {
      const frame = getTaskFrame(9, track.taskId!, EXT);
      const headers = {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tasks/get",
      };
      const res = await fetch(demo.url, { method: "POST", headers, body: JSON.stringify(frame) });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: -32020 });
      const ok = await fetch(demo.url, {
        method: "POST",
        headers: { ...headers, "mcp-name": track.taskId! },
        body: JSON.stringify(frame),
      });
      expect(ok.status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it("task ids are stable across processes: a fresh stdio process per message follows the task to its end", async () => {
    const t = stdioTransport("tasks", "fresh");
    open.push(t);
    const track = await follow(t, {
      tool: "confirm_booking",
      answers: { confirm: { action: "accept", content: { confirmed: true } } },
    });
    expect(track.outcome).toBe("completed");
    expect(track.result).toMatchObject({ structuredContent: { booked: true } });
  });

  it("the legacy 2025-11-25 wire on the same server: params.task, tasks/get with ttl/pollInterval, tasks/list, tasks/result", async () => {
    const child = spawn(process.execPath, [path.join(ROOT, "dist-servers", "tasks.mjs")], {
      stdio: ["pipe", "pipe", "ignore"],
    });
    try {
      const lines = readline.createInterface({ input: child.stdout });
      const waiting = new Map<number, (v: Record<string, unknown>) => void>();
      lines.on("line", (l) => {
        const m = JSON.parse(l);
        waiting.get(m.id)?.(m);
      });
      let id = 0;
      const call = (method: string, params: Record<string, unknown>) =>
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw legacy frames, read field by field below
        new Promise<Record<string, any>>((resolve) => {
          waiting.set(++id, resolve);
          child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
        });
      const init = await call("initialize", {
        protocolVersion: "2025-11-25",
        capabilities: { tasks: { requests: { tools: { call: {} } } } },
        clientInfo: { name: "t", version: "1" },
      });
      expect(init.result.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
      const created = await call("tools/call", { name: "slow_report", arguments: { steps: 1 }, task: { ttl: 60000 } });
      expect(created.result.task).toMatchObject({ status: "working", ttl: 60000, pollInterval: 500 });
      const taskId = created.result.task.taskId;
      const got = await call("tasks/get", { taskId });
      expect(got.result).toMatchObject({ taskId, ttl: 60000, pollInterval: 500 });
      expect(got.result).not.toHaveProperty("ttlMs");
      const listed = await call("tasks/list", {});
      expect(listed.result.tasks.map((x: { taskId: string }) => x.taskId)).toContain(taskId);
      const result = await call("tasks/result", { taskId });
      expect(result.result).toMatchObject({
        isError: false,
        _meta: { "io.modelcontextprotocol/related-task": { taskId } },
      });
    } finally {
      child.kill();
    }
  });

  it("tasks/list and tasks/result are gone on the 2026 wire (-32601)", async () => {
    const t = await connect("stdio");
    const created = await rpc(t, taskCallFrame(1, "slow_report", {}, EXT));
    const meta = buildEnvelope({ clientCapabilities: EXT });
    const result = await rpc(t, {
      jsonrpc: "2.0",
      id: 2,
      method: "tasks/result",
      params: { _meta: meta, taskId: created.result?.taskId },
    });
    expect(result.error?.code).toBe(-32601);
    const list = await rpc(t, { jsonrpc: "2.0", id: 3, method: "tasks/list", params: { _meta: meta } });
    expect(list.error?.code).toBe(-32601);
  });
});
