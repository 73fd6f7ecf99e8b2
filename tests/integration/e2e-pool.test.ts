/**
 * The e2e runner's workers (tests/e2e/pool.mjs), driven through a browserless stand-in for run.mjs
 * (tests/fixtures/e2e-pool/run.mjs): every case runs exactly once whichever worker takes it, SIGUSR2 adds a worker up to
 * the cap, and a worker that dies is reported with the case it was running, the cases nobody ran, and the processes it
 * left, which are ended.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pidsMarkedAfter } from "../../scripts/run-tier.mjs";

const SCRIPT = "tests/fixtures/e2e-pool/run.mjs";
type Result = { ok: boolean; name: string; worker: number };

function runPool(cases: string[], env: Record<string, string>, onLine: (line: string, pid: number) => void = () => {}) {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, POOL_CASES: cases.join(","), PLAYGROUND_TEST_TIER: `pool-test@${process.pid}`, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const results: Result[] = [];
  let problems: string[] = [];
  let buffered = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("{")) results.push(JSON.parse(line));
      else if (line.startsWith("problems ")) problems = JSON.parse(line.slice("problems ".length));
      onLine(line, child.pid!);
    }
  });
  return new Promise<{ results: Result[]; problems: string[]; code: number | null }>((resolve) =>
    child.on("close", (code) => resolve({ results, problems, code })),
  );
}

describe("e2e worker pool", () => {
  it("runs every case exactly once across two workers, failures reported as results", async () => {
    const cases = ["slow-1", "slow-2", "a", "b", "fails-c", "d", "slow-3", "e"];
    const { results, problems, code } = await runPool(cases, { E2E_WORKERS: "2" });
    expect(code).toBe(0);
    expect(problems).toEqual([]);
    expect(results.map((r) => r.name).sort()).toEqual([...cases].sort());
    expect(results.filter((r) => !r.ok).map((r) => r.name)).toEqual(["fails-c"]);
    expect(new Set(results.map((r) => r.worker))).toEqual(new Set([1, 2]));
  });

  it("starts with one worker and adds a second on SIGUSR2, never more than E2E_MAX_WORKERS", async () => {
    // Ten seconds of cases on one worker: time enough for a second to start, even on a loaded machine.
    const cases = Array.from({ length: 10 }, (_, i) => `long-${i + 1}`);
    let signalled = 0;
    const { results, problems } = await runPool(cases, { E2E_WORKERS: "1", E2E_MAX_WORKERS: "2" }, (line, pid) => {
      // After the first result: ask twice; the cap keeps it to one more.
      if (line.startsWith("{") && signalled++ === 0) for (let i = 0; i < 2; i++) process.kill(pid, "SIGUSR2");
    });
    expect(problems).toEqual([]);
    expect(results).toHaveLength(cases.length);
    expect(results[0].worker).toBe(1);
    expect(new Set(results.map((r) => r.worker))).toEqual(new Set([1, 2]));
  });

  it("an interrupted coordinator passes the signal to its workers, which end their servers before it exits", async () => {
    let signalled = false;
    const { code } = await runPool(["hang-a", "hang-b"], { E2E_WORKERS: "2" }, (line, pid) => {
      // Both workers started and hold their server stand-ins; give them a moment to take a case.
      if (line.startsWith("e2e worker 2") && !signalled) {
        signalled = true;
        setTimeout(() => process.kill(pid, "SIGTERM"), 1_000);
      }
    });
    expect(code).toBe(143);
    // Ended means signalled and then gone: the kernel may take a moment to run a killed process's exit.
    expect(await pidsMarkedAfter(`pool-test@${process.pid}`, 5_000)).toEqual([]);
  });

  it("a worker that dies is named with its case; the cases left and its processes are reported, and its processes end", async () => {
    const { results, problems } = await runPool(["a", "crash-b", "c"], { E2E_WORKERS: "1" });
    expect(results.map((r) => r.name)).toEqual(["a"]);
    expect(problems).toEqual([
      "worker 1 ended (3) while running case 2",
      "1 process(es) of a dead worker were still running: ended",
      "1 case(s) never ran: every worker had ended",
    ]);
    // Ended means signalled and then gone: the kernel may take a moment to run a killed process's exit.
    expect(await pidsMarkedAfter(`pool-test@${process.pid}`, 5_000)).toEqual([]);
  });
});
