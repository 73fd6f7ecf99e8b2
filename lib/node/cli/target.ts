/**
 * Target flags shared by every CLI command (--stdio / --url / --demo …), turned into a bridge Target plus the
 * send context; and the cleanup every command relies on (no process outlives the CLI).
 */
import { DEMO_SERVERS, TargetSchema, type DemoServer, type Target } from "@/lib/bridge/contract";
import type { DemoHttpServer } from "@/lib/node/demo-servers/http";
import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";
import { SEND_DEFAULTS } from "@/lib/bridge/send-options";
import { send, type SendContext } from "@/lib/node/bridge/send";
import { cancellable } from "@/lib/node/bridge/cancellable";
import { targetTransport } from "@/lib/bridge/target";
import type { ProbeSend } from "@/lib/protocol/era";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { splitCommandLine } from "@/lib/bridge/command-line";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import type { CheckSend } from "@/lib/checks/types";
import type { CliCommand } from "./commands/command";
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * The folder the user ran the command from: `npm run cli` changes to the playground's folder, and npm keeps the
 * original in INIT_CWD. Relative paths the user typed (--stdio "node build/server.js", --cwd, --junit) mean that folder.
 */
export function callerDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
}

/** A path the user typed, resolved against the folder they ran the command from. */
export function userPath(p: string): string {
  return path.resolve(callerDir(), p);
}

export class UsageError extends Error {}

export const TARGET_USAGE = `target (exactly one):
  --stdio "<command line>" [--cwd <dir>] [--env NAME=value]…   spawn a stdio server (no shell is involved)
  --url <url> [--header "Name: value"]…                         a Streamable HTTP endpoint
  --demo <name> [--http]                                         an embedded demo server (stdio unless --http): ${DEMO_SERVERS.join(", ")}`;

export const TARGET_OPTIONS = {
  stdio: { type: "string" },
  url: { type: "string" },
  demo: { type: "string" },
  http: { type: "boolean", default: false },
  cwd: { type: "string" },
  env: { type: "string", multiple: true },
  header: { type: "string", multiple: true },
  timeout: { type: "string" },
} as const;

export interface TargetValues {
  stdio?: string;
  url?: string;
  demo?: string;
  http?: boolean;
  cwd?: string;
  env?: string[];
  header?: string[];
  timeout?: string;
}

let demoServer: DemoHttpServer | undefined;

function pairs(list: string[] | undefined, separator: string, what: string): Record<string, string> | undefined {
  if (!list || list.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const item of list) {
    const at = item.indexOf(separator);
    if (at <= 0) throw new UsageError(`${what} ${JSON.stringify(item)} must look like NAME${separator.trim()}value`);
    out[item.slice(0, at).trim()] = item.slice(at + separator.length).trim();
  }
  return out;
}

