"use client";
/**
 * The Tasks view's Push switch: while on, one subscriptions/listen stream with notifications.taskIds for the tasks
 * shown on the current target that are still going (reopened when that set changes). Each notifications/tasks goes
 * to its task's follower (a "push" move on the diagram); tasks the ack names poll relaxed (lib/tasks/push.ts).
 */
import { useEffect, useState } from "react";
import type { ListenLine } from "@/lib/bridge/listen-contract";
import { eventFrame } from "@/lib/protocol/exchange";
import type { CacheRuntime } from "@/lib/cache/runtime";
import type { SessionState } from "@/lib/session";
import { capabilitiesFrom } from "@/lib/session/envelope";
import { selectTarget } from "@/lib/session/selectors";
import { isTerminal, listenTasksFrame, readPushFrame, withTasksExtension, type Json } from "@/lib/tasks";
import type { TaskEntry } from "./useTasks";

export interface PushStatus {
  state: "off" | "idle" | "opening" | "listening" | "ended";
  /** The ids the acknowledgement named. */
  acked: string[];
  pushes: number;
  message?: string;
  /** Why no stream is open yet (idle), said by the panel in the reader's language. */
  idle?: "no-bridge" | "no-task" | "bad-capabilities";
}

interface PushSink {
  deliver(taskId: string, task: Json): void;
  setPushed(taskIds: readonly string[]): void;
}

let seq = 0;

/** The running, unfinished tasks of the target shown, as one key (ids sorted, a line each): the stream follows it. */
function watchedKey(entries: TaskEntry[], label: string | null): string {
  const watched = entries
    .filter(
      (e) =>
        e.running && e.track.taskId && e.targetLabel === label && !(e.track.task && isTerminal(e.track.task.status)),
    )
    .map((e) => e.track.taskId!);
  return [...new Set(watched)].sort().join("\n");
}

export function useTaskPush(
  enabled: boolean,
  entries: TaskEntry[],
  state: SessionState,
  cache: CacheRuntime | undefined,
  sink: PushSink,
): PushStatus {
  // The stream's own status, tagged with the stream it belongs to (off/idle/opening are derived below).
  const [status, setStreamStatus] = useState<PushStatus & { stream: string }>({
    stream: "",
    state: "opening",
    acked: [],
    pushes: 0,
  });
  const view = selectTarget(state);
  const label = view.kind === "ready" ? view.label : null;
  const key = watchedKey(entries, label);
  const caps = capabilitiesFrom(state.envelope);
  const capsJson = caps.ok ? JSON.stringify(caps.value) : null;

  const streamKey = `${label}\u0000${capsJson}\u0000${key}`;
  const canOpen = enabled && cache !== undefined && label !== null && key !== "" && capsJson !== null;

  useEffect(() => {
    const now = selectTarget(state);
    if (!canOpen || !cache || now.kind !== "ready" || capsJson === null) return;
    const subscriptionId = `tasks-push-${++seq}`;
    const frame = listenTasksFrame(subscriptionId, key.split("\n"), withTasksExtension(JSON.parse(capsJson) as Json));
    const setStatus = (change: (s: PushStatus) => PushStatus) =>
      setStreamStatus((s) => ({
        ...change(s.stream === streamKey ? s : { state: "opening", acked: [], pushes: 0 }),
        stream: streamKey,
      }));
    let closed = false;
    const onLine = (line: ListenLine) => {
      if (closed || line.kind !== "event" || eventFrame(line.event) === undefined) return;
      const read = readPushFrame(eventFrame(line.event), subscriptionId);
      if (!read) return;
      if (read.kind === "ack") {
        sink.setPushed(read.taskIds);
        setStatus(() => ({ state: "listening", acked: read.taskIds, pushes: 0 }));
      } else if (read.kind === "task") {
        sink.deliver(read.taskId, read.task);
        setStatus((s) => ({ ...s, pushes: s.pushes + 1 }));
      } else if (read.kind === "error") {
        setStatus(() => ({
          state: "ended",
          acked: [],
          pushes: 0,
          message: `the server refused the listen: ${read.message}`,
        }));
      }
    };
    const stream = cache.openStream(
      { listenId: subscriptionId, target: now.target, frame: JSON.stringify(frame), ackTimeoutMs: 5000 },
      onLine,
    );
    void stream.done.then((end) => {
      if (closed) return;
      sink.setPushed([]);
      setStatus((s) => ({ ...s, state: "ended", message: s.message ?? `${end.reason}: ${end.message}` }));
    });
    return () => {
      closed = true;
      sink.setPushed([]);
      void stream.close();
    };
    // Reopen only when the watched set, the target or the declared capabilities change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canOpen, streamKey, cache, sink]);

  if (!enabled) return { state: "off", acked: [], pushes: 0 };
  if (!canOpen)
    return {
      state: "idle",
      acked: [],
      pushes: 0,
      idle: !cache ? "no-bridge" : key === "" ? "no-task" : "bad-capabilities",
    };
  if (status.stream !== streamKey) return { state: "opening", acked: [], pushes: 0 };
  return status;
}
