/**
 * Follows one task from its tools/call to a terminal state on the 2026 extension wire: polls tasks/get at the
 * server's pollIntervalMs (or the user's bounded override), answers mid-task input with tasks/update (once per key,
 * however many polls repeat it), sends tasks/cancel on request, and records every exchange (track.ts). The transport,
 * the clock and the sleep are injected, so the same driver runs in the CLI, the page and the unit tests. Pure.
 */
import type { Via } from "./machine";
import { cancelTaskFrame, getTaskFrame, taskCallFrame, updateTaskFrame, withTasksExtension } from "./frames";
import { msg, type Msg } from "../i18n/translate";
import { relaxedPollDelay } from "./push";
import { pollDelay, type PollDelay } from "./schedule";
import { isTerminal, TASK_RESULT_TYPE, type Json } from "./shapes";
import {
  emptyTrack,
  endTrack,
  noteRefusal,
  noteResultType,
  observeTask,
  recordAnswered,
  recordExchange,
  replyTrouble,
  type ExchangeLike,
  type FollowOutcome,
  type Reply,
  type TaskTrack,
} from "./track";

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

/** What the caller asked for between polls (answers, a cancel, a stop, a push); the loop reads it at every turn. */
interface Control {
  override?: number;
  /** Aborted to cut the current sleep short. */
  wake: AbortController;
  stopped: boolean;
  cancelWanted: boolean;
  pushing: boolean;
  /** A push brought input to answer: go round the loop once without polling. */
  pushedInput: boolean;
  queued: Json[];
}

/** One follow in progress: what it was given, what it has recorded so far, and what the caller asked for. */
interface Follow {
  deps: FollowDeps;
  opts: FollowOptions;
  caps: Json;
  track: TaskTrack;
  control: Control;
  newId(): number | string;
}

type Ending = { outcome: FollowOutcome; message: Msg };

const publish = (f: Follow) => f.deps.onUpdate?.(structuredClone(f.track));

function finish(f: Follow, { outcome, message }: Ending): TaskTrack {
  endTrack(f.track, outcome, message);
  publish(f);
  return f.track;
}

async function exchange(f: Follow, frame: Json, via: Via): Promise<Reply> {
  const atMs = f.deps.now();
  return recordExchange(f.track, frame, via, atMs, await f.deps.send(frame));
}

async function sendUpdate(f: Follow, responses: Json) {
  const { track } = f;
  const keys = Object.keys(responses).filter((k) => track.pending.some((p) => p.key === k));
  if (!track.taskId || keys.length === 0) return;
  const body = Object.fromEntries(keys.map((k) => [k, responses[k]]));
  recordAnswered(track, keys, await exchange(f, updateTaskFrame(f.newId(), track.taskId, body, f.caps), "update"));
  publish(f);
}

/** Creates the task with tools/call (or takes the one to resume); an ending when there is no task to follow. */
async function start(f: Follow): Promise<Ending | undefined> {
  const { opts, track } = f;
  if (opts.resumeTaskId) {
    track.taskId = opts.resumeTaskId;
    return undefined;
  }
  const created = await exchange(f, taskCallFrame(f.newId(), opts.tool, opts.arguments ?? {}, f.caps), "created");
  if (created.failure) return { outcome: "error", message: msg("tasks.end.callFailed", { detail: created.failure }) };
  if (created.error) {
    const { code, message } = created.error;
    return { outcome: "error", message: msg("tasks.end.callError", { code: String(code), message: String(message) }) };
  }
  const result = created.result ?? {};
  if (result.resultType !== TASK_RESULT_TYPE) {
    track.result = result;
    const resultType = JSON.stringify(result.resultType);
    return { outcome: "not-a-task", message: msg("tasks.end.notATask", { resultType }) };
  }
  track.taskId = typeof result.taskId === "string" ? result.taskId : undefined;
  observeTask(track, result, created.atMs, "created", f.caps);
  publish(f);
  return track.taskId ? undefined : { outcome: "error", message: msg("tasks.end.noTaskId") };
}

const terminalEnding = (track: TaskTrack): Ending | undefined =>
  track.task && isTerminal(track.task.status)
    ? {
        outcome: track.task.status as FollowOutcome,
        message: track.moves.at(-1)?.whyMsg ?? msg("tasks.end.status", { status: track.task.status }),
      }
    : undefined;

/** Sends what is due before the next poll: a wanted cancel, the answers the user gave, the answers given up front. */
async function sendDue(f: Follow) {
  const { track, control, opts } = f;
  if (control.cancelWanted && !track.cancelSent) {
    track.cancelSent = true;
    const r = await exchange(f, cancelTaskFrame(f.newId(), track.taskId!, f.caps), "cancel");
    if (r.error || r.failure) noteRefusal(track, "tasks/cancel", r);
    publish(f);
  }
  while (control.queued.length) await sendUpdate(f, control.queued.shift()!);
  const answers = opts.answers;
  if (track.pending.length && answers) {
    const have = track.pending.filter((p) => answers[p.key] !== undefined);
    if (have.length) await sendUpdate(f, Object.fromEntries(have.map((p) => [p.key, answers[p.key]])));
  }
}

