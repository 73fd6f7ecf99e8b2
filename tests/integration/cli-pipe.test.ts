/**
 * Issue 44 item 1: the CLI's output is whole through a pipe whose reader is slower than the CLI. A pipe holds 64 KiB;
 * a CLI that exits while stdout still holds the rest of its report cuts `check … --json | jq` at 65,536 bytes.
 * The reader here takes the first chunk, then reads nothing more until the CLI has exited (or PACE_MS have passed: a CLI
 * that waits for its reader must not wait for ever), then reads to the end, as a busy `jq` or CI log collector would.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli";
import { FIXTURES, ROOT } from "./helpers";

/** Only a pace for the slow reader, never a verdict: a CLI that waits for its reader passes whatever the machine's speed. */
const PACE_MS = 1_000;
const PIPE_BYTES = 64 * 1024;

interface SlowPipeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The CLI with its stdout on a named pipe that this test reads by hand, with blocking reads: the first chunk (at most what a
 * pipe holds), then nothing until the CLI exited or PACE_MS passed, then to the end. Nothing reads ahead: a Node stream on
 * the pipe would keep reading into its own buffer while "paused".
 */
async function throughSlowPipe(args: string[], stdin?: string): Promise<SlowPipeRun> {
  const dir = mkdtempSync(path.join(tmpdir(), "cli-pipe-"));
  const fifo = path.join(dir, "stdout");
  execFileSync("mkfifo", [fifo]);
  // Opened for reading and writing first, so that neither open waits for the other end; the test keeps no writer.
  const writer = openSync(fifo, constants.O_RDWR);
  const reader = await open(fifo, constants.O_RDONLY);
  try {
    const child = spawn(process.execPath, [...cliArgs(), ...args], {
      cwd: ROOT,
      stdio: [stdin === undefined ? "ignore" : "pipe", writer, "pipe"],
    });
    closeSync(writer);
    child.stdin?.end(stdin);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const stderr = text(child.stderr!);
    const chunks: Buffer[] = [];
    const readOnce = async (): Promise<boolean> => {
      const { buffer, bytesRead } = await reader.read(Buffer.alloc(PIPE_BYTES), 0, PIPE_BYTES, null);
      if (bytesRead > 0) chunks.push(buffer.subarray(0, bytesRead));
      return bytesRead > 0;
    };
    if (await readOnce()) {
      let pace: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (pace = setTimeout(resolve, PACE_MS)))]);
      clearTimeout(pace);
      while (await readOnce());
    }
    return { code: await exited, stdout: Buffer.concat(chunks).toString("utf8"), stderr: await stderr };
  } finally {
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The output parses as JSON, and is bigger than a pipe holds (else this run proves nothing). */
function wholeJson(run: SlowPipeRun): unknown {
  expect(Buffer.byteLength(run.stdout)).toBeGreaterThan(PIPE_BYTES);
  try {
    return JSON.parse(run.stdout);
  } catch (e) {
    throw new Error(
      `the JSON through the pipe is cut (${Buffer.byteLength(run.stdout)} bytes; ends …${JSON.stringify(run.stdout.slice(-80))}): ${(e as Error).message}`,
    );
  }
}

/** A ping three pipes long: the exchange record that holds it is bigger than a pipe. */
const bigPing = () => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "p".repeat(200_000) } });

describe("the CLI's output through a pipe with a slow reader is whole", () => {
  it("check --demo calendar --http --json: the whole report parses (over 64 KiB, the pipe's size)", async () => {
    const run = await throughSlowPipe(["check", "--demo", "calendar", "--http", "--json"]);
    const report = wholeJson(run) as { checks?: unknown[] };
    expect(Array.isArray(report.checks)).toBe(true);
    expect([0, 1]).toContain(run.code);
  });

  it("send --stdio --json of a 200 KB frame: the whole exchange record parses, with the reply", async () => {
    const run = await throughSlowPipe(
      ["send", "--stdio", `${process.execPath} ${path.join(FIXTURES, "echo-pid.mjs")}`, "--frame", "-", "--json"],
      bigPing(),
    );
    const exchange = wholeJson(run) as { outcome?: { kind?: string } };
    expect(exchange.outcome?.kind).toBe("response");
    expect(run.code).toBe(0);
  });

  it("send --demo calendar --http --json of a 200 KB frame: the whole exchange record parses, with the reply", async () => {
    const run = await throughSlowPipe(["send", "--demo", "calendar", "--http", "--frame", "-", "--json"], bigPing());
    const exchange = wholeJson(run) as { outcome?: { kind?: string } };
    expect(exchange.outcome?.kind).toBe("response");
    expect(run.code).toBe(0);
  });
});
