/**
 * Push for the tasks server: `subscriptions/listen` with `notifications.taskIds` (ext-tasks "Task Status
 * Notifications"). SDK 2.4.0's listen routers know only the four core filters and drop `taskIds`, so both serving
 * entries hand such a listen here: over stdio (tasks-stdio.ts, before serveStdio sees it) and over Streamable HTTP
 * (the demo front, as an SSE response).
 *
 * The stream: the acknowledgement first (`notifications.taskIds` = the ids we will push: ones this server minted
 * and that have not expired), then `notifications/tasks` carrying the full DetailedTask (what tasks/get would say
 * at that moment) once at once, so a push-only client starts in sync, and again whenever a task's status or
 * statusMessage changes. A task stops being pushed once terminal; when none is left the stream ends gracefully
 * (the listen request's result). The tasks' state is a function of time and a shared events file, so a watcher
 * re-reads it every TICK_MS: an answer or a cancel sent to another process shows up too.
 */
import { MISSING_CAPABILITY, INVALID_PARAMS, asObject, isTerminal } from "@/lib/tasks/shapes";
import { declaresTasks, detailedTask, missingTasksExtension, resolve } from "./tasks-wire";

export const TICK_MS = 200;
/** One stream watches at most this many tasks. */
export const MAX_LISTEN_TASK_IDS = 32;
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";

type Frame = Record<string, unknown>;
type Id = string | number;

/** A 2026 subscriptions/listen request whose filter names taskIds: the SDK would drop them, so we serve it. */
export function isTaskListen(message: unknown): message is { id: Id; method: "subscriptions/listen"; params: Frame } {
  const m = asObject(message);
  if (m?.method !== "subscriptions/listen" || (typeof m.id !== "string" && typeof m.id !== "number")) return false;
  const params = asObject(m.params);
  return (
    typeof asObject(params?._meta)?.[PROTOCOL_VERSION] === "string" &&
    asObject(params?.notifications)?.taskIds !== undefined
  );
}

