/**
 * What the CLI prints for a driven round trip (`send … --answers`): every round with the frames both ways, the
 * requestState sent and given, the input requests, and the rule verdicts. Pure; the exchange records ride along.
 */
import { departures, MRTR_RULES, type RuleVerdict } from "./catalog";
import type { DriveReport } from "./drive";
import type { ExchangeLike } from "./conversation";
import { firstText } from "./diagram";
import { asObject, requestStateOf } from "./shapes";
import { replyFrame } from "../exchange";

export interface VerdictLine {
  rule: string;
  level: string;
  spec: string;
  pass: boolean;
  detail: string;
  key?: string;
}

export interface RoundLine<E> {
  round: number;
  kind: string;
  sent: unknown;
  /** The requestState this request carried (null when none). */
  requestStateSent: unknown;
  reply: unknown;
  /** The requestState the server gave in this round (null when none). */
  requestState: string | null;
  inputRequests: { key: string; kind: string }[];
  verdicts: { client: VerdictLine[]; server: VerdictLine[] };
  departures: VerdictLine[];
  durationMs: number;
  exchange: E;
}

export interface RoundTripReport<E> {
  outcome: string;
  message: string;
  roundLimit: number;
  rounds: RoundLine<E>[];
  final?: string;
}

function line(v: RuleVerdict): VerdictLine {
  const rule = MRTR_RULES[v.rule];
  return {
    rule: v.rule,
    level: rule.level,
    spec: rule.spec,
    pass: v.pass,
    detail: v.detail,
    ...(v.key !== undefined ? { key: v.key } : {}),
  };
}

export function roundTripReport<E extends ExchangeLike>(
  report: DriveReport<E>,
  roundLimit: number,
): RoundTripReport<E> {
  const rounds = report.conversation.rounds.map((r, i): RoundLine<E> => {
    const exchange = report.exchanges.find((e) => e.sendId === r.sendId) ?? report.exchanges[i];
    const sentState = requestStateOf(r.request);
    return {
      round: r.index,
      kind: r.kind,
      sent: r.request,
      requestStateSent: sentState.present ? sentState.value : null,
      reply: exchange.outcome.kind === "response" ? replyFrame(exchange) : null,
      requestState: r.view?.requestState ?? null,
      inputRequests: r.view?.requests.map((q) => ({ key: q.key, kind: q.kind })) ?? [],
      verdicts: { client: r.clientVerdicts.map(line), server: r.serverVerdicts.map(line) },
      departures: departures([...r.clientVerdicts, ...r.serverVerdicts]).map(line),
      durationMs: r.durationMs,
      exchange,
    };
  });
  const end = report.conversation.rounds[report.conversation.rounds.length - 1];
  const final =
    end?.kind === "complete"
      ? firstText(end.result)
      : end?.kind === "error"
        ? (asObject(end.error)?.message as string | undefined)
        : undefined;
  return {
    outcome: report.outcome,
    message: report.message,
    roundLimit,
    rounds,
    ...(final !== undefined ? { final } : {}),
  };
}

/** Human lines for one round's verdicts: departures marked ✗, informational notes marked ·. */
export function verdictLines(round: RoundLine<unknown>): string[] {
  const all = [...round.verdicts.server, ...round.verdicts.client].filter((v) => !v.pass);
  return all.map((v) => `  ${v.level === "info" ? "·" : "✗"} ${v.rule} (${v.level}, ${v.spec}): ${v.detail}`);
}
