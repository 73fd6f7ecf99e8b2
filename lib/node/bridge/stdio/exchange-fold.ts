/**
 * The stdio exchange as a fold over process events: (state, event) → (state, effects). Deciding what an event
 * means (is it the reply, is the exchange over its byte or line budget, does a stderr line still fit, is it time
 * to skim) is pure here and tested without a process; ./exchange.ts owns the process, the timers and the
 * recorder and carries out the effects in order.
 */
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { answersSingle, describeAwaiting, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame, sameId } from "@/lib/protocol/jsonrpc";
import { LIMITS } from "../limits";
import type { ProcessEvent } from "./events";
import type { IdClaim } from "./outstanding";

export interface ExchangeState {
  readonly awaiting: Awaiting;
  /** The claim on the request's id once it is written (ids reused on one process are handed out in send order). */
  readonly idClaim?: IdClaim;
  /** stdout bytes this exchange has read, backlog included (each line counts its "\n"). */
  readonly replyBytes: number;
  readonly nonJsonLines: number;
  /** The record is full: lines that cannot be a frame are only counted (StdioProcess.skimFor). */
  readonly skimming: boolean;
  readonly skippedLines: number;
  readonly parsedPastCap: number;
  readonly stderrShown: number;
  readonly stderrHidden: number;
  /** Answers to a batch so far, by the JSON of their id, in arrival order. */
  readonly batchAnswers: ReadonlyArray<readonly [string, unknown]>;
}

/** What the shell does for a step, in order. A settle is always the last effect. */
export type ExchangeEffect =
  | { kind: "record"; event: ProcessEvent }
  | { kind: "note"; text: string; always?: boolean }
  | { kind: "skim" }
  /** A frame for the progress deadline (a notifications/progress for the request's token restarts the timeout). */
  | { kind: "progress"; frame: unknown }
  /** `stderrTail`: the shell adds the process's stderr tail to this failure. */
  | { kind: "settle"; outcome: ExchangeOutcome; stderrTail?: boolean };

export interface ExchangeStep {
  state: ExchangeState;
  effects: ExchangeEffect[];
}

/** How full the recorder is before this event (it drops events past LIMITS.maxEventsPerExchange). */
export interface RecordFill {
  recorded: number;
  dropped: number;
}

export function initialExchangeState(awaiting: Awaiting, backlogBytes = 0): ExchangeState {
  return {
    awaiting,
    replyBytes: backlogBytes,
    nonJsonLines: 0,
    skimming: false,
    skippedLines: 0,
    parsedPastCap: 0,
    stderrShown: 0,
    stderrHidden: 0,
    batchAnswers: [],
  };
}

/** The request was written: its id's claim, if it has an id. */
export function written(state: ExchangeState, idClaim: IdClaim | undefined): ExchangeState {
  return idClaim ? { ...state, idClaim } : state;
}

const tooManyBytes = (): ExchangeEffect =>
  settleFailure(
    "size",
    `the server wrote more than ${LIMITS.maxReplyBytesPerExchange} bytes to stdout in this exchange; the bridge stopped reading it`,
  );

function settleFailure(
  failure: Extract<ExchangeOutcome, { kind: "failure" }>["failure"],
  message: string,
  stderrTail?: boolean,
): ExchangeEffect {
  return { kind: "settle", outcome: { kind: "failure", failure, message }, ...(stderrTail ? { stderrTail } : {}) };
}

/** The process's end in words, e.g. "the process (pid 7) exited with code 1". */
export function describeExit(pid: number | undefined, exit?: { code: number | null; signal: string | null }): string {
  if (!exit) return `the process (pid ${pid}) closed its stdin`;
  return `the process (pid ${pid}) ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}`;
}

/** Does the frame answer the request (or one request of the batch)? A reply owned by an earlier request does not. */
function answers(state: ExchangeState, frame: unknown, owner: IdClaim | undefined, effects: ExchangeEffect[]): boolean {
  const { awaiting } = state;
  if (awaiting.kind === "id" && answersSingle(awaiting, frame) && owner !== undefined && owner !== state.idClaim) {
    const sent = new Date(owner.sentAt).toISOString().slice(11, 23);
    effects.push({
      kind: "note",
      text: `a reply with id ${JSON.stringify(awaiting.id)} arrived but was handed to the earlier request with the same id (sent at ${sent}${owner.abandonedUntil ? ", since timed out or cancelled" : ""}): replies to a reused id go out in send order`,
      always: true,
    });
    return false;
  }
  if (awaiting.kind === "id" || awaiting.kind === "null-id") return answersSingle(awaiting, frame);
  if (awaiting.kind !== "batch") return false;
  if (Array.isArray(frame)) return true;
  return (
    classifyFrame(frame) === "response" && awaiting.ids.some((want) => sameId(want, (frame as { id: unknown }).id))
  );
}

