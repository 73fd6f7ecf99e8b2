/**
 * `send … --answers answers.json [--max-rounds N]`: drives a multi round-trip request to its end. Each round that
 * answers input_required is answered from the file (keyed like inputRequests), the retry is composed by the
 * client rules (new id, same params, inputResponses, requestState verbatim), and every round is printed with its
 * frames, requestState and rule verdicts. Exit 0 only when the result is complete.
 */
import { readFileSync } from "node:fs";
import { withSentWhole } from "@/lib/protocol/exchange";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { send, type SendContext } from "@/lib/node/bridge/send";
import {
  DEFAULT_ROUND_LIMIT,
  driveRoundTrip,
  MAX_ROUND_LIMIT,
  parseAnswers,
  roundTripReport,
  verdictLines,
  type Answers,
} from "@/lib/protocol/mrtr";
import { formatExchange } from "../format";

export interface AnswersSendOptions {
  target: Target;
  ctx: SendContext;
  frame: string;
  answersPath: string;
  maxRounds?: string;
  timeoutMs: number;
  processMode: "keep" | "fresh";
  insist: boolean;
  json: boolean;
}

/** A usage problem the caller reports like its own (exit 2). */
export class AnswersUsageError extends Error {}

export function readAnswers(path: string): Answers {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new AnswersUsageError(
      `--answers: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AnswersUsageError(`--answers: ${path} is not JSON (${(e as Error).message})`);
  }
  const parsed = parseAnswers(value);
  if (!parsed.ok) throw new AnswersUsageError(`--answers: ${path}: ${parsed.error}`);
  return parsed.answers;
}

export function roundLimitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_ROUND_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_ROUND_LIMIT)
    throw new AnswersUsageError(`--max-rounds must be a whole number from 1 to ${MAX_ROUND_LIMIT}`);
  return n;
}

export async function sendWithAnswers(opts: AnswersSendOptions): Promise<number> {
  const answers = readAnswers(opts.answersPath);
  const roundLimit = roundLimitOf(opts.maxRounds);
  let counter = 0;
  const sendOne = (frame: string): Promise<Exchange> =>
    send(
      {
        sendId: `cli-mrtr-${++counter}`,
        target: opts.target,
        frame,
        insist: opts.insist && counter === 1,
        timeoutMs: opts.timeoutMs,
        processMode: opts.processMode,
      },
      opts.ctx,
    );
  const driven = await driveRoundTrip(opts.frame, sendOne, { roundLimit, answers });
  const report = roundTripReport(driven, roundLimit);
  if (opts.json) {
    process.stdout.write(JSON.stringify(report, withSentWhole, 2) + "\n");
  } else {
    const lines: string[] = [];
    for (const round of report.rounds) {
      lines.push(`round ${round.round}`, ...formatExchange(round.exchange));
      if (round.requestState !== null) lines.push(`  requestState given: ${round.requestState}`);
      lines.push(...verdictLines(round));
    }
    if (report.rounds.length === 0) lines.push(...driven.exchanges.flatMap((e) => formatExchange(e)));
    lines.push(`${report.outcome}: ${report.message}${report.final ? ` — ${report.final}` : ""}`);
    process.stdout.write(lines.join("\n") + "\n");
  }
  return report.outcome === "complete" ? 0 : 1;
}
