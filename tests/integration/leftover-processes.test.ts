/**
 * The leftover-process check the vitest and e2e tiers end with (tests/leftover-processes.mjs), and the rule that a
 * detached app server ends with the runner that started it (scripts/local-app.mjs endWithThisProcess). Real processes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_TIER_ENV, processTable, thisTiersProcesses, watchProcesses } from "../leftover-processes.mjs";
import { isAlive, waitUntilGone } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const IDLE = "setInterval(() => {}, 1000)";
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0))
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* already gone */
    }
});

/** A detached process started the way the e2e harness starts the app: relative argv, working directory the checkout. */
function startDetached(env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(process.execPath, ["-e", IDLE, "dist-servers/server.mjs", "--port", "1"], {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
    env,
  });
  started.push(child.pid!);
  child.unref();
  return child;
}

describe("the leftover-process check", () => {
  it("counts a process started from the checkout with a relative argv (found by its working directory)", async () => {
    const watch = watchProcesses({ root: ROOT });
    const child = startDetached();
    await expect.poll(() => watch.leftovers().map((r) => r.pid)).toContain(child.pid);
  });

  it("does not count a process another tier marked (npm test runs tiers side by side)", async () => {
    const watch = watchProcesses({ root: ROOT });
    const mine = startDetached();
    const other = startDetached({ ...process.env, [TEST_TIER_ENV]: "another-tier" });
    await expect.poll(() => watch.leftovers().map((r) => r.pid)).toContain(mine.pid);
    expect(watch.leftovers().map((r) => r.pid)).not.toContain(other.pid);
  });

  it("lets a test that looks for its own servers see its tier's processes only (load.test, e2e lab)", async () => {
    const mine = startDetached();
    const other = startDetached({ ...process.env, [TEST_TIER_ENV]: "another-tier" });
    await expect.poll(() => thisTiersProcesses().map((r) => r.pid)).toContain(mine.pid);
    expect(processTable().map((r) => r.pid)).toContain(other.pid);
    expect(thisTiersProcesses().map((r) => r.pid)).not.toContain(other.pid);
  });

  it("counts a process by its nearest mark: an e2e worker's processes are the worker's, under the e2e tier's runner", async () => {
    // The e2e runner (mark "e2e-tier") forks a worker (mark "e2e-tier/w1") that starts a detached app server.
    const runner = spawn(
      process.execPath,
      [
        "-e",
        `const { spawn } = require("node:child_process");
         const worker = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}, "dist-servers/server.mjs"], {
           cwd: ${JSON.stringify(ROOT)}, stdio: "ignore", env: { ...process.env, ${TEST_TIER_ENV}: "e2e-tier/w1" } });
         console.log(worker.pid);
         ${IDLE}`,
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, [TEST_TIER_ENV]: "e2e-tier" } },
    );
    started.push(runner.pid!);
    const worker = Number(
      await new Promise<string>((resolve) => runner.stdout!.once("data", (d) => resolve(String(d)))),
    );
    started.push(worker);
    const tierBefore = process.env[TEST_TIER_ENV];
    process.env[TEST_TIER_ENV] = "e2e-tier/w1";
    try {
      await expect.poll(() => thisTiersProcesses().map((r) => r.pid)).toContain(worker);
      expect(thisTiersProcesses().map((r) => r.pid)).not.toContain(runner.pid);
    } finally {
      if (tierBefore === undefined) delete process.env[TEST_TIER_ENV];
      else process.env[TEST_TIER_ENV] = tierBefore;
    }
  });
});

describe("a detached app server ends with its runner", () => {
  it("even when the runner dies of an uncaught error", async () => {
    // The runner starts a detached child the way spawnApp does, prints its pid, then throws.
    const runner = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { spawn } from "node:child_process";
         import { endWithThisProcess } from ${JSON.stringify(path.join(ROOT, "scripts", "local-app.mjs"))};
         const child = spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { detached: true, stdio: "ignore" });
         endWithThisProcess(child);
         console.log(child.pid);
         setTimeout(() => { throw new Error("the runner crashes"); }, 50);`,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    runner.stdout!.on("data", (d) => (out += d));
    const code = await new Promise((resolve) => runner.on("exit", resolve));
    const server = Number(out.trim());
    started.push(server);
    expect(code).toBe(1);
    expect(Number.isInteger(server) && server > 0).toBe(true);
    expect(await waitUntilGone([server])).toEqual([]);
    expect(isAlive(server)).toBe(false);
  });
});
