/**
 * npm run cli -- date --file transcript.txt [--json]     (--file - reads stdin; --text '<text>' takes it inline)
 * Says which protocol revisions a transcript fits, why, and what in it is deprecated or removed. Starts no process.
 */
import { readFileSync } from "node:fs";
import type { CliCommand } from "./command";
import { JSON_AND_HELP, parseOwnOptions, textOptions, usageFailure } from "../args";
import { dateTranscript, type TranscriptDating } from "@/lib/explain";
import { englishT } from "@/lib/i18n/translate";
import { cliT } from "../lang";

export const DATE_USAGE = `usage:
  npm run cli -- date --file <transcript.txt> [--json]    (--file - reads stdin)
  npm run cli -- date --text '<transcript text>' [--json]`;

const OPTIONS = { ...textOptions("file", "text"), ...JSON_AND_HELP } as const;

export function formatDating(d: TranscriptDating): string[] {
  const lines = [`revisions: ${d.revisions.length > 0 ? d.revisions.join(", ") : "(none)"}`, `summary:   ${d.summary}`];
  if (d.reasons.length > 0) lines.push("reasons:");
  for (const r of d.reasons)
    lines.push(`  - ${r.feature} → ${r.revisions.join(", ")}${r.note ? ` (${r.note})` : ""}`, `      ${r.evidence}`);
  if (d.deprecatedOrRemoved.length > 0) lines.push("deprecated or removed as of 2026-07-28:");
  for (const f of d.deprecatedOrRemoved) lines.push(`  - [${f.badge}] ${f.feature}: ${f.text}`);
  return lines;
}

export async function run(argv: string[]): Promise<number> {
  const values = parseOwnOptions(argv, OPTIONS, DATE_USAGE);
  if (typeof values === "number") return values;
  if ((values.file === undefined) === (values.text === undefined)) {
    return usageFailure("give exactly one of --file or --text", DATE_USAGE);
  }
  let text: string;
  try {
    text = values.text ?? readFileSync(values.file === "-" ? 0 : values.file!, "utf8");
  } catch (e) {
    process.stderr.write(`error: cannot read ${values.file}: ${(e as Error).message}\n`);
    return 2;
  }
  // --json is for programs: English; the human lines are in --lang.
  const dating = dateTranscript(text, values.json ? englishT : cliT());
  process.stdout.write(values.json ? `${JSON.stringify(dating, null, 2)}\n` : `${formatDating(dating).join("\n")}\n`);
  return 0;
}

export const command: CliCommand = {
  usage: "npm run cli -- date --file <transcript.txt> [--json]     which protocol revisions a transcript fits, and why",
  run,
};