function errorFrame(id: Id, code: number, message: string, data?: unknown): Frame {
  return { jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

export type TaskListenPlan = { ok: true; id: Id; taskIds: string[] } | { ok: false; reply: Frame };

/**
 * Judges a task listen before any stream starts: -32021 without the extension declared (ext-tasks MUST), -32602
 * for a malformed taskIds. The honoured ids are those this server minted and that still live; other filters are
 * not honoured (this server advertises no listChanged and no resource subscriptions), so the ack omits them.
 */
export function planTaskListen(message: { id: Id; params: Frame }): TaskListenPlan {
  const { id, params } = message;
  const caps = asObject(asObject(params._meta)?.[CLIENT_CAPABILITIES]) ?? {};
  if (!declaresTasks(caps)) {
    const e = missingTasksExtension("subscriptions/listen with taskIds");
    return { ok: false, reply: errorFrame(id, MISSING_CAPABILITY, e.message, e.data) };
  }
  const asked = asObject(params.notifications)?.taskIds;
  if (!Array.isArray(asked) || asked.some((t) => typeof t !== "string"))
    return {
      ok: false,
      reply: errorFrame(id, INVALID_PARAMS, "notifications.taskIds must be an array of task id strings"),
    };
  if (asked.length > MAX_LISTEN_TASK_IDS)
    return {
      ok: false,
      reply: errorFrame(
        id,
        INVALID_PARAMS,
        `notifications.taskIds names ${asked.length} tasks; one stream watches at most ${MAX_LISTEN_TASK_IDS}`,
      ),
    };
  const taskIds = [...new Set(asked as string[])].filter((taskId) => {
    try {
      resolve(taskId);
      return true;
    } catch {
      return false; // unknown, forged or expired: not acknowledged, never pushed
    }
  });
  return { ok: true, id, taskIds };
}

export interface TaskListenStream {
  stop(): void;
}

/**
 * Runs one planned stream: `emit` gets each frame (ack, notifications/tasks…, the closing result); `onEnd` runs
 * once when the stream ends by itself. stop() ends it silently (the client cancelled or went away).
 */
export function runTaskListen(
  plan: Extract<TaskListenPlan, { ok: true }>,
  emit: (frame: Frame) => void,
  onEnd: () => void = () => {},
): TaskListenStream {
  const { id } = plan;
  const meta = { [SUBSCRIPTION_ID]: id };
  const last = new Map<string, string>();
  const live = new Set(plan.taskIds);
  let timer: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  const end = (graceful: boolean) => {
    if (ended) return;
    ended = true;
    if (timer) clearInterval(timer);
    if (graceful) {
      emit({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: meta } });
      onEnd();
    }
  };
  const tick = () => {
    for (const taskId of live) {
      let task: Frame;
      try {
        task = detailedTask(taskId, resolve(taskId));
      } catch {
        live.delete(taskId); // expired while watched: nothing more to say about it
        continue;
      }
      const key = `${String(task.status)}\u0000${String(task.statusMessage ?? "")}`;
      if (last.get(taskId) !== key) {
        last.set(taskId, key);
        emit({ jsonrpc: "2.0", method: "notifications/tasks", params: { ...task, _meta: meta } });
      }
      if (isTerminal(task.status as never)) live.delete(taskId);
    }
    if (live.size === 0) end(true);
  };
  emit({
    jsonrpc: "2.0",
    method: "notifications/subscriptions/acknowledged",
    params: { notifications: plan.taskIds.length ? { taskIds: plan.taskIds } : {}, _meta: meta },
  });
  tick();
  if (!ended) {
    timer = setInterval(tick, TICK_MS);
    timer.unref?.(); // a watcher never keeps a stdio process alive after its stdin closed
  }
  return { stop: () => end(false) };
}

/**
 * stdio: serves task listens and the notifications/cancelled that close them; everything else goes on to
 * serveStdio. Returns true when it took the message.
 */
export function taskListenInterceptor(): (message: unknown, send: (frame: Frame) => void) => boolean {
  const open = new Map<Id, TaskListenStream>();
  return (message, send) => {
    if (isTaskListen(message)) {
      const plan = planTaskListen(message);
      if (!plan.ok) {
        send(plan.reply);
        return true;
      }
      open.get(message.id)?.stop();
      open.delete(message.id);
      // A stream may end inside runTaskListen (every named task already terminal): then it is never kept.
      const run: { stream?: TaskListenStream; ended?: boolean } = {};
      run.stream = runTaskListen(plan, send, () => {
        run.ended = true;
        if (open.get(message.id) === run.stream) open.delete(message.id);
      });
      if (!run.ended) open.set(message.id, run.stream);
      return true;
    }
    const m = asObject(message);
    const requestId = asObject(m?.params)?.requestId;
    if (
      m?.method === "notifications/cancelled" &&
      (typeof requestId === "string" || typeof requestId === "number") &&
      open.has(requestId)
    ) {
      open.get(requestId)!.stop();
      open.delete(requestId);
      return true;
    }
    return false;
  };
}

const KEEP_ALIVE_MS = 15_000;

/**
 * HTTP: the SSE response for a task listen (or its JSON-RPC error as JSON), or undefined for any other body (the
 * SDK's handler serves it). Closing the response (the client went away) stops the watcher.
 */
export function serveTaskListenHttp(body: string, signal: AbortSignal): Response | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isTaskListen(message)) return undefined;
  const plan = planTaskListen(message);
  if (!plan.ok) return Response.json(plan.reply);
  const encoder = new TextEncoder();
  let stream: TaskListenStream | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  const stopAll = () => {
    stream?.stop();
    if (keepAlive) clearInterval(keepAlive);
  };
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
          stopAll();
        }
      };
      const close = () => {
        if (!open) return;
        open = false;
        if (keepAlive) clearInterval(keepAlive);
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      stream = runTaskListen(plan, (frame) => write(`event: message\ndata: ${JSON.stringify(frame)}\n\n`), close);
      keepAlive = setInterval(() => write(": keepalive\n\n"), KEEP_ALIVE_MS);
      keepAlive.unref?.();
      if (signal.aborted) stopAll();
      else signal.addEventListener("abort", stopAll, { once: true });
    },
    cancel() {
      stopAll();
    },
  });
  return new Response(readable, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
