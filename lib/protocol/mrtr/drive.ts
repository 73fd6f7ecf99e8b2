/**
 * Drives one multi round-trip request to its end without a human: answers each round from a prepared map
 * keyed like inputRequests, composes the retry by the client rules, and stops at a complete result, an error,
 * a missing answer, or the round limit. The sender is injected (the CLI passes the bridge's send), so this
 * stays pure.
 */
import { locate, groupConversations, type Conversation, type ExchangeLike, type Round } from "./conversation";
import { composeRetry } from "./retry";
import { asObject } from "./shapes";

/**
 * Answers as a map keyed like inputRequests (looked up every round; a requested key with no answer stops the
 * run), or a list with one map per retry (sent as written, so a script can leave keys out on purpose).
 */
export type Answers = Record<string, unknown> | Record<string, unknown>[];

export type DriveOutcome = "complete" | "error" | "failure" | "round-limit" | "missing-answer";

export interface DriveReport<E extends ExchangeLike> {
  outcome: DriveOutcome;
  message: string;
  exchanges: E[];
  conversation: Conversation;
}

export interface DriveOptions {
  roundLimit: number;
  answers: Answers;
}

/** Reads an answers file's JSON: an object keyed like inputRequests, or a list of such objects (one per retry). */
export function parseAnswers(value: unknown): { ok: true; answers: Answers } | { ok: false; error: string } {
  if (Array.isArray(value)) {
    const bad = value.findIndex((v) => !asObject(v));
    return bad === -1
      ? { ok: true, answers: value as Record<string, unknown>[] }
      : { ok: false, error: `answers[${bad}] is not an object keyed like inputRequests.` };
  }
  const obj = asObject(value);
  return obj
    ? { ok: true, answers: obj }
    : {
        ok: false,
        error:
          'answers must be an object keyed like inputRequests, e.g. {"when": {"action": "accept", "content": {…}}}, or a list of such objects.',
      };
}

/** The responses for the retry after `round`, or which keys have no answer. */
export function answersFor(
  answers: Answers,
  round: Round,
): { ok: true; responses: Record<string, unknown> } | { ok: false; missing: string[] } {
  const keys = round.view?.requests.map((r) => r.key) ?? [];
  if (Array.isArray(answers)) return { ok: true, responses: { ...(answers[round.index - 1] ?? {}) } };
  const missing = keys.filter((k) => !(k in answers));
  if (missing.length) return { ok: false, missing };
  return { ok: true, responses: Object.fromEntries(keys.map((k) => [k, answers[k]])) };
}

function describe(round: Round): string {
  return (
    round.view?.requests
      .map(
        (r) =>
          `"${r.key}" (${r.kind === "elicitation-form" ? "elicitation/create form" : r.kind === "elicitation-url" ? "elicitation/create url" : r.kind})`,
      )
      .join(", ") ?? ""
  );
}

export async function driveRoundTrip<E extends ExchangeLike>(
  firstFrame: string,
  send: (frameText: string) => Promise<E>,
  opts: DriveOptions,
): Promise<DriveReport<E>> {
  const exchanges: E[] = [await send(firstFrame)];
  const firstId = exchanges[0].sendId;
  for (;;) {
    const groups = groupConversations(exchanges, { roundLimit: opts.roundLimit });
    const found = locate(groups, firstId);
    const conversation: Conversation = found?.conversation ?? {
      id: firstId,
      method: "?",
      rounds: [],
      status: "complete",
      statusText: "not a multi round-trip request",
      totalMs: exchanges[0].durationMs,
      overLimit: false,
    };
    const end = conversation.rounds[conversation.rounds.length - 1];
    const report = (outcome: DriveOutcome, message: string) => ({ outcome, message, exchanges, conversation });
    if (!end) return report(exchanges[0].outcome.kind === "failure" ? "failure" : "complete", conversation.statusText);
    if (end.kind !== "input_required") return report(end.kind, conversation.statusText);
    if (conversation.status === "round-limit") return report("round-limit", conversation.statusText);
    const answered = answersFor(opts.answers, end);
    if (!answered.ok) {
      return report(
        "missing-answer",
        `stopped before round ${end.index + 1}: the answers have nothing for ${answered.missing.map((k) => `"${k}"`).join(", ")} (asked: ${describe(end)}).`,
      );
    }
    const retry = composeRetry(
      end.request,
      end.result,
      answered.responses,
      conversation.rounds.map((r) => r.id),
      end.index,
    );
    exchanges.push(await send(JSON.stringify(retry)));
  }
}
