/**
 * The tasks demo server: long-running tool calls on both task wires.
 *
 * 2026-07-28 with the `io.modelcontextprotocol/tasks` extension (advertised in server/discover): when a
 * tools/call declares the extension, the server answers `resultType: "task"` and the client polls tasks/get
 * (result inline when completed), answers mid-task input with tasks/update, and cancels with tasks/cancel.
 * Without the declaration these tools answer -32021 naming the extension (they cannot work without a task).
 *
 * 2025-11-25 (the legacy era of the same server, after `initialize`): `params.task` on tools/call, a
 * CreateTaskResult `{task}`, tasks/get with `ttl`/`pollInterval`, tasks/result (blocks until the end), tasks/list
 * (every task of this process, the cross-caller leak the extension removed) and tasks/cancel returning the task.
 *
 *   slow_report      works ~3 s in 500 ms steps with statusMessage updates, completes with a report
 *   confirm_booking  asks `confirm` (form, boolean `confirmed`) mid-task; completes booked, or not booked on a decline
 *   flaky_export     fails after 1.5 s with a JSON-RPC error (status failed, error inline)
 *   long_import      imports for ~30 s; the one to cancel (takes effect at the next 500 ms step)
 */
import { McpServer, ProtocolError, type ServerContext } from "@modelcontextprotocol/server";
import { jsonSchemaOnce } from "./json-schema";
import * as z from "zod/v4";
import { INVALID_PARAMS, MISSING_CAPABILITY, TASKS_EXTENSION, asObject, isTerminal } from "@/lib/tasks/shapes";
import {
  MAX_ARGS_BYTES,
  mintTaskId,
  openTaskId,
  MAX_TASK_TTL_MS,
  pruneStaleEvents,
  readEvents,
  writeEvents,
  type TaskSeed,
} from "./tasks-ids";
import { CONFIRM_KEY, DEFAULT_TTL_MS, TIMELINES, type TaskSnapshot } from "./tasks-timeline";

export const TASKS_INSTRUCTIONS =
  "Long-running tools answered as tasks. Declare the io.modelcontextprotocol/tasks extension in clientCapabilities, " +
  "call slow_report, confirm_booking (asks mid-task), flaky_export (fails) or long_import (cancel it), then poll " +
  "tasks/get with the taskId at pollIntervalMs. The same server speaks the 2025-11-25 task wire after initialize.";

const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

interface ToolSpec {
  description: string;
  properties: Record<string, Record<string, unknown>>;
}

const TTL_PROPERTY = {
  type: "integer",
  minimum: 2,
  maximum: MAX_TASK_TTL_MS / 1000,
  description: "Time to live in seconds (default 600). After it the task is gone.",
};

const TOOLS: Record<string, ToolSpec> = {
  slow_report: {
    description:
      "Builds a report in a few seconds (500 ms steps, statusMessage per step); the result comes inline in tasks/get.",
    properties: {
      steps: { type: "integer", minimum: 1, maximum: 20, description: "Steps of 500 ms (default 6)." },
      ttlSeconds: TTL_PROPERTY,
    },
  },
  confirm_booking: {
    description:
      "Books a room: after a second it asks you to confirm (input_required in tasks/get, answered with tasks/update).",
    properties: {
      room: { type: "string", maxLength: 40, description: "Room name (default Room 101)." },
      date: { type: "string", maxLength: 20, description: "Date (default 2026-09-10)." },
      ttlSeconds: TTL_PROPERTY,
    },
  },
  flaky_export: {
    description:
      "Exports data and fails after 1.5 s with a JSON-RPC error: the task ends failed with the error inline.",
    properties: {
      format: { type: "string", enum: ["csv", "json"], description: "Export format (default csv)." },
      ttlSeconds: TTL_PROPERTY,
    },
  },
  long_import: {
    description:
      "Imports rows for about 30 s (100 rows per 500 ms). Cancel it with tasks/cancel: it stops at the next step.",
    properties: {
      rows: { type: "integer", minimum: 100, maximum: 100000, description: "Rows to import (default 6000)." },
      ttlSeconds: TTL_PROPERTY,
    },
  },
};

