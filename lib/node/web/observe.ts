/**
 * What a host expects to see of each bridge call, kept off the hot path:
 * - one JSON log line per call on stdout (route, target kind, outcome, status, duration), written after the
 *   reply is built; never a frame, a header value or a token. On in hosted mode, off in local mode unless
 *   PLAYGROUND_LOG=json (PLAYGROUND_LOG=off silences hosted mode).
 * - Prometheus metrics (prom-client) at GET /api/metrics: calls, durations, calls/sends in flight, the send
 *   queue, live child processes and 429s. Gauges are read when scraped, not kept up per call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { callsInFlight, isDraining } from "./lifecycle";

/** What a route learns about its call while it runs (set through noteCall). */
export interface CallNote {
  route: string;
  targetKind?: string;
  outcome?: string;
}

interface Metrics {
  registry: Registry;
  calls: Counter<"route" | "outcome">;
  duration: Histogram<"route">;
  rateLimited: Counter<"route">;
}

/** Live numbers other modules own, read at scrape time (registered by them to keep this module a leaf). */
export interface LiveGauges {
  sendsRunning?: () => number;
  sendsWaiting?: () => number;
  childProcesses?: () => number;
}

const callNotes = new AsyncLocalStorage<CallNote>();
const live: LiveGauges = {};

export function registerLiveGauges(gauges: LiveGauges): void {
  Object.assign(live, gauges);
}

function createMetrics(): Metrics {
  const registry = new Registry();
  // Node's own process metrics (CPU, memory, event-loop lag, handles), as every Node service exports them.
  collectDefaultMetrics({ register: registry });
  const prefix = "mcp_playground_";
  const calls = new Counter({
    name: `${prefix}calls_total`,
    help: "Bridge calls answered, by route and outcome",
    labelNames: ["route", "outcome"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}call_duration_seconds`,
    help: "Time from a bridge call's arrival to its reply (a listen stream: until it opened)",
    labelNames: ["route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: `${prefix}rate_limited_total`,
    help: "Calls refused with 429 (per-client limits)",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name: `${prefix}${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read() ?? 0);
      },
    });
  gauge(
    "requests_in_flight",
    "HTTP requests this instance is answering now (counted by the server until the reply is written)",
    callsInFlight,
  );
  gauge("sends_in_flight", "Sends holding one of the bridge's send slots now", () => live.sendsRunning?.());
  gauge("send_queue_length", "Sends waiting for a free send slot now", () => live.sendsWaiting?.());
  gauge("child_processes", "Child processes (stdio servers, lab instances) alive now", () => live.childProcesses?.());
  gauge("draining", "1 while the instance drains before exiting", () => (isDraining() ? 1 : 0));
  return { registry, calls, duration, rateLimited };
}

const metrics = createMetrics();

export function metricsText(): Promise<string> {
  return metrics.registry.metrics();
}

export const METRICS_CONTENT_TYPE = metrics.registry.contentType;

/** Adds what a route learned (target kind, failure kind) to the call being observed, if any. */
export function noteCall(note: Partial<Omit<CallNote, "route">>): void {
  const current = callNotes.getStore();
  if (current) Object.assign(current, note);
}

function logEnabled(): boolean {
  const setting = (process.env.PLAYGROUND_LOG ?? "").toLowerCase();
  if (setting === "off") return false;
  if (setting === "json") return true;
  // Hosted mode as lib/node/bridge/target-policy.ts reads it (any value but "" or "local"), without importing it.
  const mode = (process.env.PLAYGROUND_MODE ?? "").trim().toLowerCase();
  return mode !== "" && mode !== "local";
}

function finish(note: CallNote, status: number, startedAt: number): void {
  const seconds = (performance.now() - startedAt) / 1000;
  const outcome = note.outcome ?? (status < 400 ? "ok" : `http-${status}`);
  metrics.calls.inc({ route: note.route, outcome });
  metrics.duration.observe({ route: note.route }, seconds);
  if (status === 429) metrics.rateLimited.inc({ route: note.route });
  if (!logEnabled()) return;
  const line = {
    at: new Date().toISOString(),
    msg: "bridge call",
    route: note.route,
    targetKind: note.targetKind ?? null,
    outcome,
    status,
    ms: Math.round(seconds * 10_000) / 10,
  };
  // After the reply: the write never delays the caller.
  setImmediate(() => process.stdout.write(`${JSON.stringify(line)}\n`));
}

/** Wraps a route handler: times it, counts it by outcome and logs it. */
export function observed<Req, Rest extends unknown[], Res extends { status: number }>(
  route: string,
  handler: (req: Req, ...rest: Rest) => Promise<Res>,
): (req: Req, ...rest: Rest) => Promise<Res> {
  return async (req, ...rest) => {
    const note: CallNote = { route };
    const startedAt = performance.now();
    let status = 500;
    try {
      const res = await callNotes.run(note, () => handler(req, ...rest));
      status = res.status;
      return res;
    } finally {
      finish(note, status, startedAt);
    }
  };
}
