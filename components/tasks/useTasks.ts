"use client";
/**
 * The Tasks view's followers: one per started task, each polling through the session's sendFrame (so every poll
 * is a visible, labelled exchange in the timeline) and bound to the target it started on. Several run at once;
 * the panel stays mounted when hidden, so they keep going while the user sends other frames.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Commands, SessionState } from "@/lib/session";
import { capabilitiesFrom } from "@/lib/session/envelope";
import { selectTarget } from "@/lib/session/selectors";
import {
  createFollower,
  emptyTrack,
  type ExchangeLike,
  type Json,
  type TaskFollower,
  type TaskTrack,
} from "@/lib/tasks";

export interface TaskEntry {
  key: string;
  tool: string;
  targetLabel: string;
  startedAt: number;
  track: TaskTrack;
  running: boolean;
}

export interface TaskControls {
  resume(taskId: string, tool: string): void;
  answer(key: string, responses: Json): void;
  cancel(key: string): void;
  stop(key: string): void;
  setOverride(key: string, ms: number | undefined): void;
}

export interface StartOptions {
  tool: string;
  arguments: Json;
  overridePollMs?: number;
  declareExtension: boolean;
  /** Follow a task created earlier (a card stopped, a link or a session file) instead of creating one. */
  resumeTaskId?: string;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("woken"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("woken"));
    });
  });
}

const failure = (message: string): ExchangeLike => ({ outcome: { kind: "failure", failure: "refused", message } });

/** What a follower is told: the start options, the declared capabilities, and its ids' prefix (the entry's key). */
function followOptions(opts: StartOptions, caps: Json, key: string): Parameters<typeof createFollower>[1] {
  return {
    tool: opts.tool,
    arguments: opts.arguments,
    caps,
    overridePollMs: opts.overridePollMs,
    idPrefix: `${key}-`,
    declareExtension: opts.declareExtension,
    resumeTaskId: opts.resumeTaskId,
  };
}

/** The running followers by entry key; every one stops when the panel goes away. */
function useFollowers() {
  const followers = useRef(new Map<string, TaskFollower>());
  useEffect(() => {
    const map = followers.current;
    return () => map.forEach((f) => f.stop());
  }, []);
  return followers;
}

export function useTasks(state: SessionState, commands: Commands) {
  const [entries, setEntries] = useState<TaskEntry[]>([]);
  const followers = useFollowers();
  const stateRef = useRef(state);
  const entriesRef = useRef(entries);
  const counter = useRef(0);
  useEffect(() => {
    stateRef.current = state;
    entriesRef.current = entries;
  });

  const patch = useCallback(
    (key: string, change: Partial<TaskEntry>) =>
      setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e))),
    [],
  );

  const start = useCallback(
    (opts: StartOptions): string | null => {
      const view = selectTarget(stateRef.current);
      if (view.kind !== "ready") return view.problem;
      const caps = capabilitiesFrom(stateRef.current.envelope);
      if (!caps.ok) return caps.error;
      const key = `t${++counter.current}`;
      const send = async (frame: Json): Promise<ExchangeLike> => {
        const now = selectTarget(stateRef.current);
        // A task lives on the server it was created on: never poll another target with its id.
        if (now.kind !== "ready" || now.key !== view.key)
          return failure(`the target changed (this task lives on ${view.label}); switch back to keep following it`);
        const ex = await commands.sendFrame(JSON.stringify(frame), {
          label: `task ${key} ${opts.tool}: ${String(frame.method)}`,
          noCache: true,
        });
        return ex ?? failure("the bridge did not deliver it (see the timeline)");
      };
      const follower = createFollower(
        { send, sleep, now: Date.now, onUpdate: (track) => patch(key, { track }) },
        followOptions(opts, caps.value, key),
      );
      followers.current.set(key, follower);
      const entry: TaskEntry = {
        key,
        tool: opts.tool,
        targetLabel: view.label,
        startedAt: Date.now(),
        running: true,
        track: { ...emptyTrack(opts.tool), taskId: opts.resumeTaskId },
      };
      setEntries((list) => [entry, ...list]);
      void follower.run().then((track) => patch(key, { track, running: false }));
      return null;
    },
    [commands, patch, followers],
  );

  const controls: TaskControls = {
    resume: (taskId, tool) => void start({ tool, arguments: {}, declareExtension: true, resumeTaskId: taskId }),
    answer: (key, responses) => followers.current.get(key)?.answer(responses),
    cancel: (key) => followers.current.get(key)?.cancel(),
    stop: (key) => followers.current.get(key)?.stop(),
    setOverride: (key, ms) => followers.current.get(key)?.setOverridePollMs(ms),
  };
  const resume = useCallback(
    (taskId: string, tool: string) => start({ tool, arguments: {}, declareExtension: true, resumeTaskId: taskId }),
    [start],
  );
  /** Push (useTaskPush): hands a notifications/tasks to the followers of that task; marks the pushed ones relaxed. */
  const push = useMemo(
    () => ({
      deliver(taskId: string, task: Json) {
        for (const e of entriesRef.current)
          if (e.running && e.track.taskId === taskId) followers.current.get(e.key)?.pushed(task);
      },
      setPushed(taskIds: readonly string[]) {
        for (const e of entriesRef.current)
          followers.current.get(e.key)?.setPushing(e.track.taskId !== undefined && taskIds.includes(e.track.taskId));
      },
    }),
    [followers],
  );
  return { entries, start, resume, controls, push };
}
