/**
 * npm run cli -- task (--demo tasks [--http] | --stdio … | --url …) --tool <name> [--arguments '<json>']
 *   [--answers <file>] [--poll-ms <n>] [--max-polls <n>] [--push] [--json]
 * Calls the tool declaring io.modelcontextprotocol/tasks and follows the task to a terminal state: polls tasks/get
 * at the server's pollIntervalMs (or --poll-ms, never below the floor), answers mid-task input from --answers
 * (keyed like inputRequests, the format of `send --answers`) with tasks/update, prints every state change.
 * --push also opens subscriptions/listen with notifications.taskIds and takes each notifications/tasks as it comes
 * (polls slow to a safety net; a server without push is said in one line and polling goes on: ../task-push.ts).
 * --json prints { taskId, pollIntervalMs, states, polls: [{ atMs, status }], frames, result, … } (frames carry their
 * HTTP request headers over HTTP; with --push, `push: { state, notifications, message }`). Exit 0 when the task completed, 1 for failed/cancelled/any other end, 2 usage.
 */
import type { Exchange } from "@/lib/bridge/contract";
import { withSentWhole } from "@/lib/protocol/exchange";
import { send } from "@/lib/node/bridge/send";
import { createFollower, followReport, MAX_POLL_MS, MIN_POLL_MS, type Json, type TaskTrack } from "@/lib/tasks";
import { asObject } from "@/lib/tasks/shapes";
import { TARGET_OPTIONS, TARGET_USAGE, UsageError, buildTarget, timeoutOf } from "../target";
import { AnswersUsageError, readAnswers } from "./mrtr";
import type { CliCommand } from "./command";
import { JSON_AND_HELP, parseOptions, SWITCH, textOptions } from "../args";
import { startTaskPush, type TaskPush } from "../task-push";

const USAGE =
  "npm run cli -- task (--demo tasks [--http] | --stdio \"<command line>\" | --url <url>) --tool <name> [--arguments '<json>'] [--answers <file>] [--poll-ms <n>] [--max-polls <n>] [--push] [--json]";

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...textOptions("tool", "arguments", "answers", "poll-ms", "max-polls"),
  push: SWITCH,
  ...JSON_AND_HELP,
} as const;

export const command: CliCommand = { usage: USAGE, run };

function wholeNumber(raw: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}`);
  return n;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("woken"));
    });
  });
}

function line(track: TaskTrack, startMs: number): string | undefined {
  const m = track.moves[track.moves.length - 1];
  if (!m) return undefined;
  return `+${String(m.atMs - startMs).padStart(6)} ms  ${m.from ?? "(new)"} → ${m.to}  ${m.why}${m.via === "push" ? "  (by push: notifications/tasks)" : ""}`;
}

/** --arguments: a JSON object ({} when absent). */
function argumentsOf(text: string | undefined): Json {
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--arguments is not JSON (${(e as Error).message})`);
  }
  const obj = asObject(parsed);
  if (!obj) throw new UsageError("--arguments must be a JSON object, e.g. '{\"steps\": 3}'");
  return obj;
}

/** --answers: one object keyed like inputRequests (a task's keys are unique over its life). */
function taskAnswersOf(path: string | undefined): Json | undefined {
  try {
    const read = path === undefined ? undefined : readAnswers(path);
    if (Array.isArray(read))
      throw new UsageError(
        "--answers for a task must be one object keyed like inputRequests (keys are unique over the task's life)",
      );
    return read;
  } catch (e) {
    if (e instanceof AnswersUsageError) throw new UsageError(e.message);
    throw e;
  }
}

export async function run(argv: string[]): Promise<number> {
  const values = parseOptions(
    argv,
    OPTIONS,
    `usage: ${USAGE}\n\n${TARGET_USAGE}\n\nexit codes: 0 the task completed, 1 it failed, was cancelled or could not be followed, 2 a usage error`,
  );
  if (!values) return 0;
  if (!values.tool)
    throw new UsageError(
      "name the tool: --tool <name> (the tasks demo has slow_report, confirm_booking, flaky_export, long_import)",
    );
  const args = argumentsOf(values.arguments);
  const answers = taskAnswersOf(values.answers);
  const overridePollMs = wholeNumber(values["poll-ms"], "--poll-ms", MIN_POLL_MS, MAX_POLL_MS);
  const maxPolls = wholeNumber(values["max-polls"], "--max-polls", 1, 10_000);
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);

  let counter = 0;
  const startMs = Date.now();
  const caps: Json = { elicitation: { form: {} } };
  let push: TaskPush | undefined;
  const say = (text: string) => {
    if (!values.json) process.stdout.write(`${text}\n`);
  };
  const follower = createFollower(
    {
      send: (frame) =>
        send(
          {
            sendId: `cli-task-${++counter}`,
            target,
            frame: JSON.stringify(frame),
            insist: false,
            timeoutMs,
            processMode: "keep",
          },
          ctx,
        ) as Promise<Exchange>,
      sleep,
      now: Date.now,
      onUpdate: (track) => {
        if (values.push && !push && track.taskId)
          push = startTaskPush({ target, ctx, taskId: track.taskId, caps, follower, say });
        if (values.json) return;
        const text = line(track, startMs);
        if (text && text !== lastLine) process.stdout.write(`${(lastLine = text)}\n`);
      },
    },
    { tool: values.tool, arguments: args, caps, answers, failOnMissingAnswer: true, overridePollMs, maxPolls },
  );
  let lastLine: string | undefined;
  const stop = () => follower.stop();
  process.once("SIGINT", stop);
  const track = await follower.run();
  process.off("SIGINT", stop);
  const pushed = await push?.close();
  const report = { ...followReport(track, startMs), ...(pushed ? { push: pushed } : {}) };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, withSentWhole, 2)}\n`);
  } else {
    if (track.taskId) process.stdout.write(`taskId ${track.taskId}\n`);
    process.stdout.write(
      `${report.polls.length} poll(s) of tasks/get${report.pollIntervalMs ? ` (pollIntervalMs ${report.pollIntervalMs}${overridePollMs ? `, overridden to ${overridePollMs}` : ""})` : ""}${pushed ? `; ${pushed.notifications} notifications/tasks by push (push ${pushed.state}: ${pushed.message})` : ""}\n`,
    );
    for (const p of track.problems) process.stdout.write(`problem: ${p}\n`);
    const text = asObject(track.result)?.content;
    const first = Array.isArray(text)
      ? (text.find((c) => asObject(c)?.type === "text") as { text?: string } | undefined)?.text
      : undefined;
    process.stdout.write(`${track.outcome}: ${track.message}${first ? ` — ${first}` : ""}\n`);
  }
  return track.outcome === "completed" ? 0 : 1;
}
