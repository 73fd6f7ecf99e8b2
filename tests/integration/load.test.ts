/**
 * Load, bounded and loopback only: N concurrent sends through the app's bridge route to the embedded
 * calendar over HTTP (the route calls /api/demo/calendar on the same server), then M concurrent fresh-process
 * runs of the calendar over stdio. `npm test` uses a small size; `npm run bench` runs this file with
 * LOAD_SENDS=200 LOAD_FRESH=20 and reads the figures from LOAD_REPORT.
 *
 * Design under test: at most LIMITS.maxConcurrentSends (32) sends run at once; the rest wait in a FIFO queue
 * (up to LIMITS.maxQueuedSends) instead of being refused, so a burst larger than the cap still ends with zero
 * errors, and each queued exchange says how long it waited. No wall-clock assertions: times are reported.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { TOKEN_HEADER, type Exchange } from "@/lib/bridge/contract";
import { embeddedStdioArgv } from "@/lib/node/bridge/embedded";
import { LIMITS } from "@/lib/node/bridge/limits";
import { sendLoad } from "@/lib/node/bridge/send";
import { thisTiersProcesses } from "../leftover-processes.mjs";
import { appRoutesForFile } from "./app-routes";
import { ENVELOPE, ROOT, endAllAndAssertNoneAlive, isAlive, recordPids, request } from "./helpers";

// 100: a burst that outruns the 32 slots even when each call opens its own connection (app-routes.ts).
const SENDS = Number(process.env.LOAD_SENDS ?? 100);
const FRESH = Number(process.env.LOAD_FRESH ?? 5);
const TOKEN = "load-test-token";
const report: Record<string, unknown> = {
  sends: SENDS,
  freshRuns: FRESH,
  maxConcurrentSends: LIMITS.maxConcurrentSends,
};

const app = appRoutesForFile(TOKEN, async () => {
  await endAllAndAssertNoneAlive();
  if (process.env.LOAD_REPORT) writeFileSync(process.env.LOAD_REPORT, JSON.stringify(report, null, 2));
  console.log(`load: ${JSON.stringify(report)}`);
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (n: number) => Math.round(n * 10) / 10;

async function timedSend(body: object): Promise<{ ms: number; status: number; exchange?: Exchange; message?: string }> {
  const t0 = performance.now();
  const { status, json } = await app.post("/api/bridge/send", body, { [TOKEN_HEADER]: TOKEN });
  const ms = performance.now() - t0;
  return json.ok ? { ms, status, exchange: json.value as Exchange } : { ms, status, message: json.message };
}

/**
 * Processes from this checkout running the given script, read from the process table: this tier's only (`npm test`
 * runs the e2e tier beside vitest, and its app starts the same calendar).
 */
function runningFromProcessTable(script: string): string[] {
  return thisTiersProcesses()
    .filter((r) => r.args.includes(`${ROOT}/${script}`) && !r.stat.startsWith("Z"))
    .map((r) => `${r.pid} ${r.stat} ${r.args}`);
}

describe(`load: ${SENDS} concurrent sends, ${FRESH} concurrent fresh processes`, () => {
  it(`${SENDS} concurrent sends to the embedded HTTP calendar all succeed; at most ${LIMITS.maxConcurrentSends} run at once, the rest queue`, async () => {
    const frame = JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE }));
    const target = { kind: "demo", server: "calendar", transport: "http" };
    // Warm the route and the demo handler so the first sends do not measure module loading.
    await timedSend({ sendId: "warm", target, frame });
    let peakRunning = 0;
    const sampler = setInterval(() => (peakRunning = Math.max(peakRunning, sendLoad().running)), 1);
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: SENDS }, (_, i) => timedSend({ sendId: `load-${i}`, target, frame })),
    );
    const wallMs = performance.now() - t0;
    clearInterval(sampler);

    const errors = results.filter((r) => !r.exchange || r.exchange.outcome.kind !== "response");
    const queued = results.filter((r) =>
      r.exchange?.events.some((e) => e.kind === "note" && /^waited \d+ ms for a free bridge slot/.test(e.text)),
    ).length;
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    report.http = {
      wallMs: round(wallMs),
      throughputPerSecond: round((SENDS / wallMs) * 1000),
      p50Ms: round(percentile(ms, 50)),
      p99Ms: round(percentile(ms, 99)),
      maxMs: round(ms.at(-1)!),
      errors: errors.length,
      queued,
      peakRunning,
    };
    expect(errors.map((r) => r.message ?? r.exchange?.outcome)).toEqual([]);
    expect(peakRunning).toBeLessThanOrEqual(LIMITS.maxConcurrentSends);
    if (SENDS > LIMITS.maxConcurrentSends) expect(queued).toBeGreaterThan(0);
    expect(sendLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it(`${FRESH} concurrent fresh-process runs all answer, each in its own process, and leave no process`, async () => {
    const frame = JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE }));
    const target = { kind: "demo", server: "calendar", transport: "stdio" };
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: FRESH }, (_, i) =>
        timedSend({ sendId: `fresh-${i}`, target, frame, processMode: "fresh", timeoutMs: 30_000 }),
      ),
    );
    const wallMs = performance.now() - t0;
    results.forEach((r) => r.exchange && recordPids(r.exchange));

    const errors = results.filter((r) => !r.exchange || r.exchange.outcome.kind !== "response");
    const pids = results.map((r) => r.exchange?.process?.pid).filter((p): p is number => p !== undefined);
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const spawnToFirstByte = results.map((r) => r.exchange?.process?.spawnToFirstByteMs ?? NaN).sort((a, b) => a - b);
    // The calendar's command line as the bridge spawns it (its startup snapshot, or its bundle).
    const leftover = runningFromProcessTable(path.relative(ROOT, embeddedStdioArgv("calendar").at(-1)!));
    report.fresh = {
      wallMs: round(wallMs),
      p50Ms: round(percentile(ms, 50)),
      p99Ms: round(percentile(ms, 99)),
      spawnToFirstByteP50Ms: round(percentile(spawnToFirstByte, 50)),
      errors: errors.length,
      distinctPids: new Set(pids).size,
      leftoverProcesses: leftover.length,
    };
    expect(errors.map((r) => r.message ?? r.exchange?.outcome)).toEqual([]);
    expect(new Set(pids).size).toBe(FRESH);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(leftover).toEqual([]);
  });
});