export async function buildTarget(values: TargetValues): Promise<{ target: Target; ctx: SendContext }> {
  const chosen = (["stdio", "url", "demo"] as const).filter((k) => values[k] !== undefined);
  if (chosen.length !== 1)
    throw new UsageError(
      chosen.length === 0
        ? "name a target: --stdio, --url or --demo"
        : `name one target, not ${chosen.map((k) => `--${k}`).join(" and ")}`,
    );
  let candidate: unknown;
  const ctx: SendContext = {};
  if (values.stdio !== undefined) {
    const split = splitCommandLine(values.stdio);
    if (!split.ok) throw new UsageError(`--stdio: ${split.error}`);
    const [command, ...args] = split.argv;
    // The server runs in the user's folder (or --cwd, relative to it), not in the playground's.
    const cwd = values.cwd ? userPath(values.cwd) : callerDir();
    candidate = { kind: "stdio", command, args, cwd, ...(values.env ? { env: pairs(values.env, "=", "--env") } : {}) };
  } else if (values.url !== undefined) {
    candidate = {
      kind: "http",
      url: values.url,
      ...(values.header ? { headers: pairs(values.header, ":", "--header") } : {}),
    };
  } else {
    const server = values.demo;
    if (!(DEMO_SERVERS as readonly string[]).includes(server ?? ""))
      throw new UsageError(`--demo must be one of ${DEMO_SERVERS.join(", ")}, not ${JSON.stringify(server)}`);
    candidate = { kind: "demo", server, transport: values.http ? "http" : "stdio" };
    if (server !== "everything" && values.http) {
      // An embedded server's HTTP endpoint normally lives inside the playground; here it gets its own loopback port.
      // Loaded only for --demo … --http: the embedded servers' SDK and HTTP stack are most of a start's CPU otherwise.
      const { startDemoHttpServer } = await import("@/lib/node/demo-servers/http");
      demoServer = await startDemoHttpServer(server as DemoServer);
      ctx.baseUrl = new URL(demoServer.url).origin;
    }
  }
  const parsed = TargetSchema.safeParse(candidate);
  if (!parsed.success)
    throw new UsageError(
      `bad target: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return { target: parsed.data, ctx };
}

export function timeoutOf(values: TargetValues): number {
  if (values.timeout === undefined) return SEND_DEFAULTS.timeoutMs;
  const ms = Number(values.timeout);
  if (!Number.isInteger(ms) || ms < SEND_TIMEOUT_MS.min || ms > SEND_TIMEOUT_MS.max)
    throw new UsageError(
      `--timeout must be a whole number of ms between ${SEND_TIMEOUT_MS.min} and ${SEND_TIMEOUT_MS.max}`,
    );
  return ms;
}

/** Ends every process and server the CLI started. */
export async function cleanupTargets(): Promise<void> {
  await shutdownAll();
  const server = demoServer;
  demoServer = undefined;
  await server?.close();
}

const ONE_TARGET_OPTIONS = {
  ...TARGET_OPTIONS,
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * The arguments of a command that judges one target (doctor, apps): the target options or one bare target (a URL is
 * an HTTP endpoint, anything else a command line), --json and --help. Null once the help is printed; a UsageError
 * for arguments it cannot read.
 */
export async function oneTargetOf(
  argv: string[],
  help: string,
): Promise<{ target: Target; ctx: SendContext; json: boolean; timeoutMs: number } | null> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: ONE_TARGET_OPTIONS, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(help);
    return null;
  }
  if (positionals.length > 1)
    throw new UsageError("give the target as one argument (quote a command line with arguments)");
  const [positional] = positionals;
  const targetValues =
    positional === undefined
      ? values
      : /^https?:\/\//i.test(positional)
        ? { ...values, url: positional }
        : { ...values, stdio: positional };
  const { target, ctx } = await buildTarget(targetValues);
  return { target, ctx, json: values.json, timeoutMs: timeoutOf(values) };
}

/** What a one-target command judges with: the parsed target, --json, the timeout, and the checks' send to it. */
export type OneTarget = NonNullable<Awaited<ReturnType<typeof oneTargetOf>>> & { check: CheckSend };

/**
 * A command that judges one target (doctor, apps): its usage line and help (the target options, then `exitCodes`)
 * are the same but for its name; `judge` gets the parsed target and returns the exit code.
 */
export function oneTargetCommand(name: string, exitCodes: string, judge: OneTargetJudge): CliCommand {
  const usage = `npm run cli -- ${name} (<command line or http(s) URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json] [--timeout <ms>]`;
  return {
    usage,
    async run(argv) {
      const one = await oneTargetOf(argv, `usage: ${usage}\n\n${TARGET_USAGE}\n\nexit codes: ${exitCodes}\n`);
      if (!one) return 0;
      const judged = await judge({ ...one, check: bridgeCheckSend(one.target, one.ctx) });
      if ("error" in judged) process.stderr.write(`${name}: ${judged.error}\n`);
      else process.stdout.write(`${one.json ? JSON.stringify(judged.json, null, 2) : judged.text()}\n`);
      return judged.code;
    },
  };
}

/**
 * What a one-target command found: the exit code, what --json prints and the human form (in --lang); or why it
 * could not judge. The CLI prints it; the MCP server's tools return it.
 */
export type OneTargetResult = { code: number; json: unknown; text: () => string } | { code: number; error: string };

export type OneTargetJudge = (one: OneTarget) => Promise<OneTargetResult>;

/**
 * The send a CLI command hands to a probe-driven routine (era probe, catalogue fetch, recording, replay): each frame
 * gets a fresh send id named after the command, and over HTTP the transport headers the probe chose go with it.
 */
export function probeSender(
  target: Target,
  ctx: SendContext,
  timeoutMs: number,
  command: string,
  processMode: "keep" | "fresh" = "keep",
  signal?: AbortSignal,
): ProbeSend {
  const overHttp = targetTransport(target) === "http";
  let n = 0;
  return (frame, extra) =>
    cancellable(signal, `cli-${command}-${++n}`, (sendId) =>
      send(
        {
          sendId,
          target,
          frame,
          insist: false,
          timeoutMs,
          processMode,
          ...(overHttp && extra?.headers ? { headers: extra.headers } : {}),
        },
        ctx,
      ),
    );
}
