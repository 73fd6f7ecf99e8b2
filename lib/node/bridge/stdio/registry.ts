/**
 * The registry of stdio processes: the kept-up process per target key, every process the bridge started
 * (kept and fresh), and the host-exit hooks that end them all. Every StdioProcess is created through `track`, so the process module never imports this one;
 * `track` also tells the watchdog (./watchdog), which ends the children if the bridge dies without its hooks.
 */
import type { ProcessStatus } from "@/lib/bridge/contract";
import { LIMITS } from "../limits";
import { StdioProcess, type StdioSpec } from "./process";
import { forgetGroup, watchGroup } from "./watchdog";

interface Registry {
  kept: Map<string, StdioProcess>;
  all: Set<StdioProcess>;
  hooksInstalled: boolean;
}

const reg: Registry = { kept: new Map(), all: new Set(), hooksInstalled: false };

/** Asked at each SIGTERM/SIGINT: does a server drain first (and end the children itself)? None does until one says so. */
let drainsOnSignal: () => boolean = () => false;

/**
 * A server that drains on SIGTERM/SIGINT hands its drain signal in here (scripts/server.ts passes lib/node/web's
 * lifecycle `drainsOnSignal`): the registry then leaves the children to it. The bridge reads no web state itself.
 */
export function leaveChildrenToDrain(drains: () => boolean): void {
  drainsOnSignal = drains;
}

function registry(): Registry {
  if (!reg.hooksInstalled) {
    reg.hooksInstalled = true;
    installExitHooks();
  }
  return reg;
}

/** Starts tracking a new process until it has closed (so shutdownAll and the exit hooks reach it). */
export function track(proc: StdioProcess): StdioProcess {
  const all = registry().all;
  all.add(proc);
  const pid = proc.pid;
  if (pid !== undefined) watchGroup(pid, livePids);
  void proc.closed.then(() => {
    all.delete(proc);
    if (pid !== undefined) forgetGroup(pid);
  });
  return proc;
}

/**
 * No child outlives the host: SIGKILL on exit (no time for more), SIGTERM → SIGKILL on signals. A server that drains
 * (leaveChildrenToDrain) is left to end them itself after its calls in flight: ending them at the signal would
 * cut off the stdio calls the drain waits for. The exit hook and the watchdog still cover every other way out.
 */
function installExitHooks(): void {
  process.on("exit", () => {
    for (const proc of reg.all) if (proc.running) proc.signalGroup("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      if (signal !== "SIGHUP" && drainsOnSignal()) return;
      // If nobody else handles the signal (the CLI), re-raise it after cleanup so the default exit happens;
      // under Next its own handler exits the process and the exit hook above finishes the job.
      const othersHandle = process.listeners(signal).some((l) => l !== onSignal);
      void shutdownAll().finally(() => {
        if (!othersHandle) {
          process.removeListener(signal, onSignal);
          process.kill(process.pid, signal);
        }
      });
    };
    process.on(signal, onSignal);
  }
}

/** Ends every process the bridge started (kept and fresh). The CLI and tests call it before exiting. */
export async function shutdownAll(): Promise<void> {
  const reg = registry();
  const procs = [...reg.all];
  reg.kept.clear();
  await Promise.all(procs.map((p) => p.terminate(LIMITS.killGraceMs)));
}

/** pids of every process the bridge has alive right now (for tests and status pages). */
export function livePids(): number[] {
  return [...registry().all].filter((p) => p.running && p.pid !== undefined).map((p) => p.pid!);
}

export function keptProcess(key: string): StdioProcess | undefined {
  return registry().kept.get(key);
}

export type Acquired = { ok: true; proc: StdioProcess; spawned: boolean } | { ok: false; message: string };

/** The kept-up process for this target, spawning it when there is none or the last one ended. */
export function acquireKept(spec: StdioSpec, options?: { keepBacklog: boolean }): Acquired {
  const reg = registry();
  const existing = reg.kept.get(spec.key);
  if (existing && existing.exit === undefined && !existing.spawnError)
    return { ok: true, proc: existing, spawned: false };
  const running = [...reg.kept.values()].filter((p) => p.running).length;
  if (running >= LIMITS.maxKeptUpProcesses) {
    return {
      ok: false,
      message: `${LIMITS.maxKeptUpProcesses} processes are already kept up; close one (Process → Close) before starting another`,
    };
  }
  const proc = track(new StdioProcess(spec, options));
  if (existing) {
    // What the previous process said before it died (its exit, last stderr) belongs to the next exchange.
    proc.inheritBacklog(existing.takeBacklog());
  }
  reg.kept.set(spec.key, proc);
  return { ok: true, proc, spawned: true };
}

export function processStatus(key: string): ProcessStatus {
  return registry().kept.get(key)?.status() ?? { running: false, stderrTail: [] };
}

export async function closeProcess(key: string): Promise<ProcessStatus> {
  const reg = registry();
  const proc = reg.kept.get(key);
  if (!proc) return { running: false, stderrTail: [] };
  await proc.terminate(LIMITS.killGraceMs);
  reg.kept.delete(key);
  return proc.status();
}

export async function restartProcess(spec: StdioSpec): Promise<ProcessStatus> {
  await closeProcess(spec.key);
  const acquired = acquireKept(spec);
  if (!acquired.ok) return { running: false, stderrTail: [], spawnError: acquired.message };
  await acquired.proc.ready;
  return acquired.proc.status();
}
