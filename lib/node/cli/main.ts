/**
 * The playground's command line, over the same lib/ the UI uses (no HTTP server in between):
 *   npm run cli -- probe <target> [--json]
 *   npm run cli -- send <target> --frame '<frame text>' [--timeout <ms>] [--no-progress-reset] [--max-total <ms>] [--json] [--insist] [--fresh]
 *                       [--no-mrtr] [--omit-param-headers] [--first-page-only] [--pin-version <v>]
 * Exit codes: 0 success, 1 the exchange failed (or the probe found nothing), 2 usage error.
 * Every process it started is ended before it exits, and it exits only once its output is whole in the reader's hands.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { BridgeError } from "@/lib/node/bridge/errors";
import type { SendContext } from "@/lib/node/bridge/send";
import type { Target } from "@/lib/bridge/contract";
import { formatExchange, formatVerdict } from "./format";
import { withSentWhole } from "@/lib/protocol/exchange";
import { COMMANDS } from "./commands";
import { TARGET_USAGE, UsageError, buildTarget, cleanupTargets, timeoutOf } from "./target";
import { AnswersUsageError, sendWithAnswers } from "./commands/mrtr";
import { EMULATION_HELP, EMULATION_USAGE, PARAM_HEADERS_HELP } from "./emulation";
import { SEND_OPTIONS, probeVerdict, sendOne, type SendValues } from "./send-probe";
import { LangUsageError, takeLang } from "./lang";
import { dropOutputNobodyReads, exitWhenFlushed } from "./flush";

const USAGE = `usage:
  npm run cli -- probe <target> [--json] [--timeout <ms>]
  npm run cli -- send  <target> --frame '<frame text>' [--timeout <ms>] [--no-progress-reset] [--max-total <ms>]
                     [--json] [--insist] [--fresh] [--answers answers.json [--max-rounds N]]
                     ${EMULATION_USAGE}

${TARGET_USAGE}

  --lang bg|ru|en  the language of the human output (default: LC_ALL / LANG, else English; --json is English)
  --frame -        reads the frame from stdin
  --json           prints the exchange record (or the probe verdict) as JSON
  --insist         sends a frame that is not JSON anyway
  --fresh          stdio: a new process for this message, ended afterwards
  --no-progress-reset  a notifications/progress for the request's progressToken does not restart --timeout
                   (by default it does, as progress.mdx allows)
  --max-total <ms> the most progress may extend a request, from the send (default 10 × --timeout)
  --answers <file> multi round-trip: answer every input_required round from the file (an object keyed like
                   inputRequests, or a list with one such object per retry) and retry until the result is
                   complete or --max-rounds (default 5) is reached; prints every round with its verdicts

client emulation (send; check has the same flags), each change is reported on stderr:
${EMULATION_HELP}
${PARAM_HEADERS_HELP}`;

const OPTIONS = SEND_OPTIONS;

type Values = SendValues;

function print(lines: string[]): void {
  process.stdout.write(lines.join("\n") + "\n");
}

/** `send`: one frame (as the client the flags describe would write it), or a conversation with --answers. */
async function runSend(
  values: Values,
  target: Target,
  ctx: SendContext,
  timeoutMs: number,
  processMode: "fresh" | "keep",
): Promise<number> {
  if (values.frame === undefined)
    throw new UsageError("send needs --frame '<frame text>' (or --frame - to read stdin)");
  const frame = values.frame === "-" ? readFileSync(0, "utf8").replace(/\r?\n$/, "") : values.frame;
  if (values.answers !== undefined) {
    return sendWithAnswers({
      target,
      ctx,
      frame,
      answersPath: values.answers,
      maxRounds: values["max-rounds"],
      timeoutMs,
      processMode,
      insist: values.insist,
      json: values.json,
    });
  }
  if (values["max-rounds"] !== undefined) throw new UsageError("--max-rounds goes with --answers");
  const { exchange, notes, emulationText } = await sendOne(values, frame, target, ctx, timeoutMs, processMode);
  if (emulationText) process.stderr.write(`emulating a client: ${emulationText}\n`);
  for (const note of notes) process.stderr.write(`  ${note}\n`);
  print(values.json ? [JSON.stringify(exchange, withSentWhole, 2)] : formatExchange(exchange));
  return exchange.outcome.kind === "failure" ? 1 : 0;
}

async function main(all: string[]): Promise<number> {
  const [command, ...rest] = takeLang(all);
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    const more = await Promise.all(Object.values(COMMANDS).map(async (load) => `  ${(await load()).usage}`));
    print([USAGE, "", "more commands:", ...more]);
    return command === undefined ? 2 : 0;
  }
  const external = COMMANDS[command];
  if (external) {
    try {
      return await (await external()).run(rest);
    } catch (e) {
      if (e instanceof BridgeError) throw e;
      throw new UsageError((e as Error).message);
    }
  }
  if (command !== "probe" && command !== "send")
    throw new UsageError(
      `unknown command ${JSON.stringify(command)}: use ${["probe", "send", ...Object.keys(COMMANDS)].join(", ")}`,
    );
  let values: Values;
  try {
    values = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) {
    print([USAGE]);
    return 0;
  }
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);
  const processMode = values.fresh ? "fresh" : "keep";
  if (command === "send") return runSend(values, target, ctx, timeoutMs, processMode);

  if (values.frame !== undefined) throw new UsageError("probe composes its own frames; --frame is for send");
  const verdict = await probeVerdict(target, ctx, timeoutMs, processMode);
  print(values.json ? [JSON.stringify(verdict, withSentWhole, 2)] : formatVerdict(verdict));
  return verdict.era === "unreachable" ? 1 : 0;
}

dropOutputNobodyReads();
main(process.argv.slice(2))
  .catch((e: unknown) => {
    if (
      e instanceof UsageError ||
      e instanceof BridgeError ||
      e instanceof AnswersUsageError ||
      e instanceof LangUsageError
    ) {
      process.stderr.write(`error: ${e.message}\n(npm run cli -- --help shows the usage)\n`);
      return 2;
    }
    process.stderr.write(`internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  })
  .then(async (code) => {
    await cleanupTargets();
    // Explicitly, but only once a slow reader of a pipe has the whole output (./flush.ts).
    await exitWhenFlushed(code);
  });
