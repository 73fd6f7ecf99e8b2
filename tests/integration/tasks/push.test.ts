/**
 * Push for tasks (ext-tasks "Task Status Notifications") through the bridge's listen stream, against the embedded
 * tasks server over stdio and Streamable HTTP: subscriptions/listen with notifications.taskIds is acknowledged
 * first, then every change of a named task's status or statusMessage arrives as notifications/tasks carrying the
 * full task; a task not named is never pushed; the stream ends gracefully once every named task is terminal.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { ListenRequestSchema, type ListenLine } from "@/lib/bridge/listen-contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { runListen, type ListenEnd } from "@/lib/node/bridge/listen";
import { cancel, send } from "@/lib/node/bridge/send";
import { listenTasksFrame, taskCallFrame, withTasksExtension } from "@/lib/tasks";
import { endAllAndAssertNoneAlive, recordPids, ROOT, trackPid } from "../helpers";
import { replyFrame, eventFrame } from "@/lib/protocol/exchange";

const EXT = withTasksExtension({ elicitation: { form: {} } });
const SUB = "io.modelcontextprotocol/subscriptionId";
let demo: DemoHttpServer | undefined;
let counter = 0;

beforeAll(() => {
  execFileSync(process.execPath, ["scripts/build-servers.mjs"], { cwd: ROOT, stdio: "ignore" });
});
afterAll(async () => {
  await demo?.close();
  await endAllAndAssertNoneAlive();
});

type Frame = {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
};

async function setup(transport: "stdio" | "http") {
  const target: Target = { kind: "demo", server: "tasks", transport };
  const ctx: { baseUrl?: string } = {};
  if (transport === "http") {
    demo ??= await startDemoHttpServer("tasks");
    ctx.baseUrl = new URL(demo.url).origin;
  }
  return { target, ctx };
}

async function createTask(
  target: Target,
  ctx: { baseUrl?: string },
  tool: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const frame = JSON.stringify(taskCallFrame(++counter, tool, args, EXT));
  const exchange = await send(
    { sendId: `push-create-${counter}`, target, frame, insist: false, timeoutMs: 10_000, processMode: "keep" },
    ctx,
  );
  recordPids(exchange);
  if (exchange.outcome.kind !== "response")
    throw new Error(`tools/call did not answer: ${JSON.stringify(exchange.outcome)}`);
  const taskId = (replyFrame(exchange) as Frame).result?.taskId;
  if (typeof taskId !== "string") throw new Error(`no taskId in ${JSON.stringify(replyFrame(exchange))}`);
  return taskId;
}

function startListen(target: Target, ctx: { baseUrl?: string }, listenId: string, frame: object) {
  const lines: ListenLine[] = [];
  const req = ListenRequestSchema.parse({
    listenId,
    target,
    frame: JSON.stringify(frame),
    ackTimeoutMs: 5000,
    maxDurationMs: 20_000,
  });
  const done: Promise<ListenEnd> = runListen(req, ctx, (line) => {
    lines.push(line);
    if (line.kind === "event" && line.event.kind === "spawn") trackPid(line.event.pid);
  });
  // Frames the server sent on this stream (stdout lines over stdio, SSE messages over HTTP), in order.
  const frames = () =>
    lines.flatMap((l) =>
      l.kind === "event" &&
      (l.event.kind === "stdout" || l.event.kind === "sse-event" || l.event.kind === "http-body") &&
      eventFrame(l.event) !== undefined
        ? [eventFrame(l.event) as Frame]
        : [],
    );
  const until = async (test: (frames: Frame[]) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!test(frames())) {
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(frames())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { lines, frames, done, until };
}

describe.each(["stdio", "http"] as const)("task push over %s", (transport) => {
  it("the ack names the task ids first; each change arrives as notifications/tasks with the full task; a task not named is never pushed; the stream ends once the task is terminal", async () => {
    const { target, ctx } = await setup(transport);
    const watched = await createTask(target, ctx, "slow_report", { steps: 3 });
    const other = await createTask(target, ctx, "slow_report", { steps: 2 });
    const stream = startListen(target, ctx, `push-${transport}`, listenTasksFrame("sub-1", [watched], EXT));
    const end = await stream.done;
    expect(end.reason).toBe("closed-by-server");

    const frames = stream.frames();
    expect(frames[0]).toEqual({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { notifications: { taskIds: [watched] }, _meta: { [SUB]: "sub-1" } },
    });
    const pushed = frames.filter((f) => f.method === "notifications/tasks");
    expect(pushed.length).toBeGreaterThanOrEqual(2);
    for (const f of pushed) {
      expect(f.params).toMatchObject({
        taskId: watched,
        createdAt: expect.any(String),
        lastUpdatedAt: expect.any(String),
        ttlMs: 600_000,
        pollIntervalMs: 500,
        _meta: { [SUB]: "sub-1" },
      });
      expect(f.params).not.toHaveProperty("resultType");
    }
    expect(frames.some((f) => JSON.stringify(f).includes(other))).toBe(false);
    // Each push says something new: a status or a statusMessage change.
    const said = pushed.map((f) => `${String(f.params!.status)} ${String(f.params!.statusMessage)}`);
    expect(new Set(said).size).toBe(said.length);
    expect(pushed[0].params).toMatchObject({ status: "working" });
    const last = pushed.at(-1)!.params!;
    expect(last).toMatchObject({
      status: "completed",
      statusMessage: "Report ready after 3 steps",
      result: { isError: false, structuredContent: { sections: 3 } },
    });
    // Graceful end: the listen request's own result, after the last push.
    expect(frames.at(-1)).toEqual({
      jsonrpc: "2.0",
      id: "sub-1",
      result: { resultType: "complete", _meta: { [SUB]: "sub-1" } },
    });
  }, 30_000);

  it("an answer sent with tasks/update shows up as pushes: input_required → working → completed", async () => {
    const { target, ctx } = await setup(transport);
    const taskId = await createTask(target, ctx, "confirm_booking", { room: "Lab 3" });
    const stream = startListen(target, ctx, `push-confirm-${transport}`, listenTasksFrame(42, [taskId], EXT));
    await stream.until((fs) =>
      fs.some((f) => f.method === "notifications/tasks" && f.params?.status === "input_required"),
    );
    const asked = stream.frames().find((f) => f.params?.status === "input_required")!;
    expect(asked.params).toMatchObject({
      inputRequests: { confirm: { method: "elicitation/create" } },
      _meta: { [SUB]: 42 },
    });
    const update = {
      jsonrpc: "2.0",
      id: ++counter,
      method: "tasks/update",
      params: {
        _meta: (taskCallFrame(0, "x", {}, EXT).params as { _meta: unknown })._meta,
        taskId,
        inputResponses: { confirm: { action: "accept", content: { confirmed: true } } },
      },
    };
    const answered = await send(
      {
        sendId: `push-update-${counter}`,
        target,
        frame: JSON.stringify(update),
        insist: false,
        timeoutMs: 10_000,
        processMode: "keep",
      },
      ctx,
    );
    expect(answered.outcome.kind).toBe("response");
    expect((await stream.done).reason).toBe("closed-by-server");
    const statuses = stream.frames().flatMap((f) => (f.method === "notifications/tasks" ? [f.params!.status] : []));
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual([
      "working",
      "input_required",
      "working",
      "completed",
    ]);
  }, 30_000);

  it("without the tasks extension declared the listen is refused with -32021 naming it", async () => {
    const { target, ctx } = await setup(transport);
    const stream = startListen(target, ctx, `push-noext-${transport}`, listenTasksFrame("n", ["tsk1.x.y"], {}));
    expect((await stream.done).reason).toBe("error-response");
    expect(stream.frames()).toEqual([
      expect.objectContaining({
        id: "n",
        error: expect.objectContaining({
          code: -32021,
          data: { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } },
        }),
      }),
    ]);
  });

  it("ids this server did not mint are left out of the ack, and a stream with nothing to watch ends at once", async () => {
    const { target, ctx } = await setup(transport);
    const stream = startListen(
      target,
      ctx,
      `push-unknown-${transport}`,
      listenTasksFrame("u", ["nope", "tsk1.forged.tag"], EXT),
    );
    expect((await stream.done).reason).toBe("closed-by-server");
    expect(stream.frames()).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: {}, _meta: { [SUB]: "u" } },
      },
      { jsonrpc: "2.0", id: "u", result: { resultType: "complete", _meta: { [SUB]: "u" } } },
    ]);
  });

  it("the user closes the stream: pushes stop (stdio: notifications/cancelled for the listen id)", async () => {
    const { target, ctx } = await setup(transport);
    const taskId = await createTask(target, ctx, "long_import");
    const listenId = `push-close-${transport}`;
    const stream = startListen(target, ctx, listenId, listenTasksFrame("c", [taskId], EXT));
    await stream.until((fs) => fs.some((f) => f.method === "notifications/tasks"));
    expect(cancel(listenId)).toBe(true);
    expect((await stream.done).reason).toBe("closed-by-user");
    if (transport === "stdio") {
      const stdin = stream.lines.flatMap((l) =>
        l.kind === "event" && l.event.kind === "stdin" ? [JSON.parse(l.event.text)] : [],
      );
      expect(stdin.at(-1)).toMatchObject({ method: "notifications/cancelled", params: { requestId: "c" } });
    }
  }, 20_000);
});

describe("the standalone HTTP process (dist-servers/http.mjs, the Lab's instances)", () => {
  it("serves the task listen beside the SDK's handler too: ack, pushes, graceful end", async () => {
    const child = spawn(process.execPath, [path.join(ROOT, "dist-servers", "http.mjs"), "tasks", "0"], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    trackPid(child.pid);
    try {
      let err = "";
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL: ${err}`)), 10_000);
        child.stderr!.on("data", (d: Buffer) => {
          err += d.toString();
          const m = /listening on (\S+)/.exec(err);
          if (!m) return;
          clearTimeout(timer);
          resolve(m[1]);
        });
      });
      const post = (body: object, name?: string) =>
        fetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
            "Mcp-Method": String((body as { method: string }).method),
            "MCP-Protocol-Version": "2026-07-28",
            ...(name ? { "Mcp-Name": name } : {}),
          },
          body: JSON.stringify(body),
        });
      const reply = await (await post(taskCallFrame(1, "slow_report", { steps: 1 }, EXT), "slow_report")).text();
      const taskId = (
        JSON.parse(
          reply.startsWith("{")
            ? reply
            : reply
                .split("\n")
                .find((l) => l.startsWith("data: "))!
                .slice(6),
        ) as Frame
      ).result?.taskId;
      expect(taskId, reply).toEqual(expect.any(String));
      const res = await post(listenTasksFrame("h", [taskId as string], EXT));
      expect(res.headers.get("content-type")).toBe("text/event-stream");
      const frames = (await res.text())
        .split("\n")
        .flatMap((l) => (l.startsWith("data: ") ? [JSON.parse(l.slice(6)) as Frame] : []));
      expect(frames[0]).toMatchObject({
        method: "notifications/subscriptions/acknowledged",
        params: { notifications: { taskIds: [taskId] } },
      });
      expect(frames.filter((f) => f.method === "notifications/tasks").at(-1)?.params).toMatchObject({
        taskId,
        status: "completed",
      });
      expect(frames.at(-1)).toMatchObject({ id: "h", result: { resultType: "complete" } });
    } finally {
      child.stdin!.end();
      await once(child, "exit");
    }
  }, 20_000);
});
