/**
 * npm run cli -- diff <cassette> <target> [--json] [--junit <file>] [--cassette-target N] [--timeout <ms>]
 * Replays a cassette's requests against a live server (after the handshake the era probe chooses) and classifies
 * every difference (lib/cassette/diff.ts). Exit codes: 0 no breaking change, 1 a breaking change (or the server
 * could not be reached), 2 usage error.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { send } from "@/lib/bridge/server/send";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import type { Target } from "@/lib/bridge/contract";
import type { SendContext } from "@/lib/bridge/server/send";
import { diffJson, diffJunit, diffPairs, diffText, type DiffPair, type DiffReport } from "@/lib/cassette/diff";
import { answerOf, type Cassette, type Interaction } from "@/lib/cassette/format";
import { liveAnswer, probeAndSend } from "@/lib/cassette/replay";
import { asObject, tryParseJson } from "@/lib/protocol/json";
import { META_KEYS } from "@/lib/protocol/meta";
import { readCassetteInput } from "../cassette-input";
import { usageFailure } from "../args";
import { TARGET_OPTIONS, TARGET_USAGE, buildTarget, timeoutOf } from "../target";
import { reportMaking } from "./cassette";
import type { CliCommand } from "./index";

const USAGE = "npm run cli -- diff <cassette> <target> [--json] [--junit <file>] [--cassette-target N]";
const HELP = `usage: ${USAGE}

  --json               {breaking: [{kind, path, detail}], nonBreaking: [...], same: n}
  --junit <file>       JUnit XML, one test case per replayed request, failing on a breaking change
  --cassette-target N  which recorded target to replay, for a cassette of several (default 0)

${TARGET_USAGE}

exit codes: 0 no breaking change, 1 a breaking change or the server could not be reached, 2 usage error`;

/** The capabilities the recording declared (initialize, or the first request's envelope), so the catalogue is the same. */
function recordedCapabilities(interactions: Interaction[]): Record<string, unknown> {
  for (const x of interactions) {
    const params = asObject(x.request.params);
    if (x.request.method === "initialize" && asObject(params?.capabilities)) return asObject(params!.capabilities)!;
    const declared = asObject(asObject(params?._meta)?.[META_KEYS.clientCapabilities]);
    if (declared) return declared;
  }
  return {};
}

async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...TARGET_OPTIONS,
        json: { type: "boolean", default: false },
        junit: { type: "string" },
        "cassette-target": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    return usageFailure((e as Error).message, HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageFailure("name one cassette, then the live target (--stdio, --url or --demo)", HELP);
  const index = values["cassette-target"] === undefined ? 0 : Number(values["cassette-target"]);
  if (!Number.isInteger(index) || index < 0) return usageFailure("--cassette-target must be a whole number from 0", HELP);
  const input = await readCassetteInput(positionals[0]);
  if (!input.ok) {
    process.stderr.write(`could not read the cassette: ${input.reason}\n`);
    return 1;
  }
  reportMaking(input);
  const { cassette } = input;
  if (index >= cassette.targets.length) return usageFailure(`the cassette has ${cassette.targets.length} target(s); there is no target ${index}`, HELP);
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);
  const result = await replayAndDiff(cassette, index, target, ctx, timeoutMs);
  if (!result.ok) {
    process.stderr.write(`could not replay the cassette: ${result.reason}\n`);
    return 1;
  }
  return printDiff(result, values);
}

export type Diffed = { ok: true; report: DiffReport; pairs: DiffPair[]; heading: string } | { ok: false; reason: string };

/** Probes `target`, replays the recorded target's requests to it and classifies every difference. */
export async function replayAndDiff(cassette: Cassette, index: number, target: Target, ctx: SendContext, timeoutMs: number): Promise<Diffed> {
  const overHttp = targetTransport(target) === "http";
  const mine = cassette.interactions.map((x, i) => ({ x, i })).filter(({ x }) => x.target === index);
  const replayable = mine.filter(({ x }) => !x.handshake);
  let n = 0;
  const replayed = await probeAndSend(
    (frame, extra) =>
      send(
        {
          sendId: `cli-diff-${++n}`,
          target,
          frame,
          insist: false,
          timeoutMs,
          processMode: "keep",
          ...(overHttp && extra?.headers ? { headers: extra.headers } : {}),
        },
        ctx,
      ),
    replayable.map(({ x }) => x.request),
    { clientCapabilities: recordedCapabilities(mine.map(({ x }) => x)) },
  );
  if (replayed.verdict.era === "unreachable") return { ok: false, reason: replayed.verdict.reason };

  const pairs: DiffPair[] = [];
  // The handshake: each recorded initialize / server/discover against the probe's own.
  for (const { x, i } of mine.filter(({ x }) => x.handshake && x.request.id !== undefined && answerOf(x))) {
    const method = x.request.method as string;
    const step = replayed.verdict.steps.find((s) => asObject(tryParseJson(s.exchange.sent))?.method === method);
    if (step) pairs.push({ index: i, request: x.request, recorded: answerOf(x)!, live: liveAnswer(step.exchange) });
  }
  replayable.forEach(({ x, i }, k) => {
    const answer = answerOf(x);
    if (x.request.id === undefined || !answer) return;
    pairs.push({ index: i, request: x.request, recorded: answer, live: liveAnswer(replayed.sent[k].exchange) });
  });
  pairs.sort((a, b) => a.index - b.index);
  const recordedTarget = cassette.targets[index];
  const report = diffPairs(pairs, { recorded: recordedTarget.era, live: replayed.verdict.era === "legacy" ? "legacy" : "modern" });
  const heading = `diff: ${recordedTarget.label} as recorded (${recordedTarget.era}${recordedTarget.protocolVersion ? ` ${recordedTarget.protocolVersion}` : ""}) against ${targetLabel(target)} (${replayed.verdict.era}${replayed.verdict.version ? ` ${replayed.verdict.version}` : ""})`;
  return { ok: true, report, pairs, heading };
}

/** Writes the report (text or --json, and --junit) and returns the exit code: 1 on a breaking change. */
export function printDiff(result: Extract<Diffed, { ok: true }>, values: { json?: boolean; junit?: string }): number {
  if (values.junit) writeFileSync(values.junit, diffJunit(result.report, result.pairs, result.heading));
  process.stdout.write(`${values.json ? JSON.stringify(diffJson(result.report), null, 2) : diffText(result.report, result.heading)}\n`);
  return result.report.breaking.length > 0 ? 1 : 0;
}

export const command: CliCommand = { usage: USAGE, run };
