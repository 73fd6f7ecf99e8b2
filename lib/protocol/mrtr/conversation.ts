/**
 * Groups exchanges into MRTR conversations: every round of one logical request (the original and its retries),
 * linked by the requestState chain or, when the chain is broken (a tampered or dropped state), by the same
 * method and target awaiting a retry. Each round carries the server verdicts on what came back and the client
 * verdicts on what was sent. A round limit turns a runaway loop into a clear stop.
 */
import { msg, say, type Msg } from "../../i18n/translate";
import { departures, type RuleVerdict } from "./catalog";
import { isInputRequired, readInputRequired, type InputRequiredView } from "./parse";
import { checkRetry, foreignStateVerdict, unknownStateVerdict } from "./rules";
import {
  asObject,
  declaredCapabilities,
  has,
  idOf,
  isMrtrMethod,
  methodOf,
  paramsOf,
  requestStateOf,
  requestTarget,
} from "./shapes";
import { replyFrame, sentFrame, type Exchange, type ExchangeOutcome, type WireEvent } from "../exchange";

export const DEFAULT_ROUND_LIMIT = 5;
export const MAX_ROUND_LIMIT = 50;

/** The part of the bridge's Exchange record this module reads (any failure's kind, the events optional). */
export type ExchangeLike = Pick<Exchange, "sendId" | "startedAt" | "durationMs" | "sent"> & {
  outcome:
    | Extract<ExchangeOutcome, { kind: "response" }>
    | { kind: "notification"; note: string }
    | { kind: "failure"; failure: string; message: string };
  /** The events the outcome's reply (and the sent frame) may point into. */
  events?: readonly WireEvent[];
};

export type RoundKind = "input_required" | "complete" | "error" | "failure";

export interface Round {
  /** 1-based. */
  index: number;
  sendId: string;
  request: unknown;
  id: unknown;
  kind: RoundKind;
  /** The response's `result` (input_required or complete) or `error`; the failure message otherwise. */
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
  failure?: string;
  view?: InputRequiredView;
  startedAt: number;
  durationMs: number;
  /** Time between the previous round's reply and this request: the user answering. */
  waitedMs?: number;
  /** Client-rule verdicts on this round's request (retries, and requests carrying stray state). */
  clientVerdicts: RuleVerdict[];
  /** Server-rule verdicts on this round's input_required result. */
  serverVerdicts: RuleVerdict[];
}

/** "ended": the last round was sent by a panel (a Checks run) that needed only the input_required reply; nobody waits. */
export type ConversationStatus = "awaiting-input" | "complete" | "error" | "failure" | "round-limit" | "ended";

export interface Conversation {
  /** The sendId of the first round. */
  id: string;
  method: string;
  target?: string;
  rounds: Round[];
  status: ConversationStatus;
  /** A sentence for the status line (e.g. why it stopped), in English; statusMsg says it in the reader's language. */
  statusText: string;
  statusMsg?: Msg;
  /**
   * The sum of the rounds' durations, ms: time on the wire, not the user's time answering between rounds (and
   * recorded exchanges from older links have no start time to subtract).
   */
  totalMs: number;
  /** True when more rounds were sent than the limit allows (the user sent them by hand). */
  overLimit: boolean;
}

function roundOf(ex: ExchangeLike, index: number): Round {
  const request = sentFrame(ex);
  const base = {
    index,
    sendId: ex.sendId,
    request,
    id: idOf(request),
    startedAt: ex.startedAt,
    durationMs: ex.durationMs,
    clientVerdicts: [],
    serverVerdicts: [],
  };
  if (ex.outcome.kind !== "response") {
    return {
      ...base,
      kind: "failure",
      failure: ex.outcome.kind === "failure" ? `${ex.outcome.failure}: ${ex.outcome.message}` : ex.outcome.note,
    };
  }
  const frame = asObject(replyFrame(ex)) ?? {};
  if (has(frame, "error")) return { ...base, kind: "error", error: asObject(frame.error) ?? {} };
  if (isInputRequired(frame.result)) {
    const view = readInputRequired(frame.result, {
      method: methodOf(request),
      declared: declaredCapabilities(request),
    });
    return { ...base, kind: "input_required", result: frame.result, view, serverVerdicts: view.verdicts };
  }
  return { ...base, kind: "complete", result: frame.result };
}

function belongsToMrtr(ex: ExchangeLike): boolean {
  const request = sentFrame(ex);
  if (isMrtrMethod(methodOf(request))) return true;
  const params = paramsOf(request);
  if (params && (has(params, "requestState") || has(params, "inputResponses"))) return true;
  return isInputRequired(asObject(replyFrame(ex))?.result);
}

function last<T>(list: T[]): T | undefined {
  return list[list.length - 1];
}

function sameCall(a: unknown, b: unknown): boolean {
  return methodOf(a) === methodOf(b) && requestTarget(a) === requestTarget(b);
}

