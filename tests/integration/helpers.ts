/**
 * Shared by the integration tests: send through the real bridge (no HTTP in between), remember every pid
 * the bridge started, and prove at the end of a file that none of them is still alive.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect } from "vitest";
import {
  SendRequestSchema,
  type DemoServer,
  type Exchange,
  type SendRequest,
  type Target,
  type WireEvent,
} from "@/lib/bridge/contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { send, type SendContext } from "@/lib/node/bridge/send";
import { livePids, shutdownAll } from "@/lib/node/bridge/stdio";
import { receivedFrames } from "@/lib/protocol/exchange";

export const ROOT = path.resolve(__dirname, "..", "..");
export const FIXTURES = path.join(ROOT, "tests", "fixtures");

export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "mcp-playground-tests", version: "0.0.0" },
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};

/** The events of one kind, typed as that kind. */
export const ofKind = <K extends WireEvent["kind"]>(events: WireEvent[], kind: K) =>
  events.filter((e): e is Extract<WireEvent, { kind: K }> => e.kind === kind);

const seenPids = new Set<number>();
let counter = 0;

export function fixture(name: string, ...args: string[]): Target {
  return { kind: "stdio", command: process.execPath, args: [path.join(FIXTURES, name), ...args] };
}

export function trackPid(pid: number | undefined): void {
  if (pid !== undefined) seenPids.add(pid);
}

export function nextSendId(): string {
  return `it-${process.pid}-${++counter}`;
}

export async function sendFrame(
  target: Target,
  frame: string | object,
  extra: Partial<SendRequest> = {},
  ctx: SendContext = {},
): Promise<Exchange> {
  const request = SendRequestSchema.parse({
    sendId: nextSendId(),
    target,
    frame: typeof frame === "string" ? frame : JSON.stringify(frame),
    ...extra,
  });
  // A replay answers from the gallery's recordings, which the host installs in the server (lib/node/host/app.ts).
  if (request.target.kind === "replay") (await import("@/lib/node/cassette/replays")).installGalleryReplays();
  const exchange = await send(request, ctx);
  recordPids(exchange);
  return exchange;
}

export function recordPids(exchange: Exchange): void {
  trackPid(exchange.process?.pid);
  for (const event of exchange.events) if (event.kind === "spawn") trackPid(event.pid);
  for (const frame of receivedFrames(exchange)) {
    const result = (frame as { result?: { pid?: unknown; childPid?: unknown } }).result;
    if (typeof result?.pid === "number") trackPid(result.pid);
    if (typeof result?.childPid === "number") trackPid(result.childPid);
  }
}

/** The pid still takes signal 0 (a zombie does too: the stricter check, for a process this test must have reaped). */
export function answersSignal(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Alive = exists and is not a zombie (a reparented grandchild may linger as one if PID 1 does not reap). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === "EPERM";
    }
  }
}

export async function waitUntilGone(pids: number[], ms = 3_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    alive = alive.filter(isAlive);
  }
  return alive;
}

/** afterAll of every integration file: end what the bridge started, then prove nothing survived. */
export async function endAllAndAssertNoneAlive(): Promise<void> {
  await shutdownAll();
  expect(livePids(), "the bridge still counts live processes").toEqual([]);
  const pids = [...seenPids];
  expect(pids.length).toBeGreaterThan(0);
  expect(await waitUntilGone(pids), "processes still alive after shutdown").toEqual([]);
}

/**
 * An embedded demo over Streamable HTTP for a whole test file: started before its tests, closed after them, then
 * every process the file started is proven ended. `baseUrl` (its origin) is what a send's context needs.
 */
export function demoHttpForFile(server: DemoServer): { readonly baseUrl: string } {
  let demo: DemoHttpServer | undefined;
  beforeAll(async () => {
    demo = await startDemoHttpServer(server);
  });
  afterAll(async () => {
    await demo?.close();
    await endAllAndAssertNoneAlive();
  });
  return {
    get baseUrl() {
      if (!demo) throw new Error("the demo server starts in beforeAll");
      return new URL(demo.url).origin;
    },
  };
}

export function request(
  id: number | string,
  method: string,
  params?: Record<string, unknown>,
): Record<string, unknown> {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

export interface MemorySample {
  heapUsedMiB: number;
  /** Buffers outside the JS heap (chunks of replies, lines). */
  arrayBuffersMiB: number;
  rssMiB: number;
}

/** Memory after a full garbage collection (gc is exposed at run time, no flag needed on the command line). */
export function memoryAfterGc(): MemorySample {
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return { heapUsedMiB: mib(m.heapUsed), arrayBuffersMiB: mib(m.arrayBuffers), rssMiB: mib(m.rss) };
}

/**
 * Call in beforeAll; the returned check (call in afterAll) asserts that the heap and buffers are back near
 * where they started once everything hostile has been sent, and logs the figures for the report.
 */
export function trackMemory(label: string, allowedGrowthMiB = 8): () => MemorySample {
  const start = memoryAfterGc();
  return () => {
    const end = memoryAfterGc();
    console.log(`memory ${label}: start ${JSON.stringify(start)} end ${JSON.stringify(end)}`);
    expect(end.heapUsedMiB - start.heapUsedMiB, "heap growth (MiB) after GC").toBeLessThan(allowedGrowthMiB);
    expect(end.arrayBuffersMiB - start.arrayBuffersMiB, "buffer growth (MiB) after GC").toBeLessThan(allowedGrowthMiB);
    return end;
  };
}
