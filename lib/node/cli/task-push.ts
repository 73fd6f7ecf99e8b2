/**
 * `task --push`: one subscriptions/listen stream with notifications.taskIds = [the task], opened through the
 * bridge's own listen (lib/node/bridge/listen.ts, as the Tasks view's Push switch does through the page). Each
 * notifications/tasks goes to the follower (a move "by push"); while the acknowledgement names the task, tasks/get
 * polls slow to a safety net (lib/tasks/push.ts). A server that refuses the listen, acknowledges it without the
 * task, sends no acknowledgement, or ends the stream early is said in one line, and polling goes on as usual.
 */
import { ListenRequestSchema, type ListenLine } from "@/lib/bridge/listen-contract";
import type { Target } from "@/lib/bridge/contract";
import { runListen } from "@/lib/node/bridge/listen";
import type { SendContext } from "@/lib/node/bridge/send";
import {
  listenTasksFrame,
  readPushFrame,
  RELAXED_POLL_MS,
  withTasksExtension,
  type Json,
  type TaskFollower,
} from "@/lib/tasks";
import { eventFrame } from "@/lib/protocol/exchange";

/** How long to wait for the acknowledgement before falling back to polling. */
export const PUSH_ACK_TIMEOUT_MS = 5000;

export type PushState = "opening" | "listening" | "unsupported" | "ended";

export interface PushSummary {
  state: PushState;
  /** notifications/tasks received for the task. */
  notifications: number;
  message: string;
}

export interface TaskPush {
  /** Closes the stream (if still open) and says how push went. */
  close(): Promise<PushSummary>;
}

/** Opens the stream for `taskId`; `say` gets one line whenever push starts, falls back or ends. */
export function startTaskPush(o: {
  target: Target;
  ctx: SendContext;
  taskId: string;
  caps: Json;
  follower: TaskFollower;
  say: (line: string) => void;
}): TaskPush {
  const listenId = `cli-task-push-${process.pid}-${Date.now()}`;
  const frame = listenTasksFrame(listenId, [o.taskId], withTasksExtension(o.caps));
  const summary: PushSummary = { state: "opening", notifications: 0, message: "waiting for the acknowledgement" };
  const controller = new AbortController();
  let closing = false;
  const fallBack = (state: PushState, message: string) => {
    if (summary.state === "unsupported" || summary.state === "ended") return;
    o.follower.setPushing(false);
    Object.assign(summary, { state, message });
    if (!closing) o.say(`push: ${message}; following by polling tasks/get`);
    controller.abort();
  };
  const onLine = (line: ListenLine) => {
    if (line.kind !== "event" || eventFrame(line.event) === undefined) return;
    const read = readPushFrame(eventFrame(line.event), listenId);
    if (read?.kind === "ack") {
      if (!read.taskIds.includes(o.taskId))
        return fallBack(
          "unsupported",
          "the server acknowledged subscriptions/listen, but its notifications.taskIds leaves this task out: it does not push it",
        );
      clearTimeout(ackTimer);
      o.follower.setPushing(true);
      Object.assign(summary, { state: "listening", message: "acknowledged" });
      o.say(
        `push: subscriptions/listen acknowledged this task in notifications.taskIds; tasks/get polls slow to one every ${RELAXED_POLL_MS / 1000} s or more as a safety net`,
      );
    } else if (read?.kind === "task" && read.taskId === o.taskId) {
      summary.notifications++;
      o.follower.pushed(read.task);
    } else if (read?.kind === "error") {
      fallBack("unsupported", `the server refused subscriptions/listen (${read.message})`);
    }
  };
  const ackTimer = setTimeout(
    () => fallBack("unsupported", `no acknowledgement of subscriptions/listen after ${PUSH_ACK_TIMEOUT_MS} ms`),
    PUSH_ACK_TIMEOUT_MS,
  );
  const request = ListenRequestSchema.parse({
    listenId,
    target: o.target,
    frame: JSON.stringify(frame),
    ackTimeoutMs: PUSH_ACK_TIMEOUT_MS,
  });
  const ended = runListen(request, o.ctx, onLine, controller.signal)
    .catch((e: unknown) => ({ reason: "failure", message: e instanceof Error ? e.message : String(e) }))
    .then((end) => {
      clearTimeout(ackTimer);
      if (summary.state !== "listening" && summary.state !== "opening") return;
      if (closing || (end.reason === "closed-by-server" && summary.state === "listening")) {
        o.follower.setPushing(false);
        Object.assign(summary, {
          state: "ended",
          message: closing ? "closed once the task ended" : "the server ended the stream (no task left to push)",
        });
      } else fallBack("ended", `the stream ended before the task did (${end.reason}: ${end.message})`);
    });
  return {
    async close() {
      closing = true;
      clearTimeout(ackTimer);
      controller.abort();
      await ended;
      return { ...summary };
    },
  };
}
