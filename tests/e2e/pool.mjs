// The e2e runner's workers. run.mjs is the coordinator: it forks itself once per worker (E2E_WORKER=<n>), and each
// worker starts its own app server and Chromium and runs the cases it is handed, one at a time, from one shared queue,
// so a slow case never holds up a fixed share of the others.
// Workers: E2E_WORKERS (default 1) at the start; SIGUSR2 to the coordinator adds one, up to E2E_MAX_WORKERS (default
// 2). `npm test` sends it when its other lane has finished, so a second worker only runs while a core is free
// (scripts/test-all.mjs).
// Each worker's processes carry a tier mark of their own beneath the run's (`<mark>/w<n>`): a worker's leftover check
// counts only its own processes, and whatever a dead worker left behind is found by that mark and ended.
import { fork } from "node:child_process";
import os from "node:os";
import { pidsMarkedAfter } from "../../scripts/run-tier.mjs";
import { TEST_TIER_ENV } from "../leftover-processes.mjs";

const WORKER_ENV = "E2E_WORKER";

// Listening from the start: a SIGUSR2 that comes before the queue exists, or after it has emptied, must not end the
// coordinator (a signal nobody listens for would).
let onWorkerWanted = () => {};
process.on("SIGUSR2", () => onWorkerWanted());

/** The workers alive now: an interrupted coordinator passes the signal on and waits for them (they end their servers). */
const workers = new Set();
function endWorkersOnSignal() {
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"])
    process.once(sig, () => {
      for (const w of workers) w.kill(sig);
      const exit = () => process.exit(128 + os.constants.signals[sig]);
      if (workers.size === 0) exit();
      for (const w of workers) w.once("exit", () => workers.size === 0 && exit());
    });
}

/** This process's worker number, or 0 for the coordinator. */
export const workerNumber = () => Number(process.env[WORKER_ENV] ?? 0);

const intFromEnv = (name, fallback) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * The coordinator: runs the cases named `names` (by index; a worker checks the name) on forked workers of `script`. `onResult({ ok, name, ms, message })`
 * is called as each case ends. Resolves with the failures that are not a case's own (a worker that died, cases that
 * never ran, processes a worker left).
 * @param {{ script: string, names: string[], onResult: (r: { ok: boolean, name: string, ms: number, message?: string }) => void }} run
 */
export function coordinate({ script, names, onResult }) {
  const count = names.length;
  const first = Math.min(intFromEnv("E2E_WORKERS", 1), count);
  const max = Math.max(first, intFromEnv("E2E_MAX_WORKERS", 2));
  const runMark = process.env[TEST_TIER_ENV] ?? `e2e@${process.pid}`;
  const queue = [...Array(count).keys()];
  const problems = [];
  let started = 0;

  return new Promise((resolve) => {
    const finish = async () => {
      onWorkerWanted = () => {};
      // A worker that died (or was killed) may have left its server or a stdio server: end them, and say so. What a
      // worker ended as it exited (its server, SIGKILLed) gets a moment to go first: it is not a leftover.
      const left = await pidsMarkedAfter(runMark, 2_000, { except: [process.pid] });
      for (const pid of left) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
      if (left.length > 0) problems.push(`${left.length} process(es) of a dead worker were still running: ended`);
      if (queue.length > 0) problems.push(`${queue.length} case(s) never ran: every worker had ended`);
      resolve(problems);
    };
    function addWorker() {
      if (started >= max || queue.length === 0) return;
      const n = ++started;
      console.log(`e2e worker ${n} starting (${queue.length} case(s) in the queue)`);
      const child = fork(script, [], {
        env: { ...process.env, [WORKER_ENV]: String(n), [TEST_TIER_ENV]: `${runMark}/w${n}` },
        stdio: "inherit",
      });
      workers.add(child);
      let current = null; // the case this worker is running
      const next = () => {
        current = queue.shift() ?? null;
        child.send(current === null ? { done: true } : { run: current, name: names[current] });
      };
      child.on("message", (m) => {
        if (m.ready) next();
        else if (m.result) {
          onResult(m.result);
          next();
        } else if (m.problem) problems.push(`worker ${n}: ${m.problem}`);
      });
      child.on("exit", (code, sig) => {
        workers.delete(child);
        if (current !== null) problems.push(`worker ${n} ended (${sig ?? code}) while running case ${current + 1}`);
        else if (code !== 0) problems.push(`worker ${n} ended with ${sig ?? code}`);
        if (workers.size === 0) finish();
      });
    }
    if (count === 0) return resolve(problems);
    endWorkersOnSignal();
    onWorkerWanted = addWorker;
    for (let i = 0; i < first; i++) addWorker();
  });
}

/**
 * A worker: `setUp()` once, then runs each case the coordinator sends with `runCase(index)` (which resolves with the
 * result to report), then `tearDown()` and exits. A set-up that throws is reported, and the worker takes no case.
 * @param {{ names: string[], setUp: () => Promise<void>, runCase: (index: number) => Promise<object>,
 *   tearDown: () => Promise<string[]> }} w
 */
export async function serveCases({ names, setUp, runCase, tearDown }) {
  // A coordinator that is gone (killed outright) leaves nobody to take results: end, which ends this worker's server
  // (scripts/local-app.mjs endWithThisProcess).
  process.once("disconnect", () => process.exit(1));
  const send = (m) => new Promise((resolve) => process.send(m, resolve));
  let ready = true;
  try {
    await setUp();
  } catch (e) {
    ready = false;
    await send({ problem: `could not start: ${e.message}` });
  }
  const done = new Promise((resolve) => {
    process.on("message", async (m) => {
      if (m.done) return resolve();
      // The same files and E2E_ONLY give the same list; a different one would run the wrong case under a name.
      const result =
        names[m.run] === m.name
          ? await runCase(m.run)
          : { ok: false, name: m.name, ms: 0, message: `worker's case ${m.run + 1} is "${names[m.run]}"` };
      await send({ result });
    });
  });
  if (ready) {
    await send({ ready: true });
    await done;
  }
  for (const problem of await tearDown()) await send({ problem });
  process.removeAllListeners("disconnect");
  process.disconnect();
}
