/**
 * A cassette's recorded target replayed against a live server and diffed: the one home of that pairing, used by the
 * CLI's `diff` (server-side send) and the page's Cassette diff (the page's bridge client, so every exchange lands on
 * the timeline). Pure: the caller supplies `send`.
 */
import { msg, say, type Msg } from "../i18n/translate";
import { sentFrame } from "../protocol/exchange";
import type { ProbeSend } from "../protocol/era";
import { asObject, type JsonObject } from "../protocol/json";
import { META_KEYS } from "../protocol/meta";
import { diffPairs, type DiffPair, type DiffReport } from "./diff";
import { answerOf, type Cassette, type Interaction } from "./format";
import { liveAnswer, probeAndSend } from "./replay";

export type Diffed =
  { ok: true; report: DiffReport; pairs: DiffPair[]; heading: string; headingMsg: Msg } | { ok: false; reason: string };

/** The capabilities the recording declared (initialize, or the first request's envelope), so the catalogue is the same. */
export function recordedCapabilities(interactions: Interaction[]): Record<string, unknown> {
  for (const x of interactions) {
    const params = asObject(x.request.params);
    if (x.request.method === "initialize" && asObject(params?.capabilities)) return asObject(params!.capabilities)!;
    const declared = asObject(asObject(params?._meta)?.[META_KEYS.clientCapabilities]);
    if (declared) return declared;
  }
  return {};
}

/** Probes the live server through `send`, replays recorded target `index`'s requests and classifies every difference. */
export async function replayAndDiff(
  cassette: Cassette,
  index: number,
  send: ProbeSend,
  liveLabel: string,
): Promise<Diffed> {
  if (index >= cassette.targets.length)
    return { ok: false, reason: `the cassette has ${cassette.targets.length} target(s); there is no target ${index}` };
  const mine = cassette.interactions.map((x, i) => ({ x, i })).filter(({ x }) => x.target === index);
  const replayable = mine.filter(({ x }) => !x.handshake);
  const replayed = await probeAndSend(
    send,
    replayable.map(({ x }) => x.request as JsonObject),
    { clientCapabilities: recordedCapabilities(mine.map(({ x }) => x)) },
  );
  if (replayed.verdict.era === "unreachable") return { ok: false, reason: replayed.verdict.reason };

  const pairs: DiffPair[] = [];
  // The handshake: each recorded initialize / server/discover against the probe's own.
  for (const { x, i } of mine.filter(({ x }) => x.handshake && x.request.id !== undefined && answerOf(x))) {
    const method = x.request.method as string;
    const step = replayed.verdict.steps.find((s) => asObject(sentFrame(s.exchange))?.method === method);
    if (step)
      pairs.push({
        index: i,
        request: x.request as JsonObject,
        recorded: answerOf(x) as JsonObject,
        live: liveAnswer(step.exchange),
      });
  }
  replayable.forEach(({ x, i }, k) => {
    const answer = answerOf(x);
    if (x.request.id === undefined || !answer) return;
    pairs.push({
      index: i,
      request: x.request as JsonObject,
      recorded: answer as JsonObject,
      live: liveAnswer(replayed.sent[k].exchange),
    });
  });
  pairs.sort((a, b) => a.index - b.index);
  const recordedTarget = cassette.targets[index];
  const report = diffPairs(pairs, {
    recorded: recordedTarget.era,
    live: replayed.verdict.era === "legacy" ? "legacy" : "modern",
  });
  // The eras and versions are the wire's words; only the sentence around them is said per language.
  const headingMsg = msg("diffDetail.heading", {
    recorded: recordedTarget.label,
    recordedEra: `${recordedTarget.era}${recordedTarget.protocolVersion ? ` ${recordedTarget.protocolVersion}` : ""}`,
    live: liveLabel,
    liveEra: `${replayed.verdict.era}${replayed.verdict.version ? ` ${replayed.verdict.version}` : ""}`,
  });
  return { ok: true, report, pairs, heading: say(headingMsg), headingMsg };
}
