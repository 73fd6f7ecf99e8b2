/**
 * The tasks demo server on the 2025-11-25 task wire (after `initialize`): `params.task` on tools/call answered with a
 * CreateTaskResult, tasks/list (every task of this process: the cross-caller leak the extension removed) and
 * tasks/result (blocks until the end). The extension removed both methods; a 2026-07-28 request gets -32601.
 */
import { ProtocolError, type McpServer, type ServerContext } from "@modelcontextprotocol/server";
import * as z from "zod/v4";
import { asObject } from "@/lib/tasks/shapes";
import { MAX_TASK_TTL_MS } from "./tasks-ids";
import { createTask, declaredCapabilities, invalid, legacyTask, resolve } from "./tasks-wire";

/** Hosted mode (PLAYGROUND_MODE other than empty or "local", as lib/node/bridge/target-policy.ts reads it): one server for many users. */
function sharedByEveryone(): boolean {
  const mode = (process.env.PLAYGROUND_MODE ?? "").trim().toLowerCase();
  return mode !== "" && mode !== "local";
}

/** Task ids this process created on the legacy wire, for tasks/list (which the extension removed). */
const legacyTaskIds: string[] = [];
const LEGACY_LIST_LIMIT = 100;

/** Reset demo servers: tasks/list (legacy wire) forgets the tasks this process created. */
export function clearLegacyTaskList(): void {
  legacyTaskIds.length = 0;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolveSleep, reject) => {
    const t = setTimeout(resolveSleep, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(new Error("aborted"));
    });
  });

const LEGACY_RESULT_WAIT_MS = 60_000;

/** tools/call on 2025-11-25: the client asks for a task with params.task; these tools require one (taskSupport "required"). */
export function callAsLegacyTask(
  tool: string,
  args: Record<string, unknown>,
  params: Record<string, unknown>,
  ttlMs: number,
): Record<string, unknown> {
  const taskParams = asObject(params.task);
  if (!taskParams)
    throw new ProtocolError(
      -32601,
      `${tool} must be called as a task on 2025-11-25: add "task": {} to params (its taskSupport is "required")`,
    );
  if (tool === "confirm_booking") {
    return {
      content: [
        {
          type: "text",
          text: "confirm_booking needs the 2026-07-28 tasks extension (tasks/update); on 2025-11-25 its question would travel as a server-to-client request during tasks/result.",
        },
      ],
      isError: true,
    };
  }
  const ttl =
    typeof taskParams.ttl === "number" && Number.isInteger(taskParams.ttl)
      ? Math.min(Math.max(taskParams.ttl, 5000), MAX_TASK_TTL_MS)
      : ttlMs;
  const { taskId, resolved } = createTask(tool, args, ttl);
  legacyTaskIds.push(taskId);
  if (legacyTaskIds.length > LEGACY_LIST_LIMIT) legacyTaskIds.shift();
  // The SDK's 2025 codec validates every tools/call result as a CallToolResult, so a CreateTaskResult needs a
  // `content` beside `task` to get through (an SDK artefact, visible on the wire).
  return { task: legacyTask(taskId, resolved), content: [] };
}

/** tasks/list: every task this process made on the legacy wire (off on a hosted playground, gone in 2026-07-28). */
function listTasks(ctx: ServerContext): Record<string, unknown> {
  if (declaredCapabilities(ctx))
    throw new ProtocolError(
      -32601,
      "tasks/list is gone in 2026-07-28: the extension has no way to list tasks (keep the ids you were given)",
    );
  // A hosted playground's in-app server is shared by the whole class: its list would hand every student's task
  // ids (and so tasks/cancel) to everyone. There the lesson is said, not performed.
  if (sharedByEveryone())
    throw new ProtocolError(
      -32601,
      "tasks/list is off on this shared (hosted) playground: it would list every user's tasks, the cross-caller leak the 2026 extension removed. Keep the task ids you were given (tasks/get and tasks/cancel take one); run the playground locally to see the leak.",
    );
  const tasks = legacyTaskIds.flatMap((id) => {
    try {
      return [legacyTask(id, resolve(id))];
    } catch {
      return [];
    }
  });
  return { tasks };
}

/** tasks/result: waits for the end (polling the task's own state) and answers its result or its error. */
async function taskResult(taskId: string, ctx: ServerContext): Promise<Record<string, unknown>> {
  if (declaredCapabilities(ctx))
    throw new ProtocolError(
      -32601,
      "tasks/result is gone in 2026-07-28: a completed task carries its result inline in tasks/get",
    );
  const deadline = Date.now() + LEGACY_RESULT_WAIT_MS;
  for (;;) {
    const { snapshot } = resolve(taskId);
    const related = { "io.modelcontextprotocol/related-task": { taskId } };
    if (snapshot.status === "completed") return { ...snapshot.result, _meta: related };
    if (snapshot.status === "failed")
      throw new ProtocolError(snapshot.error!.code, snapshot.error!.message, snapshot.error!.data);
    if (snapshot.status === "cancelled") throw invalid(`Task ${taskId} was cancelled`);
    if (Date.now() > deadline) throw new ProtocolError(-32603, "tasks/result waited 60 s; poll tasks/get instead");
    await sleep(Math.min(250, snapshot.pollIntervalMs), ctx.mcpReq.signal);
  }
}

/** The two methods only the 2025-11-25 wire has. */
export function registerLegacyTaskMethods(server: McpServer): void {
  const loose = z.looseObject({});
  server.server.setRequestHandler(
    "tasks/list",
    { params: z.looseObject({}).optional(), result: loose },
    async (_params, ctx) => listTasks(ctx) as never,
  );
  server.server.setRequestHandler(
    "tasks/result",
    { params: z.looseObject({ taskId: z.string() }), result: loose },
    async (params, ctx) => (await taskResult(params.taskId, ctx)) as never,
  );
}