/** Checks arguments against the tool's small schema; returns a message for the first problem. */
export function argumentProblem(tool: string, args: Record<string, unknown>): string | undefined {
  const spec = TOOLS[tool];
  for (const key of Object.keys(args))
    if (!spec.properties[key]) return `unknown argument "${key}" (allowed: ${Object.keys(spec.properties).join(", ")})`;
  for (const [key, rule] of Object.entries(spec.properties)) {
    const v = args[key];
    if (v === undefined) continue;
    if (
      rule.type === "integer" &&
      (typeof v !== "number" || !Number.isInteger(v) || v < (rule.minimum as number) || v > (rule.maximum as number))
    )
      return `${key} must be a whole number from ${rule.minimum} to ${rule.maximum}`;
    if (
      rule.type === "string" &&
      (typeof v !== "string" || v.length > ((rule.maximum as number) ?? (rule.maxLength as number) ?? 100))
    )
      return `${key} must be a string of at most ${rule.maxLength ?? 100} characters`;
    if (rule.enum && !(rule.enum as unknown[]).includes(v))
      return `${key} must be one of ${(rule.enum as string[]).join(", ")}`;
  }
  if (Buffer.byteLength(JSON.stringify(args)) > MAX_ARGS_BYTES)
    return `arguments must be at most ${MAX_ARGS_BYTES} bytes of JSON`;
  return undefined;
}

const invalid = (message: string) => new ProtocolError(INVALID_PARAMS, message);

function declaredCapabilities(ctx: ServerContext): Record<string, unknown> | undefined {
  const envelope = asObject(ctx.mcpReq.envelope);
  return envelope ? (asObject(envelope[CLIENT_CAPABILITIES]) ?? {}) : undefined;
}

export function declaresTasks(caps: Record<string, unknown>): boolean {
  return asObject(asObject(caps.extensions)?.[TASKS_EXTENSION]) !== undefined;
}

export function missingTasksExtension(tool: string): ProtocolError {
  return new ProtocolError(
    MISSING_CAPABILITY,
    `${tool} runs as a task: declare the ${TASKS_EXTENSION} extension in clientCapabilities.extensions to call it`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  );
}

/**
 * tasks/get, tasks/update and tasks/cancel exist only under the extension: a 2026-07-28 request that does not
 * declare it cannot be processed, so it gets -32021 naming it (the base missing-capability rule; the 2025-11-25
 * wire, which has no envelope, keeps its own task methods).
 */
function requireTasksExtension(method: string, ctx: ServerContext): void {
  const declared = declaredCapabilities(ctx);
  if (declared && !declaresTasks(declared))
    throw new ProtocolError(
      MISSING_CAPABILITY,
      `${method} belongs to the ${TASKS_EXTENSION} extension: declare it in clientCapabilities.extensions`,
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    );
}

export interface Resolved {
  seed: TaskSeed;
  snapshot: TaskSnapshot;
}

