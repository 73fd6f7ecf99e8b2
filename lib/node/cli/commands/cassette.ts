/**
 * npm run cli -- cassette <link | session file | mcp-recorder cassette | transcript.jsonl> [--out c.json]
 * Makes a cassette (README, "Cassettes") from a recording; secrets are stripped as for links, and what was left
 * out goes to stderr. Exit codes: 0 written, 1 the input could not be read, 2 usage error.
 */
import { writeFileSync } from "node:fs";
import { cassetteText, type Cassette } from "@/lib/cassette/format";
import { readCassetteInput } from "../cassette-input";
import { parseOwnArgs, usageFailure } from "../args";
import { terminalSafe } from "../terminal-text";
import type { CliCommand } from "./command";

const USAGE = "npm run cli -- cassette <link | session file | mcp-recorder cassette | transcript.jsonl> [--out c.json]";

/** One line per target: how it was recorded (its label's control characters escaped). */
export function describeTargets(cassette: Cassette): string[] {
  return cassette.targets.map((t, i) => {
    const count = cassette.interactions.filter((x) => x.target === i).length;
    const era =
      t.era === "unknown"
        ? "era unknown"
        : `${t.era}${t.protocolVersion ? ` ${t.protocolVersion}` : ""}, handshake ${t.handshake}`;
    const line = `target ${i}: ${t.label} (${t.transport}; ${era}): ${count} interaction${count === 1 ? "" : "s"}`;
    return terminalSafe(line);
  });
}

/** What the making of a cassette left out or could not use, on stderr. */
export function reportMaking(input: { omitted: string[]; skipped: string[] }): void {
  for (const line of input.omitted) process.stderr.write(`left out: ${terminalSafe(line)}\n`);
  for (const line of input.skipped) process.stderr.write(`not in the cassette: ${terminalSafe(line)}\n`);
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseOwnArgs(
    argv,
    { out: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
    `usage: ${USAGE}`,
  );
  if (typeof parsed === "number") return parsed;
  if (parsed.positionals.length !== 1)
    return usageFailure("name one recording: a share link or a file", `usage: ${USAGE}`);
  const input = await readCassetteInput(parsed.positionals[0]);
  if (!input.ok) {
    process.stderr.write(`could not make a cassette: ${input.reason}\n`);
    return 1;
  }
  reportMaking(input);
  const text = cassetteText(input.cassette);
  if (parsed.values.out) {
    writeFileSync(parsed.values.out, text);
    for (const line of describeTargets(input.cassette)) process.stderr.write(`${line}\n`);
    process.stderr.write(`wrote ${parsed.values.out} (from a ${input.from})\n`);
  } else process.stdout.write(text);
  return 0;
}

export const command: CliCommand = { usage: USAGE, run };
