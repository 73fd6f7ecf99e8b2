/**
 * npm run cli -- check <target> [--json] [--junit <file>] [--call-tools read-only|all|none] [--only C01,C07]
 *   [--timeout <ms>] [--listen-window <ms>] [--verbose]
 * --call-tools defaults to read-only (tools annotated readOnlyHint), and to all for the embedded --demo servers.
 * Runs the conformance suite (lib/checks) through the bridge: the 2026-07-28 rules on a modern server, the rules of
 * its revision on a legacy one. Exit codes: 0 no MUST failed, 1 a MUST failed (with --fail-on should, a SHOULD
 * too), 2 a usage error, 3 the server could not be reached or never answered (with the doctor's finding).
 * --report-link <page> prints a share link to this run that the playground at <page> opens offline (and, with
 * --badge, the README Markdown whose badge links to it).
 */
import { writeFileSync } from "node:fs";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { EXIT, exitCodeOf, toCliJson, toJunit, toText } from "@/lib/checks/report";
import { sharedCheckRun } from "@/lib/share/check-run";
import { encodeShareFragment, withFragment } from "@/lib/share/codec";
import { defaultShareState } from "@/lib/share/v1";
import { badgeSvg } from "@/lib/checks/badge";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { diagnoseTransport } from "@/lib/doctor/diagnose";
import { runChecks } from "@/lib/checks/runner";
import { APPS_CHECK_IDS } from "@/lib/apps/checks";
import type { CheckReport, CheckResult } from "@/lib/checks/types";
import type { RunOptions } from "@/lib/checks/types";
import { SKILLS_CHECK_IDS } from "@/lib/skills/checks";
import { msg, say, type Msg } from "@/lib/i18n/translate";
import { cliT } from "../lang";
import { checkById } from "@/lib/checks/registry";
import type { ToolCallPolicy } from "@/lib/checks/types";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import { TARGET_OPTIONS, TARGET_USAGE, UsageError, timeoutOf, userPath } from "../target";
import { PROTECTED_DEMO_USAGE, checkTarget } from "../auth-target";
import type { CliCommand } from "./command";
import { parseOptions } from "../args";
import { EMULATION_OPTIONS, EMULATION_USAGE, emulationOf } from "../emulation";

/** Rows the extensions add to a run (MCP Apps AP…, Skills S…): --only may name them too. */
const EXTENSION_CHECK_IDS = [...APPS_CHECK_IDS, ...SKILLS_CHECK_IDS];
const USAGE = `npm run cli -- check (--stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json] [--junit <file>] [--call-tools read-only|all|none] [--only C01,C07] [--listen-window <ms>] [--fail-on must|should] [--badge <file.svg>] [--report-link <playground URL>] ${EMULATION_USAGE} [--verbose]`;

