/**
 * npm run cli -- doctor (<command line or URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json]
 * The connection doctor (lib/doctor): spawn or connect → server/discover → initialize fallback → the lists, stopping
 * at the first broken rung with what happened and what to do. Exit codes: 0 healthy, 1 a rung is broken, 2 usage.
 */
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import { diagnosisText, runDoctor } from "@/lib/doctor/ladder";
import { cliT } from "../lang";
import { TARGET_USAGE, oneTargetOf } from "../target";
import type { CliCommand } from "./command";

const USAGE =
  'npm run cli -- doctor (<command line or http(s) URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json] [--timeout <ms>]';

export const command: CliCommand = { usage: USAGE, run };

export async function run(argv: string[]): Promise<number> {
  const one = await oneTargetOf(
    argv,
    `usage: ${USAGE}\n\n${TARGET_USAGE}\n\nexit codes: 0 healthy, 1 a rung is broken, 2 a usage error\n`,
  );
  if (!one) return 0;
  const { target, ctx, timeoutMs } = one;
  const check = bridgeCheckSend(target, ctx);
  const diagnosis = await runDoctor(
    { label: targetLabel(target), transport: targetTransport(target) },
    (text, opts) => check(text, { label: opts.label, headers: opts.headers, timeoutMs: opts.timeoutMs ?? timeoutMs }),
    { timeoutMs },
  );
  // --json is for programs (English, with each sentence's Msg); the human form is in --lang.
  process.stdout.write(`${one.json ? JSON.stringify(diagnosis, null, 2) : diagnosisText(diagnosis, cliT())}\n`);
  return diagnosis.brokenAt ? 1 : 0;
}
