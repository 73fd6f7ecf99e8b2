/**
 * The record of one followed task (its moves, polls, exchanges, input requests and how it ended) and the pure steps
 * that fold what the wire brought into it. The follower (follow.ts) decides what to send; this file only records.
 */
import { readInputRequired, type InputRequestView } from "@/lib/protocol/mrtr";
import { msg, say, type Msg } from "../i18n/translate";
import { isLegalMove, whyMovedMsg, type Move, type Via } from "./machine";
import type { PollDelay } from "./schedule";
import { asObject, readTask, type Json, type TaskStatus, type TaskView } from "./shapes";
import { replyFrame, type ExchangeOutcome, type ReceivedFrame, type WireEvent } from "../protocol/exchange";

/** The parts of a bridge Exchange the driver reads. */
export interface ExchangeLike {
  outcome:
    | Extract<ExchangeOutcome, { kind: "response" }>
    | { kind: "notification"; note: string }
    | { kind: "failure"; failure: string; message: string };
  received?: ReceivedFrame[];
  events?: WireEvent[];
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
  /** Rules the server's answers broke, in English (the CLI); `problemMsgs` the same, in the reader's language. */
  problems: string[];
  problemMsgs: Msg[];
  cancelSent: boolean;
  outcome?: FollowOutcome;
  /** How it ended, in English (the CLI); the page says `messageMsg` in the reader's language. */
  message?: string;
  messageMsg?: Msg;
  result?: Json;
}

/** What one request brought back: a result, a JSON-RPC error, or a failure to deliver. */
export interface Reply {
  result?: Json;
  error?: Json;
  failure?: string;
  atMs: number;
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
    problemMsgs: [],
    cancelSent: false,
  };
}

function replyOf(ex: ExchangeLike, atMs: number): Reply {
  if (ex.outcome.kind === "failure") return { failure: `${ex.outcome.failure}: ${ex.outcome.message}`, atMs };
  if (ex.outcome.kind !== "response") return { failure: "no response", atMs };
  const frame = asObject(replyFrame(ex)) ?? {};
  const error = asObject(frame.error);
  if (error) return { error, atMs };
  return { result: asObject(frame.result) ?? {}, atMs };
}

/** Why a reply is not a result, in one line ("-32602 Unknown task" or the delivery failure). */
export function replyTrouble(r: Reply): string {
  return r.failure ?? `${String(r.error?.code)} ${String(r.error?.message)}`;
}

/** Adds one request and what came back to the track's exchanges; returns the reply the follower acts on. */
export function recordExchange(track: TaskTrack, frame: Json, via: Via, atMs: number, ex: ExchangeLike): Reply {
  const reply = replyOf(ex, atMs);
  const record: TaskExchange = { method: String(frame.method), atMs, via, sent: frame };
  if (ex.outcome.kind === "response") record.response = replyFrame(ex);
  const headers = ex.events?.find((e) => e.kind === "http-request")?.headers;
  if (headers) record.headers = headers;
  if (reply.failure) record.failure = reply.failure;
  track.exchanges.push(record);
  return reply;
}

/** Notes a broken rule once, however many answers repeat it. */
export function addProblem(track: TaskTrack, problem: Msg): void {
  const english = say(problem);
  if (track.problems.includes(english)) return;
  track.problems.push(english);
  track.problemMsgs.push(problem);
}

/** The server refused one of the task's own requests (tasks/update, tasks/cancel). */
export function noteRefusal(track: TaskTrack, method: string, r: Reply): void {
  addProblem(track, msg("tasks.problem.refused", { method, detail: replyTrouble(r) }));
}

/** tasks/get answered with something other than a complete result. */
export function noteResultType(track: TaskTrack, resultType: unknown): void {
  addProblem(track, msg("tasks.problem.getResultType", { resultType: String(JSON.stringify(resultType)) }));
}

/** Folds a task the server showed (created, polled or pushed) into the track: its move, its pending input, its result. */
export function observeTask(track: TaskTrack, value: Json, atMs: number, via: Via, caps: Json): void {
  const read = readTask(value);
  for (const p of read.problemMsgs) addProblem(track, p);
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

/** Folds the reply to a tasks/update for these keys: answered on success, a problem on refusal. */
export function recordAnswered(track: TaskTrack, keys: string[], r: Reply): void {
  if (!r.error && !r.failure) {
    track.answeredKeys.push(...keys);
    track.pending = track.pending.filter((p) => !keys.includes(p.key));
  } else {
    noteRefusal(track, "tasks/update", r);
  }
}

/** Records how the follow ended, in English and as a message for the page. */
export function endTrack(track: TaskTrack, outcome: FollowOutcome, message: Msg): TaskTrack {
  track.outcome = outcome;
  track.message = say(message);
  track.messageMsg = message;
  return track;
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
