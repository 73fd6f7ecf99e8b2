/**
 * vitest globalSetup: after the whole suite, read the process table and fail the run if any process started from
 * this checkout is still there — a server, a fixture, or something a fixture forked (tests/leftover-processes.mjs
 * says how a process is told to be ours). vitest's own workers are not counted.
 */
import { describeLeftovers, watchProcesses } from "./leftover-processes.mjs";

export default function setup(): () => Promise<void> {
  const root = process.cwd();
  const watch = watchProcesses({ root, ignore: /vitest|tinypool|\bps -eo\b/ });
  return async function teardown() {
    // The last SIGKILLs need a moment to be reaped: poll briefly rather than guess a pause.
    const leftovers = await watch.settle(2_000);
    if (leftovers.length > 0) {
      process.exitCode = 1; // vitest reports a teardown error but would still exit 0
      throw new Error(`${describeLeftovers(leftovers)}\n(after the vitest suite)`);
    }
    console.log(`process table after the suite: 0 processes left from ${root}`);
  };
}
