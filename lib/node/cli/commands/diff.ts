/**
 * npm run cli -- diff <cassette> <target> [--json] [--junit <file>] [--cassette-target N] [--timeout <ms>]
 * Replays a cassette's requests against a live server (after the handshake the era probe chooses) and classifies
 * every difference (lib/cassette/diff.ts). Exit codes: 0 no breaking change, 1 a breaking change (or the server
 * could not be reached), 2 usage error.
 */
import { writeFileSync } from "node:fs";
import { targetLabel } from "@/lib/bridge/target";
import type { Target } from "@/lib/bridge/contract";
import type { SendContext } from "@/lib/node/bridge/send";
import { diffJson, diffJunit, diffText } from "@/lib/cassette/diff";
import type { Cassette } from "@/lib/cassette/format";
import { replayAndDiff as replayCassetteAndDiff, type Diffed } from "@/lib/cassette/replay-diff";
import { readCassetteInput } from "../cassette-input";
import { say, type Msg } from "@/lib/i18n/translate";
import { cliT } from "../lang";
import { JSON_AND_HELP, parseOwnArgs, usageFailure } from "../args";
import { TARGET_OPTIONS, TARGET_USAGE, buildTarget, probeSender, timeoutOf, type TargetValues } from "../target";
import { reportMaking } from "./cassette";
import { terminalSafe } from "../terminal-text";
import type { CliCommand } from "./command";

const USAGE = "npm run cli -- diff <cassette> <target> [--json] [--junit <file>] [--cassette-target N]";
const HELP = `usage: ${USAGE}

  --json               {breaking: [{kind, path, detail}], nonBreaking: [...], same: n}
  --junit <file>       JUnit XML, one test case per replayed request, failing on a breaking change
  --cassette-target N  which recorded target to replay, for a cassette of several (default 0)

${TARGET_USAGE}

exit codes: 0 no breaking change, 1 a breaking change or the server could not be reached, 2 usage error`;

async function run(argv: string[]): Promise<number> {
  const parsed = parseOwnArgs(
    argv,
    {
      ...TARGET_OPTIONS,
      junit: { type: "string" },
      "cassette-target": { type: "string" },
      ...JSON_AND_HELP,
    },
    HELP,
  );
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1)
    return usageFailure("name one cassette, then the live target (--stdio, --url or --demo)", HELP);
  const index = values["cassette-target"] === undefined ? 0 : Number(values["cassette-target"]);
  if (!Number.isInteger(index) || index < 0)
    return usageFailure("--cassette-target must be a whole number from 0", HELP);
  const result = await diffRun(positionals[0], index, values);
  if (!result.ok) {
    if (result.usage) return usageFailure(result.error, HELP);
    process.stderr.write(`${result.error}\n`);
    return 1;
  }
  return printDiff(result.diffed, values);
}

/** What diff found (the diffed replay; --json is diffJson of its report), or why it could not replay. */
export type DiffRun =
  | { ok: true; diffed: Extract<Diffed, { ok: true }>; json: ReturnType<typeof diffJson>; code: number }
  | { ok: false; error: string; usage?: boolean };

/** Reads the cassette (a file, relative to the caller's folder, or a share link) and diffs its replay on the target. */
export async function diffRun(
  cassetteArg: string,
  index: number,
  values: TargetValues,
  signal?: AbortSignal,
): Promise<DiffRun> {
  const input = await readCassetteInput(cassetteArg);
  if (!input.ok) return { ok: false, error: `could not read the cassette: ${input.reason}` };
  reportMaking(input);
  const { cassette } = input;
  if (index >= cassette.targets.length)
    return {
      ok: false,
      usage: true,
      error: `the cassette has ${cassette.targets.length} target(s); there is no target ${index}`,
    };
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);
  const result = await replayCassetteAndDiff(
    cassette,
    index,
    probeSender(target, ctx, timeoutMs, "diff", "keep", signal),
    targetLabel(target),
  );
  if (!result.ok) return { ok: false, error: `could not replay the cassette: ${result.reason}` };
  return {
    ok: true,
    diffed: result,
    json: diffJson(result.report),
    code: result.report.breaking.length > 0 ? 1 : 0,
  };
}

export type { Diffed } from "@/lib/cassette/replay-diff";

/** Probes `target` through the CLI's bridge, replays the recorded target's requests to it and classifies every difference. */
export async function replayAndDiff(
  cassette: Cassette,
  index: number,
  target: Target,
  ctx: SendContext,
  timeoutMs: number,
): Promise<Diffed> {
  return replayCassetteAndDiff(cassette, index, probeSender(target, ctx, timeoutMs, "diff"), targetLabel(target));
}

/** Writes the report (text or --json, and --junit) and returns the exit code: 1 on a breaking change. */
export function printDiff(
  result: Omit<Extract<Diffed, { ok: true }>, "headingMsg"> & { headingMsg?: Msg },
  values: { json?: boolean; junit?: string },
): number {
  // compare rewrites the heading in English and passes no headingMsg; the details follow --lang either way.
  const heading = result.headingMsg ? say(result.headingMsg, cliT()) : result.heading;
  if (values.junit) writeFileSync(values.junit, diffJunit(result.report, result.pairs, result.heading));
  process.stdout.write(
    `${values.json ? JSON.stringify(diffJson(result.report), null, 2) : terminalSafe(diffText(result.report, heading, cliT()))}\n`,
  );
  return result.report.breaking.length > 0 ? 1 : 0;
}

export const command: CliCommand = { usage: USAGE, run };