/** The task behind an id now, or the -32602 the extension prescribes for an unknown or expired one. */
export function resolve(taskId: unknown, now = Date.now()): Resolved {
  const seed = openTaskId(taskId);
  if (!seed || !TIMELINES[seed.tool]) throw invalid("Failed to retrieve task: Task not found");
  if (now > seed.createdAtMs + seed.ttlMs) throw invalid("Failed to retrieve task: Task has expired");
  return { seed, snapshot: TIMELINES[seed.tool](seed, readEvents(taskId as string), now) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The extension's DetailedTask: Task fields at the top level, plus result / error / inputRequests by status. */
export function detailedTask(taskId: string, { seed, snapshot }: Resolved): Record<string, unknown> {
  const task: Record<string, unknown> = {
    taskId,
    status: snapshot.status,
    statusMessage: snapshot.statusMessage,
    createdAt: iso(seed.createdAtMs),
    lastUpdatedAt: iso(snapshot.lastUpdatedMs),
    ttlMs: seed.ttlMs,
    pollIntervalMs: snapshot.pollIntervalMs,
  };
  if (snapshot.status === "completed") task.result = snapshot.result;
  if (snapshot.status === "failed") task.error = snapshot.error;
  if (snapshot.status === "input_required") task.inputRequests = snapshot.inputRequests;
  return task;
}

/** The 2025-11-25 Task: `ttl` and `pollInterval`, no inline result (that is what tasks/result was for). */
export function legacyTask(taskId: string, { seed, snapshot }: Resolved): Record<string, unknown> {
  return {
    taskId,
    status: snapshot.status,
    statusMessage: snapshot.statusMessage,
    createdAt: iso(seed.createdAtMs),
    lastUpdatedAt: iso(snapshot.lastUpdatedMs),
    ttl: seed.ttlMs,
    pollInterval: snapshot.pollIntervalMs,
  };
}

/** Hosted mode (PLAYGROUND_MODE other than empty or "local", as lib/node/bridge/policy.ts reads it): one server for many users. */
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

function createTask(
  tool: string,
  args: Record<string, unknown>,
  ttlMs: number,
): { taskId: string; resolved: Resolved } {
  pruneStaleEvents();
  const seed: TaskSeed = { tool, args, createdAtMs: Date.now(), ttlMs };
  const taskId = mintTaskId(seed);
  // Durably created before we answer: the state is the id itself, so tasks/get resolves at once (any process).
  return { taskId, resolved: resolve(taskId, seed.createdAtMs) };
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

function registerTools(server: McpServer) {
  for (const [name, spec] of Object.entries(TOOLS)) {
    server.registerTool(
      name,
      {
        description: spec.description,
        inputSchema: jsonSchemaOnce<Record<string, unknown>>({
          type: "object",
          properties: spec.properties,
          additionalProperties: false,
        }),
      },
      // Never reached: tools/call is answered by callTool below (registerTool gives us tools/list).
      async () => ({ content: [{ type: "text" as const, text: `${name} runs as a task` }], isError: true }),
    );
  }
}

export async function callTool(params: Record<string, unknown>, ctx: ServerContext): Promise<Record<string, unknown>> {
  const tool = String(params.name);
  if (!Object.hasOwn(TOOLS, tool)) throw invalid(`Unknown tool: ${tool}`);
  const args = asObject(params.arguments) ?? {};
  const problem = argumentProblem(tool, args);
  if (problem) throw invalid(`Invalid arguments for tool ${tool}: ${problem}`);
  const ttlMs = typeof args.ttlSeconds === "number" ? args.ttlSeconds * 1000 : DEFAULT_TTL_MS;
  const caps = declaredCapabilities(ctx);
  if (caps) {
    // 2026-07-28: a task only when this request declared the extension.
    if (!declaresTasks(caps)) throw missingTasksExtension(tool);
    if (tool === "confirm_booking" && !asObject(caps.elicitation)) {
      throw new ProtocolError(
        MISSING_CAPABILITY,
        "confirm_booking asks for confirmation mid-task: declare elicitation (form) as well",
        {
          requiredCapabilities: { elicitation: { form: {} } },
        },
      );
    }
    const { taskId, resolved } = createTask(tool, args, ttlMs);
    return { resultType: "task", ...detailedTask(taskId, resolved) };
  }
  // 2025-11-25: the client asks for a task with params.task; these tools require one (taskSupport "required").
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

/** tasks/get: the extension's DetailedTask, or the 2025-11-25 Task on the legacy era. */
export function getTask(taskId: string, ctx: ServerContext): Record<string, unknown> {
  const resolved = resolve(taskId);
  return declaredCapabilities(ctx) ? detailedTask(taskId, resolved) : legacyTask(taskId, resolved);
}

function registerTaskMethods(server: McpServer) {
  const low = server.server;
  low.setRequestHandler(
    "tools/call",
    (request, ctx) => callTool(request.params as Record<string, unknown>, ctx) as never,
  );

  const byId = z.looseObject({ taskId: z.string() });
  const loose = z.looseObject({});
  low.setRequestHandler("tasks/get", { params: byId, result: loose }, async (params, ctx) => {
    requireTasksExtension("tasks/get", ctx);
    return getTask(params.taskId, ctx) as never;
  });

  low.setRequestHandler("tasks/update", { params: byId, result: loose }, async (params, ctx) => {
    requireTasksExtension("tasks/update", ctx);
    // The SDK lifts inputResponses out of every request's params (the MRTR machinery); read them back from there.
    const inputResponses = asObject(params.inputResponses) ?? ctx.mcpReq.inputResponses;
    const dropped = ctx.mcpReq.droppedInputResponseKeys ?? [];
    if (!inputResponses && dropped.length === 0)
      throw invalid("tasks/update needs inputResponses: an object keyed like the task's inputRequests");
    if (dropped.length)
      throw invalid(`inputResponses.${dropped[0]} must be a bare elicitation result {action, content?}, not a wrapper`);
    const { seed, snapshot } = resolve(params.taskId);
    const events = readEvents(params.taskId);
    // Keys are unique over the task's life; answers for keys not outstanding now are ignored (ext-tasks).
    const outstanding = snapshot.status === "input_required" ? Object.keys(snapshot.inputRequests ?? {}) : [];
    for (const [key, value] of Object.entries(inputResponses ?? {})) {
      if (!outstanding.includes(key) || events.answers?.[key]) continue;
      const response = asObject(value);
      if (!response || !["accept", "decline", "cancel"].includes(String(response.action)))
        throw invalid(`inputResponses.${key} must be an elicitation result {action: accept|decline|cancel, content?}`);
      if (
        seed.tool === "confirm_booking" &&
        key === CONFIRM_KEY &&
        response.action === "accept" &&
        typeof asObject(response.content)?.confirmed !== "boolean"
      ) {
        throw invalid(`inputResponses.${key}.content.confirmed must be a boolean`);
      }
      events.answers = { ...events.answers, [key]: { response, atMs: Date.now() } };
    }
    writeEvents(params.taskId, events);
    return {} as never;
  });

  low.setRequestHandler("tasks/cancel", { params: byId, result: loose }, async (params, ctx) => {
    requireTasksExtension("tasks/cancel", ctx);
    const resolved = resolve(params.taskId);
    const events = readEvents(params.taskId);
    if (!isTerminal(resolved.snapshot.status) && events.cancelRequestedAtMs === undefined) {
      events.cancelRequestedAtMs = Date.now();
      writeEvents(params.taskId, events);
    }
    if (declaredCapabilities(ctx)) return {} as never; // the extension acknowledges with an empty result
    // 2025-11-25 answered with the task itself (cancelled at once on that wire's terms).
    return legacyTask(
      params.taskId,
      resolve(params.taskId, Math.max(Date.now(), (events.cancelRequestedAtMs ?? 0) + 500)),
    ) as never;
  });

  // 2025-11-25 only.
  low.setRequestHandler("tasks/list", { params: z.looseObject({}).optional(), result: loose }, async (_params, ctx) => {
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
    return { tasks } as never;
  });

  low.setRequestHandler("tasks/result", { params: byId, result: loose }, async (params, ctx) => {
    if (declaredCapabilities(ctx))
      throw new ProtocolError(
        -32601,
        "tasks/result is gone in 2026-07-28: a completed task carries its result inline in tasks/get",
      );
    const deadline = Date.now() + LEGACY_RESULT_WAIT_MS;
    for (;;) {
      const resolved = resolve(params.taskId);
      const { snapshot } = resolved;
      const related = { "io.modelcontextprotocol/related-task": { taskId: params.taskId } };
      if (snapshot.status === "completed") return { ...snapshot.result, _meta: related } as never;
      if (snapshot.status === "failed")
        throw new ProtocolError(snapshot.error!.code, snapshot.error!.message, snapshot.error!.data);
      if (snapshot.status === "cancelled") throw invalid(`Task ${params.taskId} was cancelled`);
      if (Date.now() > deadline) throw new ProtocolError(-32603, "tasks/result waited 60 s; poll tasks/get instead");
      await sleep(Math.min(250, snapshot.pollIntervalMs), ctx.mcpReq.signal);
    }
  });
}

export function createTasksServer(): McpServer {
  const server = new McpServer(
    { name: "tasks", version: "1.0.0", title: "Long-running tasks" },
    {
      capabilities: {
        tools: {},
        extensions: { [TASKS_EXTENSION]: {} },
        // 2025-11-25's task capability (read only on the legacy handshake).
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      } as never,
      instructions: TASKS_INSTRUCTIONS,
    },
  );
  registerTools(server);
  registerTaskMethods(server);
  return server;
}
