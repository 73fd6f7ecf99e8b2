/**
 * The CLI as a user runs it (node --import tsx lib/node/cli/main.ts …): chapter-style output, exit codes, and no
 * process left behind — also when it is interrupted.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pidsWithArg, runCli, type CliRun } from "../helpers/cli";
import { FIXTURES, waitUntilGone } from "./helpers";

const cli = (args: string[], onSpawn?: (pid: number) => void) => runCli(args, { onSpawn });

/** pids the CLI reported starting ("spawned pid N", "started server-everything … (pid N)"). */
function reportedPids(output: string): number[] {
  return [...output.matchAll(/(?:spawned pid |\(pid )(\d+)/g)].map((m) => Number(m[1]));
}

const echoPid = path.join(FIXTURES, "echo-pid.mjs");
/** `send` of a ping to the echo-pid fixture over stdio, with `flags` after. */
const pingEchoPid = (...flags: string[]) =>
  cli([
    "send",
    "--stdio",
    `${process.execPath} ${echoPid}`,
    "--frame",
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    ...flags,
  ]);

/** The probe's last line names the legacy era, and the one server it reported starting is gone. */
async function expectLegacyVerdictAndServerEnded(run: CliRun): Promise<void> {
  expect(run.stdout).toMatch(/verdict: legacy \(2025-11-25\)/);
  const pids = reportedPids(run.stdout);
  expect(pids).toHaveLength(1);
  expect(await waitUntilGone(pids)).toEqual([]);
}

describe("npm run cli -- probe", () => {
  it("probe --demo everything shows -32601, then initialize answered 2025-11-25, and ends the server", async () => {
    const run = await cli(["probe", "--demo", "everything"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("→ server/discover");
    expect(run.stdout).toContain("← error -32601 Method not found");
    expect(run.stdout).toMatch(/→ initialize \{"protocolVersion":"2026-07-28"/);
    expect(run.stdout).toMatch(/← \{"protocolVersion":"2025-11-25"/);
    await expectLegacyVerdictAndServerEnded(run);
  });

  it("probe --demo everything --http takes the HTTP path (400 Server not initialized) and ends the server", async () => {
    const run = await cli(["probe", "--demo", "everything", "--http"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("HTTP 400 Bad Request");
    expect(run.stdout).toContain("SSE priming event");
    expect(run.stdout).toMatch(/Mcp-Session-Id: [0-9a-f-]{36}/);
    await expectLegacyVerdictAndServerEnded(run);
  });

  it("probe --demo calendar --json prints the modern verdict as JSON", async () => {
    const run = await cli(["probe", "--demo", "calendar", "--json"]);
    expect(run.code).toBe(0);
    const verdict = JSON.parse(run.stdout);
    expect(verdict).toMatchObject({ era: "modern", version: "2026-07-28" });
    expect(verdict.steps[0].exchange.transport).toBe("stdio");
  });
});

describe("npm run cli -- send", () => {
  it("send --stdio delivers the frame and prints the chapter-style trace", async () => {
    const run = await pingEchoPid();
    expect(run.code).toBe(0);
    const [pid] = reportedPids(run.stdout);
    expect(run.stdout).toContain("→ ping");
    expect(run.stdout).toContain(`← {"pid":${pid}}`);
    expect(await waitUntilGone([pid])).toEqual([]);
  });

  it("send --json prints the exchange record as stored: the reply once, in the stdout line outcome.at names", async () => {
    const run = await pingEchoPid("--json");
    expect(run.code).toBe(0);
    const exchange = JSON.parse(run.stdout);
    expect(exchange.events.map((e: { kind: string }) => e.kind)).toEqual(["spawn", "stdin", "stdout"]);
    expect(exchange.outcome).toEqual({ kind: "response", at: 2 });
    expect(exchange.received).toEqual([2]);
    expect(JSON.parse(exchange.events[2].text)).toMatchObject({ id: 1, result: { pid: expect.any(Number) } });
    expect(run.stdout.split('\\"pid\\"').length - 1).toBe(1);
  });

  it("a failed exchange exits 1 and names the failure", async () => {
    const run = await cli([
      "send",
      "--stdio",
      "definitely-not-a-command-4242",
      "--frame",
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ spawn: could not start `definitely-not-a-command-4242`/);
  });

  it("a usage error exits 2 with a one-line message", async () => {
    const run = await cli(["send", "--frame", "{}"]);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("error: name a target: --stdio, --url or --demo");
  });

  it("an interrupted CLI (Ctrl-C) still ends the server it started", async () => {
    const marker = `cli-sigint-${process.pid}-${Date.now()}`;
    let cliPid = 0;
    const running = cli(
      [
        "send",
        "--stdio",
        `${process.execPath} ${echoPid} ${marker}`,
        "--frame",
        '{"jsonrpc":"2.0","id":1,"method":"slow"}',
        "--timeout",
        "60000",
      ],
      (pid) => (cliPid = pid),
    );
    let server: number[] = [];
    for (let i = 0; i < 200 && server.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      server = pidsWithArg(marker);
    }
    expect(server).toHaveLength(1);
    process.kill(cliPid, "SIGINT");
    const run = await running;
    expect(run.signal).toBe("SIGINT");
    expect(await waitUntilGone(server)).toEqual([]);
  });
});
