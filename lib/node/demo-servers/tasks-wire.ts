/**
 * The tasks demo server's task as each wire shows it: the id resolved to its state now, the extension's
 * DetailedTask and the 2025-11-25 Task, and who declared the extension (the 2026-07-28 envelope) or not.
 */
import { ProtocolError, type ServerContext } from "@modelcontextprotocol/server";
import { INVALID_PARAMS, MISSING_CAPABILITY, TASKS_EXTENSION, asObject } from "@/lib/tasks/shapes";
import { mintTaskId, openTaskId, pruneStaleEvents, readEvents, type TaskSeed } from "./tasks-ids";
import { TIMELINES, type TaskSnapshot } from "./tasks-timeline";

const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

export const invalid = (message: string) => new ProtocolError(INVALID_PARAMS, message);

/** The 2026-07-28 request's clientCapabilities; undefined on the 2025-11-25 wire (no envelope). */
export function declaredCapabilities(ctx: ServerContext): Record<string, unknown> | undefined {
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
export function requireTasksExtension(method: string, ctx: ServerContext): void {
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

/** A new task, durably created before the answer (the state is the id itself). */
export function createTask(
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
