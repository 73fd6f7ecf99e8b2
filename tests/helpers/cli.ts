/**
 * `npm run cli -- …` as a user runs it (lib/node/cli/main.ts as a process, from the repo root), for the tests that
 * check its output and exit codes, and the process-table look-up they use to prove nothing was left behind.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Where vitest's global setup put the CLI bundled once (tests/helpers/cli-bundle.global.ts). */
export const CLI_BUNDLE_ENV = "PLAYGROUND_TEST_CLI_BUNDLE";

/**
 * node's arguments that start the CLI: the bundle the global setup built, else `npm run cli`'s (scripts/cli.mjs,
 * rebuilt when a source changed). Both come from scripts/build-cli.mjs, as the installed package's does.
 */
export function cliArgs(): string[] {
  const bundle = process.env[CLI_BUNDLE_ENV];
  return bundle ? [bundle] : ["scripts/cli.mjs"];
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end. With `stdin` the CLI reads that text, then end of input; without, stdin is closed. */
export function runCli(
  args: string[],
  options: { stdin?: string; onSpawn?: (pid: number) => void; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const stdin = options.stdin === undefined ? "ignore" : "pipe";
    const child = spawn(process.execPath, [...cliArgs(), ...args], {
      cwd: ROOT,
      stdio: [stdin, "pipe", "pipe"],
      ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (c) => (stdout += c));
    child.stderr!.on("data", (c) => (stderr += c));
    child.stdin?.end(options.stdin);
    if (child.pid) options.onSpawn?.(child.pid);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The same, synchronously, killed after `timeoutMs`. */
export function runCliSync(args: string[], timeoutMs: number): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...cliArgs(), ...args], { cwd: ROOT, encoding: "utf8", timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Processes whose argv holds `marker` as one argument (a fixture ignores an extra argument; it only tags the process). */
export function pidsWithArg(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(marker)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}
