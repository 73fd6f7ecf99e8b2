/**
 * npm run cli -- doctor (<command line or URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json]
 * The connection doctor (lib/doctor): spawn or connect → server/discover → initialize fallback → the lists, stopping
 * at the first broken rung with what happened and what to do. Exit codes: 0 healthy, 1 a rung is broken, 2 usage.
 */
import { parseArgs } from "node:util";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import { diagnosisText, runDoctor } from "@/lib/doctor/ladder";
import { TARGET_OPTIONS, TARGET_USAGE, UsageError, buildTarget, timeoutOf } from "../target";
import type { CliCommand } from "./command";

const USAGE =
  'npm run cli -- doctor (<command line or http(s) URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json] [--timeout <ms>]';

const OPTIONS = {
  ...TARGET_OPTIONS,
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

export const command: CliCommand = { usage: USAGE, run };

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(
      `usage: ${USAGE}\n\n${TARGET_USAGE}\n\nexit codes: 0 healthy, 1 a rung is broken, 2 a usage error\n`,
    );
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError("give the target as one argument (quote a command line with arguments)");
  const [positional] = positionals;
  // A bare target: a URL is an HTTP endpoint, anything else a command line.
  const targetValues =
    positional === undefined
      ? values
      : /^https?:\/\//i.test(positional)
        ? { ...values, url: positional }
        : { ...values, stdio: positional };
  const { target, ctx } = await buildTarget(targetValues);
  const check = bridgeCheckSend(target, ctx);
  const timeoutMs = timeoutOf(values);
  const diagnosis = await runDoctor(
    { label: targetLabel(target), transport: targetTransport(target) },
    (text, opts) => check(text, { label: opts.label, headers: opts.headers, timeoutMs: opts.timeoutMs ?? timeoutMs }),
    { timeoutMs },
  );
  process.stdout.write(`${values.json ? JSON.stringify(diagnosis, null, 2) : diagnosisText(diagnosis)}\n`);
  return diagnosis.brokenAt ? 1 : 0;
}
