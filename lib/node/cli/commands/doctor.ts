/**
 * npm run cli -- doctor (<command line or URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json]
 * The connection doctor (lib/doctor): spawn or connect → server/discover → initialize fallback → the lists, stopping
 * at the first broken rung with what happened and what to do. Exit codes: 0 healthy, 1 a rung is broken, 2 usage.
 */
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import { diagnosisText, runDoctor } from "@/lib/doctor/ladder";
import { cliT } from "../lang";
import { oneTargetCommand, type OneTarget, type OneTargetResult } from "../target";

export const command = oneTargetCommand("doctor", "0 healthy, 1 a rung is broken, 2 a usage error", judge);

/** The doctor's diagnosis of one target: --json is for programs (English, with each sentence's Msg), text in --lang. */
export async function judge(one: OneTarget): Promise<OneTargetResult> {
  const { target, check, timeoutMs } = one;
  const diagnosis = await runDoctor(
    { label: targetLabel(target), transport: targetTransport(target) },
    (text, opts) => check(text, { label: opts.label, headers: opts.headers, timeoutMs: opts.timeoutMs ?? timeoutMs }),
    { timeoutMs },
  );
  return { code: diagnosis.brokenAt ? 1 : 0, json: diagnosis, text: () => diagnosisText(diagnosis, cliT()) };
}
