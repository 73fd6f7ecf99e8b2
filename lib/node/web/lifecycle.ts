/**
 * The instance's life as a load balancer sees it: starting → ready → draining. `GET /api/ready` answers 503
 * unless ready; `GET /api/health` answers 200 while the process is alive. On SIGTERM (scripts/server.ts) the
 * instance turns not-ready at once, keeps serving for DRAIN.graceMs so balancers stop routing to it, stops
 * accepting connections, waits (at most DRAIN.timeoutMs) for the calls in flight, ends its children, exits 0. The same
 * signal again soon after (npm passing on a stop sent to the whole group) changes nothing; later, it exits at once.
 * The Kubernetes manifests' terminationGracePeriodSeconds is checked against these numbers by a test.
 */

export type Phase = "starting" | "ready" | "draining";

/**
 * Milliseconds; each can be overridden by the environment (PLAYGROUND_DRAIN_GRACE_MS, PLAYGROUND_DRAIN_TIMEOUT_MS,
 * PLAYGROUND_DRAIN_REPEAT_MS).
 */
export const DRAIN = {
  /**
   * How long a draining hosted instance keeps serving while balancers notice it is not ready (the manifests'
   * readiness probe: every 2 s, one failure). Local mode has no balancer: Ctrl+C goes straight to the wait.
   */
  graceMs: 5_000,
  /** How long it waits for calls in flight after it stopped accepting connections (a send's own timeout is 10 s). */
  timeoutMs: 20_000,
  /**
   * A stop sent to the whole process group (Ctrl+C in a terminal, systemd's default, `kill -- -PGID`) reaches the server
   * twice: from the sender and from npm, which passes it on. A signal this soon after the first is that same stop and the
   * drain goes on; one after it (a deliberate second Ctrl+C) exits at once.
   */
  repeatWindowMs: 3_000,
} as const;

function envMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** What a SIGTERM/SIGINT does: start the drain, or (drainingSince set) go on with it or exit at once (DRAIN.repeatWindowMs). */
export type StopSignalAction = "drain" | "same-stop" | "exit-now";

export function stopSignalAction(drainingSince: number | null, now: number): StopSignalAction {
  if (drainingSince === null) return "drain";
  return now - drainingSince < envMs("PLAYGROUND_DRAIN_REPEAT_MS", DRAIN.repeatWindowMs) ? "same-stop" : "exit-now";
}

export function drainSettings(hosted: boolean): { graceMs: number; timeoutMs: number } {
  return {
    graceMs: envMs("PLAYGROUND_DRAIN_GRACE_MS", hosted ? DRAIN.graceMs : 0),
    timeoutMs: envMs("PLAYGROUND_DRAIN_TIMEOUT_MS", DRAIN.timeoutMs),
  };
}

interface LifeState {
  phase: Phase;
  inFlight: number;
  idleWaiters: (() => void)[];
  /** Set by markStarting: this process's server drains on SIGTERM/SIGINT and ends its children after the drain. */
  drainsOnSignal?: boolean;
}

// A process that never calls markStarting (the CLI, tests) is ready from the start.
const life: LifeState = { phase: "ready", inFlight: 0, idleWaiters: [] };

export function phase(): Phase {
  return life.phase;
}

/**
 * Called by a server that reports its readiness (scripts/server.ts). Such a server also owns SIGTERM/SIGINT: it drains
 * and then ends the processes the bridge started, so the stdio registry's signal hooks leave them to it.
 */
export function markStarting(): void {
  life.phase = "starting";
  life.drainsOnSignal = true;
}

/** True when a server drains on signals (markStarting ran): the calls in flight finish before any child is ended. */
export function drainsOnSignal(): boolean {
  return life.drainsOnSignal === true;
}

export function markReady(): void {
  if (life.phase !== "draining") life.phase = "ready";
}

/** Not ready from now on; there is no way back (the process is about to exit). */
export function beginDrain(): void {
  life.phase = "draining";
}

export function isDraining(): boolean {
  return life.phase === "draining";
}

/**
 * HTTP requests being answered right now, counted by the server's front door (app.ts) from arrival until the reply is fully
 * written (a drain that stopped at "handler returned" would cut a long reply off mid-body).
 */
export function callsInFlight(): number {
  return life.inFlight;
}

export function callStarted(): void {
  life.inFlight++;
}

export function callEnded(): void {
  life.inFlight = Math.max(0, life.inFlight - 1);
  if (life.inFlight === 0) for (const wake of life.idleWaiters.splice(0)) wake();
}

/** Resolves true when no call is in flight, false when timeoutMs passed first. */
export function whenIdle(timeoutMs: number): Promise<boolean> {
  if (life.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      const at = life.idleWaiters.indexOf(wake);
      if (at !== -1) life.idleWaiters.splice(at, 1);
      resolve(false);
    }, timeoutMs);
    life.idleWaiters.push(wake);
  });
}

/** The bodies of the two probe routes: nothing about targets, clients or the build. */
export function healthBody(): { status: "alive" } {
  return { status: "alive" };
}

export function readiness(): { status: number; body: { status: Phase } } {
  return { status: life.phase === "ready" ? 200 : 503, body: { status: life.phase } };
}
