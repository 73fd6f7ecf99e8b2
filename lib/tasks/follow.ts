/**
 * Follows one task from its tools/call to a terminal state on the 2026 extension wire: polls tasks/get at the
 * server's pollIntervalMs (or the user's bounded override), answers mid-task input with tasks/update (once per key,
 * however many polls repeat it), sends tasks/cancel on request, and records every exchange. The transport, the
 * clock and the sleep are injected, so the same driver runs in the CLI, the page and the unit tests. Pure.
 */
import { readInputRequired, type InputRequestView } from "@/lib/protocol/mrtr";
import { cancelTaskFrame, getTaskFrame, taskCallFrame, updateTaskFrame, withTasksExtension } from "./frames";
import { msg, say, type Msg } from "../i18n/translate";
import { isLegalMove, whyMovedMsg, type Move, type Via } from "./machine";
import { relaxedPollDelay } from "./push";
import { pollDelay, type PollDelay } from "./schedule";
import { asObject, isTerminal, readTask, TASK_RESULT_TYPE, type Json, type TaskStatus, type TaskView } from "./shapes";

/** The parts of a bridge Exchange the driver reads. */
export interface ExchangeLike {
  outcome:
    | { kind: "response"; frame: unknown }
    | { kind: "notification"; note: string }
    | { kind: "failure"; failure: string; message: string };
  received?: unknown[];
  events?: { kind: string; headers?: [string, string][] }[];
}

export interface TaskExchange {
  method: string;
  atMs: number;
  via: Via;
  sent: Json;
  response?: unknown;
  /** The request headers over HTTP (Mcp-Method, Mcp-Name, …). */
  headers?: [string, string][];
  failure?: string;
}

export interface Poll {
  atMs: number;
  status: TaskStatus | "error";
  delay?: PollDelay;
}

export type FollowOutcome =
  "completed" | "failed" | "cancelled" | "not-a-task" | "error" | "missing-answer" | "poll-limit" | "stopped";

export interface TaskTrack {
  tool: string;
  taskId?: string;
  task?: TaskView;
  moves: Move[];
  polls: Poll[];
  exchanges: TaskExchange[];
  /** inputRequests keys seen so far (deduplicated across polls) and those already answered. */
  seenKeys: string[];
  answeredKeys: string[];
  /** Input requests waiting for the user, keyed once however many polls repeat them. */
  pending: InputRequestView[];
  problems: string[];
  cancelSent: boolean;
  outcome?: FollowOutcome;
  /** How it ended, in English (the CLI); the page says `messageMsg` in the reader's language. */
  message?: string;
  messageMsg?: Msg;
  result?: Json;
}

export interface FollowDeps {
  send(frame: Json): Promise<ExchangeLike>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  /** Called on every change of the track (a fresh copy). */
  onUpdate?(track: TaskTrack): void;
}

export interface FollowOptions {
  tool: string;
  arguments?: Json;
  /** Declared client capabilities; the extension is added. */
  caps?: Json;
  /** Answers keyed like inputRequests (the CLI's --answers); without one, pending input waits for answer(). */
  answers?: Json;
  /** Stop with "missing-answer" instead of waiting when an input has no answer (the CLI). */
  failOnMissingAnswer?: boolean;
  overridePollMs?: number;
  maxPolls?: number;
  firstId?: number;
  /** String ids `${idPrefix}${n}`, so several followers can share one connection without id clashes. */
  idPrefix?: string;
  /** false sends the tools/call without the extension (to see the -32021). Default true. */
  declareExtension?: boolean;
  /** Resume an existing task instead of creating one. */
  resumeTaskId?: string;
}

export interface TaskFollower {
  run(): Promise<TaskTrack>;
  /** Sends tasks/update with these responses at once (keys not pending are dropped). */
  answer(responses: Json): void;
  /** Sends tasks/cancel at once and keeps polling to show what the server does with it. */
  cancel(): void;
  /** Stops polling (the task goes on at the server). */
  stop(): void;
  setOverridePollMs(ms: number | undefined): void;
  /** A notifications/tasks for this task arrived on a listen stream (its params: the full task). */
  pushed(task: Json): void;
  /** While a listen stream's ack names this task, polls are relaxed (push.ts). */
  setPushing(on: boolean): void;
}

export const DEFAULT_MAX_POLLS = 400;

function responseOf(ex: ExchangeLike): { result?: Json; error?: Json; failure?: string } {
  if (ex.outcome.kind === "failure") return { failure: `${ex.outcome.failure}: ${ex.outcome.message}` };
  if (ex.outcome.kind !== "response") return { failure: "no response" };
  const frame = asObject(ex.outcome.frame) ?? {};
  const error = asObject(frame.error);
  if (error) return { error };
  return { result: asObject(frame.result) ?? {} };
}

function headersOf(ex: ExchangeLike): [string, string][] | undefined {
  return ex.events?.find((e) => e.kind === "http-request")?.headers;
}