const OPTIONS = {
  ...TARGET_OPTIONS,
  json: { type: "boolean", default: false },
  junit: { type: "string" },
  "call-tools": { type: "string" },
  only: { type: "string" },
  "listen-window": { type: "string" },
  "fail-on": { type: "string" },
  badge: { type: "string" },
  "report-link": { type: "string" },
  // Client emulation (lib/protocol/emulation.ts): the checks talk as that client would.
  ...EMULATION_OPTIONS,
  verbose: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const POLICIES: ToolCallPolicy[] = ["read-only", "all", "none"];

export const command: CliCommand = { usage: USAGE, run };

/** A result's detail in --lang (the Msg when the check has one). */
const detailIn = (r: CheckResult): string => (r.detailMsg ? say(r.detailMsg, cliT()) : r.detail);

const HELP = `usage: ${USAGE}\n\n${TARGET_USAGE}\n${PROTECTED_DEMO_USAGE}\n\nexit codes: 0 no MUST failed, 1 a MUST failed (--fail-on should: a SHOULD too), 2 a usage error, 3 the server could not be reached or never answered`;

/** The options as parsed from `check`'s argv (the MCP server's check tool parses its arguments the same way). */
export type CheckValues = NonNullable<ReturnType<typeof parseOptions<typeof OPTIONS>>>;

/** check's argv parsed with its options; undefined once --help is printed. */
export function checkValues(argv: string[]): CheckValues | undefined {
  return parseOptions(argv, OPTIONS, HELP);
}

/** What one run of the suite gives: the exit code, `--json`'s object, and the report and target for the rest. */
export interface CheckRun {
  code: number;
  json: ReturnType<typeof toCliJson> & { unreachable?: Omit<UnreachableFinding, "said"> };
  report: CheckReport;
  target: Target;
  finding?: UnreachableFinding;
}

export interface CheckHooks {
  /** Each check as it starts and ends. */
  onProgress?: RunOptions["onProgress"];
  /** Every exchange with its label. */
  onExchange?: (exchange: Exchange, label?: string) => void;
  /** Stops the run: no send after it fires, the one in flight is cancelled. */
  signal?: AbortSignal;
  /** false: no authorization judge (it follows the server's metadata to its authorization server's URLs). */
  authorization?: boolean;
}

/** Runs the suite on the target the options name (the CLI's check and the MCP server's check tool). */
export async function checkRun(values: CheckValues, hooks: CheckHooks = {}): Promise<CheckRun> {
  // The embedded demo servers are ours, so their tools may be called; anything else: read-only tools only.
  const toolCalls = (values["call-tools"] ?? (values.demo !== undefined ? "all" : "read-only")) as ToolCallPolicy;
  if (!POLICIES.includes(toolCalls)) throw new UsageError(`--call-tools must be one of ${POLICIES.join(", ")}`);
  const only = values.only
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((id) => !checkById(id) && !EXTENSION_CHECK_IDS.includes(id.toUpperCase()));
  if (unknown?.length)
    throw new UsageError(
      `--only names unknown checks: ${unknown.join(", ")} (C01…C80, the task checks T01…T10, the authorization checks A01…A10 and the MCP Apps checks AP01…AP15 and the Skills checks S01…S07; C59 is a client rule)`,
    );
  const listenWindowMs = values["listen-window"] === undefined ? undefined : Number(values["listen-window"]);
  if (
    listenWindowMs !== undefined &&
    (!Number.isInteger(listenWindowMs) || listenWindowMs < 100 || listenWindowMs > 60_000)
  ) {
    throw new UsageError("--listen-window must be a whole number of ms between 100 and 60000");
  }
  const timeoutMs = timeoutOf(values);
  const failOn = values["fail-on"] ?? "must";
  if (failOn !== "must" && failOn !== "should") throw new UsageError("--fail-on must be must or should");

  const built = await checkTarget(values, timeoutMs);
  const { target, ctx, close } = built;
  const authorization = hooks.authorization === false ? undefined : built.authorization;
  const seen: Exchange[] = [];
  const send = bridgeCheckSend(
    target,
    ctx,
    (ex, label) => {
      seen.push(ex);
      hooks.onExchange?.(ex, label);
    },
    hooks.signal,
  );
  const report = await runChecks(
    { send, transport: targetTransport(target), label: targetLabel(target) },
    {
      toolCalls,
      only,
      // A server with app tools is judged on the MCP Apps rules too (AP01–AP15), so CI sees them.
      apps: true,
      skills: true, // a server that declares the Skills extension: S01–S07 too
      timeoutMs,
      listenWindowMs,
      emulate: emulationOf(values),
      authorization,
      onProgress: hooks.onProgress,
    },
  ).finally(close);
  const code = exitCodeOf(report, failOn);
  const finding = code === EXIT.unreachable ? unreachableFinding(seen) : undefined;
  const json = { ...toCliJson(report), ...(finding ? { unreachable: withoutSaid(finding) } : {}) };
  return { code, json, report, target, ...(finding ? { finding } : {}) };
}

export async function run(argv: string[]): Promise<number> {
  const values = checkValues(argv);
  if (!values) return 0;
  const reportPage = values["report-link"];
  if (reportPage !== undefined && !/^https?:\/\/[^\s#]+$/i.test(reportPage))
    throw new UsageError(
      `--report-link must be the http(s) URL of a playground page (e.g. http://127.0.0.1:3000/), not ${JSON.stringify(reportPage)}`,
    );
  const log = (line: string) => values.verbose && process.stderr.write(`${line}\n`);
  const { code, json, report, target, finding } = await checkRun(values, {
    onExchange: (ex, label) =>
      log(`  ${label ?? ex.sendId}: ${ex.outcome.kind}${ex.http ? ` (HTTP ${ex.http.status})` : ""}`),
    onProgress: (p) =>
      p.phase === "done" ? log(`${p.result.status.toUpperCase()} ${p.id} ${detailIn(p.result)}`) : log(`${p.id}…`),
  });
  if (values.junit) writeFileSync(userPath(values.junit), toJunit(report));
  if (values.badge) writeFileSync(userPath(values.badge), badgeSvg(report));
  process.stdout.write(values.json ? `${JSON.stringify(json, null, 2)}\n` : `${toText(report, cliT())}\n`);
  if (reportPage !== undefined) {
    // The run in a share link's #fragment: the playground at that address opens it offline, read-only.
    const fragment = (
      await encodeShareFragment({
        ...defaultShareState(),
        target,
        checks: sharedCheckRun(toCliJson(report), Date.now()),
      })
    ).fragment;
    const url = withFragment(reportPage, fragment);
    process.stderr.write(`Report link: ${url}\n`);
    if (values.badge) process.stderr.write(`README: [![MCP conformance](${values.badge})](${url})\n`);
  }
  if (finding) process.stderr.write(unreachableLines(finding));
  return code;
}

/** The unreachable finding for a person, in --lang (--json keeps the English finding). */
function unreachableLines(finding: UnreachableFinding): string {
  const t = cliT();
  const said = finding.said;
  const lines = [t("cli.unreachable", { detail: said ? say(said.detail, t) : finding.detail })];
  if (finding.advice)
    lines.push(t("doctor.text.whatToDo", { advice: said?.advice ? say(said.advice, t) : finding.advice }));
  return `${lines.join("\n")}\n`;
}

/** The finding as --json prints it: English only. */
function withoutSaid({ said: _said, ...finding }: UnreachableFinding): Omit<UnreachableFinding, "said"> {
  return finding;
}

/** The doctor's words for the probe's failed exchange (lib/doctor/diagnose.ts): what broke and what to do. */
export interface UnreachableFinding {
  detail: string;
  advice?: string;
  problem?: string;
  /** The same sentences as Msgs, for the human lines in --lang (left out of --json). */
  said?: { detail: Msg; advice?: Msg };
}

function unreachableFinding(exchanges: Exchange[]): UnreachableFinding | undefined {
  for (const [i, ex] of exchanges.slice(0, 2).entries()) {
    const f = diagnoseTransport(ex, i === 0 ? "connect" : "initialize");
    if (f)
      return {
        detail: f.detail,
        ...(f.advice ? { advice: f.advice } : {}),
        ...(f.problem ? { problem: f.problem } : {}),
        ...(f.detailMsg ? { said: { detail: f.detailMsg, ...(f.adviceMsg ? { advice: f.adviceMsg } : {}) } } : {}),
      };
  }
  const none = msg("cli.unreachableNone");
  return exchanges[0] ? { detail: say(none), said: { detail: none } } : undefined;
}