/** One process event: the next state and what to do about it. */
export function stepExchange(state: ExchangeState, event: ProcessEvent, fill: RecordFill): ExchangeStep {
  const effects: ExchangeEffect[] = [];
  if (event.kind === "skipped") {
    const replyBytes = state.replyBytes + event.bytes + event.lines;
    const next = {
      ...state,
      skippedLines: state.skippedLines + event.lines,
      nonJsonLines: state.nonJsonLines + event.lines,
      replyBytes,
    };
    return { state: next, effects: replyBytes > LIMITS.maxReplyBytesPerExchange ? [tooManyBytes()] : [] };
  }
  if (event.kind === "stderr") {
    if (state.stderrShown >= LIMITS.maxStderrEventsPerExchange)
      return { state: { ...state, stderrHidden: state.stderrHidden + 1 }, effects };
    state = { ...state, stderrShown: state.stderrShown + 1 };
  }
  const answer =
    event.kind === "stdout" && event.frame !== undefined && answers(state, event.frame, event.owner, effects);
  const notesBefore = effects.length; // always-kept notes land in the record before the event
  effects.push({ kind: "record", event });
  if (event.kind === "fatal") return { state, effects: [...effects, settleFailure("framing", event.message, true)] };
  if (event.kind === "exit") {
    const { awaiting } = state;
    const what =
      awaiting.kind === "none" ? "after the message was written" : `before sending ${describeAwaiting(awaiting)}`;
    const exit = { code: event.code, signal: event.signal };
    return { state, effects: [...effects, settleFailure("exit", `${describeExit(event.pid, exit)} ${what}`, true)] };
  }
  if (event.kind !== "stdout") return { state, effects };
  state = { ...state, replyBytes: state.replyBytes + event.bytes + 1 };
  if (state.replyBytes > LIMITS.maxReplyBytesPerExchange) return { state, effects: [...effects, tooManyBytes()] };
  if (state.skimming && !answer) {
    state = { ...state, parsedPastCap: state.parsedPastCap + 1 };
    if (state.parsedPastCap > LIMITS.maxParsedLinesPastCap)
      return {
        state,
        effects: [
          ...effects,
          settleFailure(
            "size",
            `the server wrote more than ${LIMITS.maxParsedLinesPastCap} lines that may be frames after this exchange's first ${LIMITS.maxEventsPerExchange} events, without the reply; the bridge stopped reading them`,
          ),
        ],
      };
  }
  // The record is full once an event was dropped, this one included: from now on lines that cannot be a frame are
  // only counted.
  const full = fill.dropped > 0 || fill.recorded + notesBefore >= LIMITS.maxEventsPerExchange;
  if (!state.skimming && full) {
    state = { ...state, skimming: true };
    effects.push({ kind: "skim" });
  }
  if (event.frame === undefined) return { state: { ...state, nonJsonLines: state.nonJsonLines + 1 }, effects };
  effects.push({ kind: "progress", frame: event.frame });
  if (!answer) return { state, effects };
  const frame = event.frame;
  const { awaiting } = state;
  if (awaiting.kind !== "batch" || Array.isArray(frame))
    return { state, effects: [...effects, { kind: "settle", outcome: { kind: "response", frame } }] };
  const key = JSON.stringify((frame as { id: unknown }).id);
  // A repeated id replaces its earlier answer in place.
  const batchAnswers = state.batchAnswers.some(([k]) => k === key)
    ? state.batchAnswers.map(([k, f]) => [k, k === key ? frame : f] as const)
    : [...state.batchAnswers, [key, frame] as const];
  state = { ...state, batchAnswers };
  if (batchAnswers.length === awaiting.ids.length)
    effects.push({ kind: "settle", outcome: { kind: "response", frame: batchAnswers.map(([, f]) => f) } });
  return { state, effects };
}

/** Notes that say what the record lacks, written when the exchange ends. */
export function closingNotes(state: ExchangeState): { text: string; always?: boolean }[] {
  const notes: { text: string; always?: boolean }[] = [];
  if (state.skippedLines > 0)
    notes.push({
      text: `${state.skippedLines} stdout lines past the record cap were counted, not parsed (none can be a frame: they do not start with { or [)`,
      always: true,
    });
  if (state.stderrHidden > 0)
    notes.push({
      text: `${state.stderrHidden} more stderr lines were not added to this exchange (the process's stderr tail keeps the last ${LIMITS.stderrRingLines})`,
    });
  return notes;
}

function timeoutHead(awaiting: Awaiting, ms: number): string {
  switch (awaiting.kind) {
    case "id":
      return `no response with id ${JSON.stringify(awaiting.id)} within ${ms} ms`;
    case "batch":
      return `no responses to the batch (ids ${awaiting.ids.map((id) => JSON.stringify(id)).join(", ")}) within ${ms} ms`;
    default:
      return `no reply within ${ms} ms (the frame has no usable id, so only an error with id null could answer it)`;
  }
}

/** The failure when the deadline passes without the reply: what was seen that may explain it. */
export function timeoutFailure(
  state: ExchangeState,
  at: { timeoutMs: number; pendingBytes: number; keep: boolean; pid?: number; cappedAtMs?: number },
): Extract<ExchangeOutcome, { kind: "failure" }> {
  const parts = [timeoutHead(state.awaiting, at.timeoutMs)];
  const lines = state.nonJsonLines;
  if (lines > 0)
    parts.push(
      `stdout carried ${lines} line${lines > 1 ? "s" : ""} that are not JSON (a server must write only JSON-RPC frames to stdout; logs go to stderr)`,
    );
  if (at.pendingBytes > 0)
    parts.push(`stdout holds ${at.pendingBytes} bytes without a trailing newline (each message must end with \\n)`);
  if (at.keep)
    parts.push(`the process (pid ${at.pid}) stays up; a late reply will show as unsolicited in the next exchange`);
  if (at.cappedAtMs !== undefined) parts.push(`progress kept it alive until the maximum total of ${at.cappedAtMs} ms`);
  return { kind: "failure", failure: lines > 0 ? "framing" : "timeout", message: parts.join("; ") };
}