/** Which open conversation, if any, a request continues. */
function continues(open: Conversation[], request: unknown): Conversation | undefined {
  const state = requestStateOf(request);
  const awaiting = open.filter((c) => last(c.rounds)?.kind === "input_required").reverse();
  if (state.present) {
    const chained = awaiting.find((c) => last(c.rounds)?.view?.requestState === state.value);
    if (chained) return sameCall(chained.rounds[0].request, request) ? chained : undefined;
  }
  const looksLikeRetry = state.present || has(paramsOf(request) ?? {}, "inputResponses");
  return looksLikeRetry ? awaiting.find((c) => sameCall(c.rounds[0].request, request)) : undefined;
}

function finish(c: Conversation, roundLimit: number, endedBy?: (sendId: string) => string | undefined): Conversation {
  const end = last(c.rounds)!;
  c.totalMs = c.rounds.reduce((sum, r) => sum + r.durationMs, 0);
  c.overLimit = c.rounds.length > roundLimit;
  const n = c.rounds.length;
  const rounds = msg("mrtr.status.rounds", { n });
  let status: Msg;
  switch (end.kind) {
    case "complete":
      c.status = "complete";
      status = msg("mrtr.status.complete", { rounds });
      break;
    case "error":
      c.status = "error";
      status = msg("mrtr.status.error", { code: end.error?.code ?? "?", rounds, message: end.error?.message ?? "" });
      break;
    case "failure":
      c.status = "failure";
      status = msg("mrtr.status.failure", { n, failure: String(end.failure) });
      break;
    default: {
      const ended = endedBy?.(end.sendId);
      if (ended) {
        c.status = "ended";
        status = msg("mrtr.status.ended", { ended });
        break;
      }
      c.status = n >= roundLimit ? "round-limit" : "awaiting-input";
      status =
        n >= roundLimit ? msg("mrtr.status.limit", { rounds, limit: roundLimit }) : msg("mrtr.status.awaiting", { n });
    }
  }
  c.statusMsg = status;
  c.statusText = say(status).trim();
  return c;
}

export interface GroupOptions {
  roundLimit?: number;
  /** Why the round sent as `sendId` ended its conversation (a panel's probe that will not be retried), if it did. */
  endedBy?: (sendId: string) => string | undefined;
}

/** Groups exchanges (in send order) into conversations (in order of their first round). */
export function groupConversations(exchanges: ExchangeLike[], opts: GroupOptions = {}): Conversation[] {
  const roundLimit = opts.roundLimit ?? DEFAULT_ROUND_LIMIT;
  const conversations: Conversation[] = [];
  const minted = new Map<string, Conversation>();
  for (const ex of exchanges) {
    if (!belongsToMrtr(ex)) continue;
    const request = sentFrame(ex);
    const into = continues(conversations, request);
    let round: Round;
    if (into) {
      const prev = last(into.rounds)!;
      round = roundOf(ex, into.rounds.length + 1);
      round.waitedMs = Math.max(0, round.startedAt - (prev.startedAt + prev.durationMs));
      const ctx = {
        original: into.rounds[0].request,
        previous: { request: prev.request, result: prev.result },
        priorIds: into.rounds.map((r) => r.id),
        previousView: prev.view,
      };
      round.clientVerdicts = checkRetry(ctx, request);
      into.rounds.push(round);
      finish(into, roundLimit, opts.endedBy);
    } else {
      round = roundOf(ex, 1);
      const state = requestStateOf(request);
      if (state.present) {
        const owner = typeof state.value === "string" ? minted.get(state.value) : undefined;
        round.clientVerdicts = [
          owner
            ? foreignStateVerdict(request, `${owner.method} ${owner.target ?? ""}`.trim())
            : unknownStateVerdict(request),
        ];
      }
      const c: Conversation = {
        id: ex.sendId,
        method: methodOf(request) ?? "?",
        target: requestTarget(request),
        rounds: [round],
        status: "complete",
        statusText: "",
        totalMs: 0,
        overLimit: false,
      };
      conversations.push(finish(c, roundLimit, opts.endedBy));
    }
    const given = round.view?.requestState;
    if (given !== undefined) minted.set(given, into ?? last(conversations)!);
  }
  return conversations;
}

/** Conversations worth a diagram: more than one round, or an input_required, or a rule departure. */
export function isMultiRound(c: Conversation): boolean {
  return (
    c.rounds.length > 1 || c.rounds.some((r) => r.kind === "input_required" || departures(r.clientVerdicts).length > 0)
  );
}

/** The conversation an exchange belongs to, and its round. */
export function locate(
  conversations: Conversation[],
  sendId: string,
): { conversation: Conversation; round: Round } | undefined {
  for (const conversation of conversations) {
    const round = conversation.rounds.find((r) => r.sendId === sendId);
    if (round) return { conversation, round };
  }
  return undefined;
}

/** Whether another retry may be composed under the round limit, and if not, why. */
export function canComposeRetry(c: Conversation, roundLimit: number): { ok: true } | { ok: false; reason: string } {
  const end = last(c.rounds);
  if (end?.kind !== "input_required") return { ok: false, reason: "the last round did not answer input_required." };
  if (c.rounds.length >= roundLimit)
    return {
      ok: false,
      reason: `the round limit (${roundLimit}) is reached: the server keeps answering input_required. Raise the limit to continue.`,
    };
  return { ok: true };
}