function limitEnding(f: Follow, maxPolls: number): Ending | undefined {
  const { track } = f;
  if (track.pending.length && f.opts.failOnMissingAnswer) {
    const keys = track.pending.map((p) => p.key).join(", ");
    return { outcome: "missing-answer", message: msg("tasks.end.missingAnswer", { keys }) };
  }
  if (track.polls.length >= maxPolls)
    return { outcome: "poll-limit", message: msg("tasks.end.pollLimit", { n: maxPolls }) };
  return undefined;
}

/** Sleeps until the next poll is due or the caller wakes the loop; the delay it meant to wait. */
async function waitForPoll(f: Follow): Promise<PollDelay> {
  const { control, track } = f;
  const usual = pollDelay(track.task?.pollIntervalMs, control.override);
  const delay = control.pushing ? relaxedPollDelay(usual) : usual;
  try {
    // A resumed task is polled at once: nothing says how long to wait until its first answer.
    if (track.task) await f.deps.sleep(delay.delayMs, control.wake.signal);
  } catch {
    // woken early: an answer or a cancel to send, or stop()
  }
  if (control.wake.signal.aborted) control.wake = new AbortController();
  return delay;
}

/** Woken by an answer, a cancel, or a push that ended the task: nothing to poll for this turn. */
function wokenForOtherWork({ control, track }: Follow): boolean {
  const other =
    control.queued.length > 0 ||
    control.pushedInput ||
    (control.cancelWanted && !track.cancelSent) ||
    terminalEnding(track) !== undefined;
  control.pushedInput = false;
  return other;
}

/** One tasks/get, folded into the track; an ending when the poll itself failed. */
async function poll(f: Follow, delay: PollDelay): Promise<Ending | undefined> {
  const { track } = f;
  const polled = await exchange(f, getTaskFrame(f.newId(), track.taskId!, f.caps), "poll");
  if (polled.failure || polled.error) {
    track.polls.push({ atMs: polled.atMs, status: "error", delay });
    return { outcome: "error", message: msg("tasks.end.getFailed", { detail: replyTrouble(polled) }) };
  }
  if (polled.result?.resultType !== "complete") noteResultType(track, polled.result?.resultType);
  observeTask(track, polled.result ?? {}, polled.atMs, "poll", f.caps);
  track.polls.push({ atMs: polled.atMs, status: track.task?.status ?? "error", delay });
  publish(f);
  return undefined;
}

async function follow(f: Follow, maxPolls: number): Promise<TaskTrack> {
  const failedStart = await start(f);
  if (failedStart) return finish(f, failedStart);
  while (!f.control.stopped) {
    const terminal = terminalEnding(f.track);
    if (terminal) return finish(f, terminal);
    await sendDue(f);
    const limit = limitEnding(f, maxPolls);
    if (limit) return finish(f, limit);
    const delay = await waitForPoll(f);
    if (f.control.stopped) break;
    if (wokenForOtherWork(f)) continue;
    const failedPoll = await poll(f, delay);
    if (failedPoll) return finish(f, failedPoll);
  }
  return finish(f, { outcome: "stopped", message: msg("tasks.end.stopped") });
}

/** A notifications/tasks for this task: recorded and folded in like a poll, and the loop woken when it has work. */
function onPushed(f: Follow, task: Json) {
  const { track, control, opts } = f;
  if (control.stopped || !track.taskId || task.taskId !== track.taskId || terminalEnding(track)) return;
  const atMs = f.deps.now();
  const sent = { jsonrpc: "2.0", method: "notifications/tasks", params: task };
  track.exchanges.push({ method: "notifications/tasks", atMs, via: "push", sent });
  observeTask(track, task, atMs, "push", f.caps);
  publish(f);
  if (terminalEnding(track)) control.wake.abort();
  else if (track.pending.length && (opts.answers || opts.failOnMissingAnswer)) {
    control.pushedInput = true;
    control.wake.abort();
  }
}

export function createFollower(deps: FollowDeps, opts: FollowOptions): TaskFollower {
  let counter = opts.firstId ?? 1;
  const control: Control = {
    override: opts.overridePollMs,
    wake: new AbortController(),
    stopped: false,
    cancelWanted: false,
    pushing: false,
    pushedInput: false,
    queued: [],
  };
  const f: Follow = {
    deps,
    opts,
    caps: opts.declareExtension === false ? (opts.caps ?? {}) : withTasksExtension(opts.caps ?? {}),
    track: emptyTrack(opts.tool),
    control,
    newId: () => (opts.idPrefix === undefined ? counter++ : `${opts.idPrefix}${counter++}`),
  };
  return {
    run: () => follow(f, opts.maxPolls ?? DEFAULT_MAX_POLLS),
    answer(responses) {
      control.queued.push(responses);
      control.wake.abort();
    },
    cancel() {
      control.cancelWanted = true;
      control.wake.abort();
    },
    stop() {
      control.stopped = true;
      control.wake.abort();
    },
    setOverridePollMs(ms) {
      control.override = ms;
    },
    pushed: (task) => onPushed(f, task),
    setPushing(on) {
      if (control.pushing && !on) control.wake.abort(); // back to the usual schedule at once
      control.pushing = on;
    },
  };
}
