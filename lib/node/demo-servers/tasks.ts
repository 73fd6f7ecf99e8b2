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
import { MISSING_CAPABILITY, TASKS_EXTENSION, asObject, isTerminal } from "@/lib/tasks/shapes";
import { MAX_ARGS_BYTES, MAX_TASK_TTL_MS, readEvents, writeEvents } from "./tasks-ids";
import { CONFIRM_KEY, DEFAULT_TTL_MS } from "./tasks-timeline";
import { callAsLegacyTask, registerLegacyTaskMethods } from "./tasks-legacy";
import {
  createTask,
  declaredCapabilities,
  declaresTasks,
  detailedTask,
  invalid,
  legacyTask,
  missingTasksExtension,
  requireTasksExtension,
  resolve,
} from "./tasks-wire";

export const TASKS_INSTRUCTIONS =
  "Long-running tools answered as tasks. Declare the io.modelcontextprotocol/tasks extension in clientCapabilities, " +
  "call slow_report, confirm_booking (asks mid-task), flaky_export (fails) or long_import (cancel it), then poll " +
  "tasks/get with the taskId at pollIntervalMs. The same server speaks the 2025-11-25 task wire after initialize.";

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
  if (!caps) return callAsLegacyTask(tool, args, params, ttlMs);
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

/** tasks/get: the extension's DetailedTask, or the 2025-11-25 Task on the legacy era. */
export function getTask(taskId: string, ctx: ServerContext): Record<string, unknown> {
  const resolved = resolve(taskId);
  return declaredCapabilities(ctx) ? detailedTask(taskId, resolved) : legacyTask(taskId, resolved);
}

/** tasks/update: records the answers to the task's outstanding inputRequests (others are ignored, as ext-tasks says). */
function updateTask(taskId: string, params: Record<string, unknown>, ctx: ServerContext): void {
  // The SDK lifts inputResponses out of every request's params (the MRTR machinery); read them back from there.
  const inputResponses = asObject(params.inputResponses) ?? ctx.mcpReq.inputResponses;
  const dropped = ctx.mcpReq.droppedInputResponseKeys ?? [];
  if (!inputResponses && dropped.length === 0)
    throw invalid("tasks/update needs inputResponses: an object keyed like the task's inputRequests");
  if (dropped.length)
    throw invalid(`inputResponses.${dropped[0]} must be a bare elicitation result {action, content?}, not a wrapper`);
  const { seed, snapshot } = resolve(taskId);
  const events = readEvents(taskId);
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
  writeEvents(taskId, events);
}

/** tasks/cancel: the cancel is recorded (it takes effect at the task's next step); the answer depends on the wire. */
function cancelTask(taskId: string, ctx: ServerContext): Record<string, unknown> {
  const resolved = resolve(taskId);
  const events = readEvents(taskId);
  if (!isTerminal(resolved.snapshot.status) && events.cancelRequestedAtMs === undefined) {
    events.cancelRequestedAtMs = Date.now();
    writeEvents(taskId, events);
  }
  if (declaredCapabilities(ctx)) return {}; // the extension acknowledges with an empty result
  // 2025-11-25 answered with the task itself (cancelled at once on that wire's terms).
  return legacyTask(taskId, resolve(taskId, Math.max(Date.now(), (events.cancelRequestedAtMs ?? 0) + 500)));
}

/** tools/call and the methods both wires share (tasks/get, tasks/update, tasks/cancel). */
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
    updateTask(params.taskId, params, ctx);
    return {} as never;
  });
  low.setRequestHandler("tasks/cancel", { params: byId, result: loose }, async (params, ctx) => {
    requireTasksExtension("tasks/cancel", ctx);
    return cancelTask(params.taskId, ctx) as never;
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
  registerLegacyTaskMethods(server);
  return server;
}
