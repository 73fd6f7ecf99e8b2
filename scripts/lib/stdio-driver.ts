/**
 * A small raw stdio driver that records bridge-shaped Exchange records (lib/bridge/contract.ts), used by
 * scripts/record-examples.mjs and the share integration tests until lib/bridge/server/send.ts is on main.
 * It writes one line per frame, reads stdout line by line, and ends every process it started (by pid).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { Exchange, Target, WireEvent } from "../../lib/bridge/contract";
import { targetLabel } from "../../lib/bridge/contract";

export interface Spawnable {
  argv: string[];
  cwd?: string;
  env?: Record<string, string>;
}

interface Live {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  spawnedAt: number;
  onStdout: (line: string) => void;
  onStderr: (line: string) => void;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

function lines(stream: NodeJS.ReadableStream, each: (line: string) => void) {
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      each(buffer.slice(0, nl).replace(/\r$/, ""));
      buffer = buffer.slice(nl + 1);
    }
  });
}

function start(spec: Spawnable): Live {
  const [command, ...args] = spec.argv;
  const child = spawn(command, args, { cwd: spec.cwd, env: { ...process.env, ...spec.env }, stdio: ["pipe", "pipe", "pipe"] });
  const live: Live = {
    child,
    pid: child.pid ?? -1,
    spawnedAt: performance.now(),
    onStdout: () => {},
    onStderr: () => {},
    exited: new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal }))),
  };
  lines(child.stdout, (l) => live.onStdout(l));
  lines(child.stderr, (l) => live.onStderr(l));
  return live;
}

function idOf(text: string): { hasId: boolean; id?: unknown } {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    return v && typeof v === "object" && "id" in v ? { hasId: true, id: v.id } : { hasId: false };
  } catch {
    return { hasId: false };
  }
}

export class StdioDriver {
  private live?: Live;
  private counter = 0;
  constructor(
    private readonly target: Target,
    private readonly spec: Spawnable,
    /** argv as the exchange should show it (e.g. relative paths instead of this machine's). */
    private readonly shownArgv: string[] = spec.argv,
  ) {}

  async send(frameText: string, opts: { fresh?: boolean; timeoutMs?: number } = {}): Promise<Exchange> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const began = performance.now();
    const startedAt = Date.now();
    const events: WireEvent[] = [];
    const at = () => performance.now() - began;
    const fresh = opts.fresh ?? false;
    if (fresh || !this.live) {
      if (this.live) await this.close();
      this.live = start(this.spec);
      events.push({ t: at(), kind: "spawn", pid: this.live.pid, argv: this.shownArgv, ...(this.spec.cwd ? { cwd: "." } : {}) });
    }
    const live = this.live;
    const received: unknown[] = [];
    const { hasId, id } = idOf(frameText);
    let firstByte: number | undefined;
    const line = frameText.includes("\n") ? JSON.stringify(JSON.parse(frameText)) : frameText;

    const outcome = await new Promise<Exchange["outcome"]>((resolve) => {
      const timer = setTimeout(() => resolve({ kind: "failure", failure: "timeout", message: `no reply within ${timeoutMs} ms` }), timeoutMs);
      live.onStderr = (text) => events.push({ t: at(), kind: "stderr", text });
      live.onStdout = (text) => {
        firstByte ??= performance.now() - live.spawnedAt;
        let frame: unknown;
        let parseError: string | undefined;
        try {
          frame = JSON.parse(text);
        } catch (e) {
          parseError = (e as Error).message;
        }
        events.push({ t: at(), kind: "stdout", text, ...(frame !== undefined ? { frame } : { parseError }) });
        if (frame === undefined) return;
        received.push(frame);
        const f = frame as Record<string, unknown>;
        if (hasId && "id" in f && JSON.stringify(f.id) === JSON.stringify(id) && !("method" in f)) {
          clearTimeout(timer);
          resolve({ kind: "response", frame });
        }
      };
      live.exited.then((r) => {
        clearTimeout(timer);
        resolve({ kind: "failure", failure: "exit", message: `the process exited (code ${r.code}, signal ${r.signal})` });
      });
      events.push({ t: at(), kind: "stdin", text: `${line}\n` });
      live.child.stdin.write(`${line}\n`);
      if (!hasId) {
        // A notification: no reply is expected; give stray output a moment to arrive.
        setTimeout(() => {
          clearTimeout(timer);
          resolve({ kind: "notification", note: "no response expected" });
        }, 150);
      }
    });
    live.onStdout = () => {};
    live.onStderr = () => {};

    let exit: { code: number | null; signal: string | null } | undefined;
    if (fresh) {
      exit = await this.close();
      events.push({ t: at(), kind: "exit", pid: live.pid, code: exit.code, signal: exit.signal });
    }
    let sentFrame: unknown;
    try {
      sentFrame = JSON.parse(frameText);
    } catch {
      sentFrame = undefined;
    }
    return {
      sendId: `driver-${++this.counter}`,
      startedAt,
      durationMs: at(),
      targetLabel: targetLabel(this.target),
      transport: "stdio",
      sent: frameText,
      ...(sentFrame !== undefined ? { sentFrame } : {}),
      received,
      outcome,
      events,
      timeoutMs,
      process: { pid: live.pid, fresh, ...(firstByte !== undefined && events[0]?.kind === "spawn" ? { spawnToFirstByteMs: firstByte } : {}), ...(exit ? { exit } : {}) },
    };
  }

  /** Ends the process (SIGTERM, then SIGKILL after 2 s) and waits for it. */
  async close(): Promise<{ code: number | null; signal: string | null }> {
    const live = this.live;
    this.live = undefined;
    if (!live) return { code: null, signal: null };
    live.child.stdin.end();
    if (live.child.exitCode === null && live.child.signalCode === null) live.child.kill("SIGTERM");
    const timer = setTimeout(() => {
      if (live.child.exitCode === null && live.child.signalCode === null) live.child.kill("SIGKILL");
    }, 2000);
    const r = await live.exited;
    clearTimeout(timer);
    return r;
  }
}