/** A track before anything has happened. */
export function emptyTrack(tool: string): TaskTrack {
  return {
    tool,
    moves: [],
    polls: [],
    exchanges: [],
    seenKeys: [],
    answeredKeys: [],
    pending: [],
    problems: [],
    cancelSent: false,
  };
}

export function createFollower(deps: FollowDeps, opts: FollowOptions): TaskFollower {
  const caps = opts.declareExtension === false ? (opts.caps ?? {}) : withTasksExtension(opts.caps ?? {});
  const maxPolls = opts.maxPolls ?? DEFAULT_MAX_POLLS;
  let counter = opts.firstId ?? 1;
  const newId = () => (opts.idPrefix === undefined ? counter++ : `${opts.idPrefix}${counter++}`);
  let override = opts.overridePollMs;
  let wake = new AbortController();
  let stopped = false;
  let cancelWanted = false;
  let pushing = false;
  // A push brought input to answer: go round the loop once without polling.
  let pushedInput = false;
  const queued: Json[] = [];
  const track = emptyTrack(opts.tool);
  const publish = () => deps.onUpdate?.(structuredClone(track));

  async function exchange(frame: Json, via: Via) {
    const atMs = deps.now();
    const ex = await deps.send(frame);
    const r = responseOf(ex);
    const record: TaskExchange = { method: String(frame.method), atMs, via, sent: frame };
    if (ex.outcome.kind === "response") record.response = ex.outcome.frame;
    const headers = headersOf(ex);
    if (headers) record.headers = headers;
    if (r.failure) record.failure = r.failure;
    track.exchanges.push(record);
    return { ...r, atMs };
  }

  function observe(value: Json, atMs: number, via: Via) {
    const read = readTask(value);
    for (const p of read.problems) if (!track.problems.includes(p)) track.problems.push(p);
    if (!read.ok) return;
    const task = read.task;
    const from = track.task?.status ?? null;
    const whyMsg = whyMovedMsg(from, task, via);
    if (from !== task.status)
      track.moves.push({
        from,
        to: task.status,
        atMs,
        via,
        why: say(whyMsg),
        whyMsg,
        legal: isLegalMove(from, task.status),
      });
    track.task = task;
    if (task.status === "input_required" && task.inputRequests) {
      const view = readInputRequired({ inputRequests: task.inputRequests }, { declared: caps });
      for (const r of view.requests) if (!track.seenKeys.includes(r.key)) track.seenKeys.push(r.key);
      track.pending = view.requests.filter((r) => !track.answeredKeys.includes(r.key));
    } else {
      track.pending = [];
    }
    if (task.status === "completed") track.result = task.result;
  }

  function finish(outcome: FollowOutcome, message: Msg) {
    track.outcome = outcome;
    track.message = say(message);
    track.messageMsg = message;
    publish();
    return track;
  }

  async function sendUpdate(responses: Json) {
    const keys = Object.keys(responses).filter((k) => track.pending.some((p) => p.key === k));
    if (!track.taskId || keys.length === 0) return;
    const body = Object.fromEntries(keys.map((k) => [k, responses[k]]));
    const r = await exchange(updateTaskFrame(newId(), track.taskId, body, caps), "update");
    if (!r.error && !r.failure) {
      track.answeredKeys.push(...keys);
      track.pending = track.pending.filter((p) => !keys.includes(p.key));
    } else {
      track.problems.push(
        `tasks/update was refused: ${r.failure ?? `${String(r.error?.code)} ${String(r.error?.message)}`}`,
      );
    }
    publish();
  }

  async function run(): Promise<TaskTrack> {
    if (opts.resumeTaskId) {
      track.taskId = opts.resumeTaskId;
    } else {
      const created = await exchange(taskCallFrame(newId(), opts.tool, opts.arguments ?? {}, caps), "created");
      if (created.failure) return finish("error", msg("tasks.end.callFailed", { detail: created.failure }));
      if (created.error)
        return finish(
          "error",
          msg("tasks.end.callError", { code: String(created.error.code), message: String(created.error.message) }),
        );
      const result = created.result ?? {};
      if (result.resultType !== TASK_RESULT_TYPE) {
        track.result = result;
        return finish("not-a-task", msg("tasks.end.notATask", { resultType: JSON.stringify(result.resultType) }));
      }
      track.taskId = typeof result.taskId === "string" ? result.taskId : undefined;
      observe(result, created.atMs, "created");
      publish();
      if (!track.taskId) return finish("error", msg("tasks.end.noTaskId"));
    }
    while (!stopped) {
      if (track.task && isTerminal(track.task.status))
        return finish(
          track.task.status as FollowOutcome,
          track.moves.at(-1)?.whyMsg ?? msg("tasks.end.status", { status: track.task.status }),
        );
      if (cancelWanted && !track.cancelSent) {
        track.cancelSent = true;
        const r = await exchange(cancelTaskFrame(newId(), track.taskId!, caps), "cancel");
        if (r.error || r.failure)
          track.problems.push(
            `tasks/cancel was refused: ${r.failure ?? `${String(r.error?.code)} ${String(r.error?.message)}`}`,
          );
        publish();
      }
      while (queued.length) await sendUpdate(queued.shift()!);
      if (track.pending.length && opts.answers) {
        const have = track.pending.filter((p) => opts.answers![p.key] !== undefined);
        if (have.length) await sendUpdate(Object.fromEntries(have.map((p) => [p.key, opts.answers![p.key]])));
      }
      if (track.pending.length && opts.failOnMissingAnswer)
        return finish(
          "missing-answer",
          msg("tasks.end.missingAnswer", { keys: track.pending.map((p) => p.key).join(", ") }),
        );
      if (track.polls.length >= maxPolls) return finish("poll-limit", msg("tasks.end.pollLimit", { n: maxPolls }));
      const usual = pollDelay(track.task?.pollIntervalMs, override);
      const delay = pushing ? relaxedPollDelay(usual) : usual;
      try {
        // A resumed task is polled at once: nothing says how long to wait until its first answer.
        if (track.task) await deps.sleep(delay.delayMs, wake.signal);
      } catch {
        // woken early: an answer or a cancel to send, or stop()
      }
      if (wake.signal.aborted) wake = new AbortController();
      if (stopped) break;
      // Woken by an answer, a cancel, or a push that ended the task: nothing to poll for.
      if (
        queued.length ||
        pushedInput ||
        (cancelWanted && !track.cancelSent) ||
        (track.task && isTerminal(track.task.status))
      ) {
        pushedInput = false;
        continue;
      }
      const polled = await exchange(getTaskFrame(newId(), track.taskId!, caps), "poll");
      if (polled.failure || polled.error) {
        track.polls.push({ atMs: polled.atMs, status: "error", delay });
        return finish(
          "error",
          msg("tasks.end.getFailed", {
            detail: polled.failure ?? `${String(polled.error?.code)} ${String(polled.error?.message)}`,
          }),
        );
      }
      if (polled.result?.resultType !== "complete")
        track.problems.push(
          `tasks/get answered resultType ${JSON.stringify(polled.result?.resultType)}; it must be "complete"`,
        );
      observe(polled.result ?? {}, polled.atMs, "poll");
      track.polls.push({ atMs: polled.atMs, status: track.task?.status ?? "error", delay });
      publish();
    }
    return finish("stopped", msg("tasks.end.stopped"));
  }

  return {
    run,
    answer(responses) {
      queued.push(responses);
      wake.abort();
    },
    cancel() {
      cancelWanted = true;
      wake.abort();
    },
    stop() {
      stopped = true;
      wake.abort();
    },
    setOverridePollMs(ms) {
      override = ms;
    },
    pushed(task) {
      if (stopped || !track.taskId || task.taskId !== track.taskId || (track.task && isTerminal(track.task.status)))
        return;
      const atMs = deps.now();
      track.exchanges.push({
        method: "notifications/tasks",
        atMs,
        via: "push",
        sent: { jsonrpc: "2.0", method: "notifications/tasks", params: task },
      });
      observe(task, atMs, "push");
      publish();
      if (track.task && isTerminal(track.task.status)) wake.abort();
      else if (track.pending.length && (opts.answers || opts.failOnMissingAnswer)) {
        pushedInput = true;
        wake.abort();
      }
    },
    setPushing(on) {
      if (pushing && !on) wake.abort(); // back to the usual schedule at once
      pushing = on;
    },
  };
}

/** The CLI's --json shape: { taskId, pollIntervalMs, states, polls, frames, result }, times relative to the start. */
export function followReport(track: TaskTrack, startMs: number) {
  return {
    tool: track.tool,
    taskId: track.taskId ?? null,
    outcome: track.outcome ?? null,
    message: track.message ?? null,
    pollIntervalMs: track.task?.pollIntervalMs ?? null,
    states: track.moves.map((m) => m.to),
    moves: track.moves.map((m) => ({
      from: m.from,
      to: m.to,
      atMs: m.atMs - startMs,
      via: m.via,
      why: m.why,
      legal: m.legal,
    })),
    polls: track.polls.map((p) => ({ atMs: p.atMs - startMs, status: p.status })),
    answeredKeys: track.answeredKeys,
    frames: track.exchanges.map((e) => ({
      method: e.method,
      via: e.via,
      atMs: e.atMs - startMs,
      sent: e.sent,
      ...(e.headers ? { headers: e.headers } : {}),
      response: e.response ?? null,
      ...(e.failure ? { failure: e.failure } : {}),
    })),
    result: track.result ?? null,
    error: track.task?.error ?? null,
    problems: track.problems,
  };
}
