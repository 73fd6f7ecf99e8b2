/**
 * npm run cli -- compare --frames <file.jsonl> <target A> <target B> [--json] [--junit <file>] [--out a.json]
 * Two servers side by side: the same frames go to A (recorded as a cassette, after A's handshake) and then to B
 * (after B's), and every difference of B from A is classified as `diff` classifies it. Each target is written as
 * everywhere (--stdio "…" [--cwd] [--env]…, --url … [--header]…, --demo … [--http]); the flags after a target
 * belong to it. Exit codes: 0 no breaking change, 1 a breaking change or a target could not be reached, 2 usage error.
 */
import { writeFileSync } from "node:fs";
import { cassetteText } from "@/lib/cassette/format";
import { readFramesFile } from "../cassette-input";
import { JSON_AND_HELP, parseOwnArgs, usageFailure } from "../args";
import { TARGET_OPTIONS, TARGET_USAGE, buildTarget, timeoutOf, type TargetValues } from "../target";
import { reportMaking } from "./cassette";
import { printDiff, replayAndDiff } from "./diff";
import { recordCassette } from "./record";
import type { CliCommand } from "./command";

const USAGE =
  "npm run cli -- compare --frames <file.jsonl> <target A> <target B> [--json] [--junit <file>] [--out a.json]";
const HELP = `usage: ${USAGE}

  --frames <file>  one JSON-RPC request per line, sent to both after each one's own handshake
  --out <file>     also write A's answers as a cassette (then: npm run cli -- diff a.json <another target>)
  --json, --junit  as for diff: B's differences from A, breaking or not

each target (the flags after it belong to it):
${TARGET_USAGE.split("\n").slice(1).join("\n")}`;

const TARGET_KINDS = new Set(["stdio", "url", "demo"]);
const PER_TARGET = new Set(["cwd", "env", "header", "http"]);

/** Splits the ordered option tokens into the two targets' flags (a flag belongs to the target before it). */
function splitTargets(tokens: { kind: string; name?: string; value?: string }[]): TargetValues[] | string {
  const sides: TargetValues[] = [];
  for (const token of tokens) {
    if (token.kind !== "option" || !token.name) continue;
    if (TARGET_KINDS.has(token.name)) {
      sides.push({ [token.name]: token.value });
      continue;
    }
    if (!PER_TARGET.has(token.name)) continue;
    const side = sides[sides.length - 1];
    if (!side) return `--${token.name} must follow the target it belongs to`;
    if (token.name === "http") side.http = true;
    else if (token.name === "cwd") side.cwd = token.value;
    else {
      const key = token.name as "env" | "header";
      side[key] = [...(side[key] ?? []), token.value ?? ""];
    }
  }
  return sides.length === 2 ? sides : `name two targets (each --stdio, --url or --demo), not ${sides.length}`;
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseOwnArgs(
    argv,
    {
      ...TARGET_OPTIONS,
      frames: { type: "string" },
      out: { type: "string" },
      junit: { type: "string" },
      ...JSON_AND_HELP,
    },
    HELP,
    { allowPositionals: false },
  );
  if (typeof parsed === "number") return parsed;
  const { values, tokens } = parsed;
  if (!values.frames) return usageFailure("compare needs --frames <file.jsonl>", HELP);
  const sides = splitTargets(tokens);
  if (typeof sides === "string") return usageFailure(sides, HELP);
  const frames = readFramesFile(values.frames);
  if (!frames) return 1;
  const timeoutMs = timeoutOf(values);
  const a = await buildTarget(sides[0]);
  const b = await buildTarget(sides[1]);
  const recorded = await recordCassette(a.target, a.ctx, frames, timeoutMs);
  if (!recorded.ok) {
    process.stderr.write(`could not reach target A: ${recorded.reason}\n`);
    return 1;
  }
  reportMaking(recorded);
  if (values.out) writeFileSync(values.out, cassetteText(recorded.cassette));
  const result = await replayAndDiff(recorded.cassette, 0, b.target, b.ctx, timeoutMs);
  if (!result.ok) {
    process.stderr.write(`could not reach target B: ${result.reason}\n`);
    return 1;
  }
  return printDiff(
    {
      ...result,
      headingMsg: undefined,
      heading: result.heading
        .replace(/^diff: /, "compare: ")
        .replace(" as recorded ", " (A) ")
        .replace(" against ", " with (B) "),
    },
    values,
  );
}

export const command: CliCommand = { usage: USAGE, run };
