/**
 * Standalone Streamable HTTP instances of an embedded server (dist-servers/http.mjs), started for one lab run
 * and ended with it. Each is its own process group on a free 127.0.0.1 port; stop() kills the group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { existsSync } from "node:fs";
import { repoRoot } from "@/lib/node/bridge/demo";
import { LAB_LIMITS } from "@/lib/lab/conditions";
import { minimalEnv } from "@/lib/node/bridge/stdio";

export interface HttpInstance {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 5_000;

/** HTTP instances running (or starting) for every lab run of this process together. */
const live = { running: 0 };

export function runningHttpInstances(): number {
  return live.running;
}

export interface InstanceSlots {
  /** Hands one reserved slot to a process (startHttpInstance); false when none is left. */
  take(): boolean;
  /** Gives back the slots no process took. */
  free(): void;
}

/**
 * Claims `count` of the LAB_LIMITS.maxProcessesAtOnce instance slots at once (all or none, so two runs cannot each
 * hold half of what they need), or says why not.
 */
export function reserveHttpInstances(
  count: number,
): { ok: true; slots: InstanceSlots } | { ok: false; message: string } {
  const max = LAB_LIMITS.maxProcessesAtOnce;
  if (live.running + count > max) {
    return {
      ok: false,
      message: `the lab runs at most ${max} HTTP instances at once across all runs, and ${live.running} are running; this column needs ${count}: run it again when another run has ended`,
    };
  }
  live.running += count;
  let left = count;
  return {
    ok: true,
    slots: {
      take: () => (left > 0 ? (left--, true) : false),
      free: () => {
        live.running -= left;
        left = 0;
      },
    },
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Starts one instance in one of `slots`; the slot is given back once the process is gone. */
export function startHttpInstance(server: string, slots: InstanceSlots): Promise<HttpInstance> {
  const entry = path.join(repoRoot(), "dist-servers", "http.mjs");
  if (!existsSync(entry))
    return Promise.reject(new Error(`${entry} is missing: run \`node scripts/build-servers.mjs\``));
  if (!slots.take()) return Promise.reject(new Error(`no lab instance slot was reserved for this ${server} instance`));
  const child = spawn(process.execPath, [entry, server, "0"], {
    env: minimalEnv() as NodeJS.ProcessEnv,
    stdio: ["pipe", "ignore", "pipe"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The slot counts the process, not the run: it is free only once the process is gone (or never started).
  let counted = true;
  const giveBack = () => {
    if (counted) live.running -= 1;
    counted = false;
  };
  child.once("exit", giveBack);
  child.once("error", giveBack);
  const stop = async () => {
    child.stdin?.end();
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 1_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(
          `the ${server} HTTP instance did not report its URL within ${START_TIMEOUT_MS} ms; stderr: ${stderr.slice(-300)}`,
        ),
      );
    }, START_TIMEOUT_MS);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`could not start the ${server} HTTP instance: ${e.message}`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the ${server} HTTP instance exited at start (code ${code}, signal ${signal}); stderr: ${stderr.slice(-300)}`,
        ),
      );
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match && child.pid !== undefined) {
        clearTimeout(timer);
        resolve({ pid: child.pid, url: match[1], stop });
      }
    });
  });
}
