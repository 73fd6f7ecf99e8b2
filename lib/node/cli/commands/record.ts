/**
 * npm run cli -- record <target> --frames <file.jsonl> [--out c.json] [--timeout <ms>]
 * Probes the target's era (server/discover, else initialize + notifications/initialized), sends each frame of the
 * JSON Lines file in order (a modern server's requests get the `_meta` envelope when they have none) and writes
 * the whole conversation, handshake included, as a cassette. Exit codes: 0 written, 1 the target could not be
 * reached or the file read, 2 usage error.
 */
import { writeFileSync } from "node:fs";
import { cassetteText } from "@/lib/cassette/format";
import { cassetteFromState, type MadeCassette } from "@/lib/cassette/from-session";
import type { Target } from "@/lib/bridge/contract";
import type { SendContext } from "@/lib/node/bridge/send";
import type { JsonObject } from "@/lib/protocol/json";
import { probeAndSend } from "@/lib/cassette/replay";
import { readFramesFile } from "../cassette-input";
import { recordExchange } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";
import { parseOptions, textOptions } from "../args";
import { TARGET_OPTIONS, TARGET_USAGE, UsageError, buildTarget, probeSender, timeoutOf } from "../target";
import { describeTargets, reportMaking } from "./cassette";
import type { CliCommand } from "./command";

const USAGE_LINE = "npm run cli -- record <target> --frames <file.jsonl> [--out c.json] [--timeout <ms>]";
const USAGE = `usage: ${USAGE_LINE}

  --frames <file>  one JSON-RPC request (or notification) per line, sent in order after the handshake the era probe chooses
  --out <file>     where to write the cassette (default: stdout)

${TARGET_USAGE}`;

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...textOptions("frames", "out"),
  help: { type: "boolean", short: "h", default: false },
} as const;

async function run(argv: string[]): Promise<number> {
  const values = parseOptions(argv, OPTIONS, USAGE);
  if (!values) return 0;
  if (!values.frames) throw new UsageError("record needs --frames <file.jsonl> (one JSON-RPC request per line)");
  const frames = readFramesFile(values.frames);
  if (!frames) return 1;
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);
  const made = await recordCassette(target, ctx, frames, timeoutMs);
  if (!made.ok) {
    process.stderr.write(`could not record: ${made.reason}\n`);
    return 1;
  }
  reportMaking(made);
  const out = cassetteText(made.cassette);
  if (values.out) {
    writeFileSync(values.out, out);
    for (const line of describeTargets(made.cassette)) process.stderr.write(`${line}\n`);
    process.stderr.write(`wrote ${values.out}\n`);
  } else process.stdout.write(out);
  return 0;
}

/** Probes the target, sends every frame and makes the cassette of it all (handshake included). */
export async function recordCassette(
  target: Target,
  ctx: SendContext,
  frames: JsonObject[],
  timeoutMs: number,
): Promise<({ ok: true } & MadeCassette) | { ok: false; reason: string }> {
  const replayed = await probeAndSend(probeSender(target, ctx, timeoutMs, "record"), frames);
  if (replayed.verdict.era === "unreachable") return { ok: false, reason: replayed.verdict.reason };
  const state = {
    ...defaultShareState(),
    title: "recorded by npm run cli -- record",
    target,
    editor: "",
    exchanges: replayed.steps.map((s) => recordExchange(s.exchange, { label: s.label })),
  };
  return { ok: true, ...cassetteFromState(state, { source: "record" }) };
}

export const command: CliCommand = { usage: USAGE_LINE, run };
