/**
 * stdio transport of the bridge: spawn a server, write one frame + "\n" to its stdin, and record every
 * stdout line (frames and non-frames), every stderr line and the exit, until the reply to the sent id arrives.
 *
 * Kept-up processes live in a registry (one per target key) so state survives across sends; "fresh" mode
 * spawns a process for one message and ends it. Every child is spawned detached (its own process group)
 * so closing it ends its whole tree (npx → node …), and a host-exit hook kills every group we started.
 * Importable by the CLI (no `server-only`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { ExchangeOutcome, ProcessStatus } from "../contract";
import { answersSingle, awaitingFor, describeAwaiting, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame, sameId, type ParsedFrame } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { LIMITS } from "./limits";
import { spawnRefusal } from "./policy";
import { failure, type ExchangeRecorder } from "./recorder";

export interface StdioSpec {
  /** Registry key (targetKey of the target). */
  key: string;
  argv: string[];
  cwd?: string;
  /** Added to the minimal environment (PATH, HOME, …). */
  env?: Record<string, string>;
}

/** What a process reports to whoever is listening; `at` is performance.now() at arrival. */
export type ProcessEvent =
  | { kind: "stdout"; at: number; text: string; bytes: number; frame?: unknown; parseError?: string; partial?: boolean; invalidUtf8?: boolean }
  | { kind: "stderr"; at: number; text: string }
  | { kind: "exit"; at: number; pid: number; code: number | null; signal: string | null }
  | { kind: "note"; at: number; text: string }
  /** stdout broke framing (a line over the size limit): the process is being killed. */
  | { kind: "fatal"; at: number; message: string };

type Listener = (event: ProcessEvent) => void;
/** Returns true when the event belongs to the claimant (a long-lived request such as subscriptions/listen). */
type Claim = (event: ProcessEvent) => boolean;

// Only what a server needs to run: no secrets from the host's environment leak into arbitrary commands.
// TMPDIR and LANG are kept because npx/npm need a temp dir and servers print non-ASCII text.
const PASSED_ENV = ["PATH", "HOME", "TMPDIR", "LANG"];

export function minimalEnv(extra?: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

const utf8Strict = new TextDecoder("utf-8", { fatal: true });
const utf8Lenient = new TextDecoder("utf-8");

function decodeLine(bytes: Uint8Array): { text: string; invalidUtf8: boolean } {
  try {
    return { text: utf8Strict.decode(bytes), invalidUtf8: false };
  } catch {
    return { text: utf8Lenient.decode(bytes), invalidUtf8: true };
  }
}

function describeSpawnError(argv: string[], cwd: string | undefined, err: NodeJS.ErrnoException): string {
  const command = argv[0];
  switch (err.code) {
    case "ENOENT":
      return `could not start \`${command}\`: command not found (ENOENT). Check that it is installed and on PATH, or give its full path.`;
    case "EACCES":
      return `could not start \`${command}\`: permission denied (EACCES). Is the file executable?`;
    case "ENOTDIR":
      return `could not start \`${command}\`: a part of the path is not a directory (ENOTDIR)${cwd ? ` (cwd ${cwd})` : ""}.`;
    default:
      return `could not start \`${command}\`: ${err.message}`;
  }
}

export class StdioProcess {
  readonly argv: string[];
  readonly cwd?: string;
  readonly startedAt = Date.now();
  readonly spawnedAt = performance.now();
  child?: ChildProcess;
  pid?: number;
  firstStdoutAt?: number;
  exit?: { code: number | null; signal: string | null };
  spawnError?: string;
  lastTimeout?: { at: number; id: unknown };
  /** Set for demo HTTP servers: where the process listens. */
  url?: string;
  readonly stderrRing: string[] = [];
  stderrDropped = 0;
  /** Events that arrived while nobody listened; handed to the next exchange as unsolicited. */
  backlog: ProcessEvent[] = [];
  backlogDropped = 0;
  /** Resolves once the process has started (true) or failed to start (false). */
  readonly ready: Promise<boolean>;
  /** Resolves once the process has exited and its output is flushed. */
  readonly closed: Promise<void>;

  private readonly listeners = new Set<Listener>();
  private readonly claims = new Set<Claim>();
  private stdoutChunks: Buffer[] = [];
  private stdoutPending = 0;
  private stderrPartial = "";
  private stderrSkipToNewline = false;
  private framingBroken = false;
  private resolveClosed!: () => void;

  constructor(spec: StdioSpec, readonly options: { keepBacklog: boolean } = { keepBacklog: true }) {
    this.argv = spec.argv;
    this.cwd = spec.cwd;
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    this.ready = this.start(spec);
    this.closed.then(() => allProcesses().delete(this));
    allProcesses().add(this);
  }

  private start(spec: StdioSpec): Promise<boolean> {
    // The last gate: whatever path led here, hosted mode starts only the embedded servers.
    const refusal = spawnRefusal(spec.argv, spec.env, spec.cwd);
    if (refusal) return Promise.resolve(this.failToStart(refusal));
    if (spec.cwd) {
      let isDir = false;
      try {
        isDir = statSync(spec.cwd).isDirectory();
      } catch {
        // reported below
      }
      if (!isDir) return Promise.resolve(this.failToStart(`could not start \`${spec.argv[0]}\`: the working directory ${spec.cwd} does not exist or is not a directory.`));
    }
    let child: ChildProcess;
    try {
      child = spawn(spec.argv[0], spec.argv.slice(1), {
        cwd: spec.cwd,
        env: minimalEnv(spec.env) as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", "pipe"],
        detached: true, // own process group: closing kills the whole tree, and the host's Ctrl-C does not race us
        windowsHide: true,
      });
    } catch (e) {
      return Promise.resolve(this.failToStart(describeSpawnError(spec.argv, spec.cwd, e as NodeJS.ErrnoException)));
    }
    this.child = child;
    this.pid = child.pid;
    // A write to a process that has gone away fails with EPIPE; that is reported by the exit, never a crash.
    child.stdin?.on("error", (err) => this.emit({ kind: "note", at: performance.now(), text: `stdin: ${err.message}` }));
    child.stdout?.on("data", (chunk: Buffer) => this.onStdout(chunk));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => this.onStderr(chunk));

    let exitTimer: NodeJS.Timeout | undefined;
    let finished = false;
    const finishClose = () => {
      if (exitTimer) clearTimeout(exitTimer);
      if (finished || this.exit === undefined || this.spawnError !== undefined) return;
      finished = true;
      // The leader is gone: whatever it forked and left behind goes too (it may hold our pipes open).
      this.signalGroup("SIGKILL");
      this.flushPartials();
      this.emit({ kind: "exit", at: performance.now(), pid: this.pid ?? -1, code: this.exit.code, signal: this.exit.signal });
      this.resolveClosed();
    };
    child.on("exit", (code, signal) => {
      this.exit = { code, signal };
      // 'close' follows once stdout/stderr end; a grandchild holding the pipes open could delay it forever.
      exitTimer = setTimeout(finishClose, 200);
    });
    child.on("close", () => {
      if (this.exit === undefined) this.exit = { code: child.exitCode, signal: child.signalCode };
      finishClose();
    });

    return new Promise<boolean>((resolve) => {
      child.once("spawn", () => resolve(true));
      child.once("error", (err: NodeJS.ErrnoException) => {
        if (this.pid === undefined || err.code === "ENOENT" || err.code === "EACCES") {
          this.spawnError = describeSpawnError(spec.argv, spec.cwd, err);
          this.exit ??= { code: null, signal: null };
          this.resolveClosed();
          resolve(false);
        } else {
          this.emit({ kind: "note", at: performance.now(), text: `process error: ${err.message}` });
        }
      });
    });
  }

  private failToStart(message: string): boolean {
    this.spawnError = message;
    this.exit = { code: null, signal: null };
    this.resolveClosed();
    return false;
  }

  get running(): boolean {
    return this.spawnError === undefined && this.exit === undefined && this.pid !== undefined;
  }

  get stderrTail(): string[] {
    return this.stderrRing.slice(-20);
  }

  /** Bytes of stdout received after the last newline. */
  get pendingStdoutBytes(): number {
    return this.stdoutPending;
  }

  pendingStdoutText(): { text: string; invalidUtf8: boolean } {
    return decodeLine(Buffer.concat(this.stdoutChunks));
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A long-lived request (subscriptions/listen) sees every event first and keeps the ones that are its own
   * (frames tagged with its subscription id): those reach neither the exchange in flight nor the backlog.
   */
  claim(claim: Claim): () => void {
    this.claims.add(claim);
    return () => this.claims.delete(claim);
  }

  takeBacklog(): { events: ProcessEvent[]; dropped: number } {
    const taken = { events: this.backlog, dropped: this.backlogDropped };
    this.backlog = [];
    this.backlogDropped = 0;
    return taken;
  }

  private emit(event: ProcessEvent): void {
    for (const claim of [...this.claims]) if (claim(event)) return;
    if (this.listeners.size > 0) {
      for (const listener of [...this.listeners]) listener(event);
      return;
    }
    if (!this.options.keepBacklog) return;
    this.backlog.push(event);
    if (this.backlog.length > LIMITS.maxUnsolicitedEvents) {
      this.backlog.shift();
      this.backlogDropped++;
    }
  }

  private onStdout(chunk: Buffer): void {
    this.firstStdoutAt ??= performance.now();
    if (this.framingBroken) return;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) {
        if (start < chunk.length) {
          this.stdoutChunks.push(chunk.subarray(start));
          this.stdoutPending += chunk.length - start;
        }
        if (this.stdoutPending > LIMITS.maxStdoutLineBytes) this.breakFraming();
        return;
      }
      const piece = chunk.subarray(start, newline);
      const line = this.stdoutChunks.length > 0 ? Buffer.concat([...this.stdoutChunks, piece]) : piece;
      this.stdoutChunks = [];
      this.stdoutPending = 0;
      this.emitStdoutLine(line, false);
      start = newline + 1;
    }
  }

  private emitStdoutLine(bytes: Uint8Array, partial: boolean): void {
    const { text, invalidUtf8 } = decodeLine(bytes);
    const parsed = parseFrameWithin(text, LIMITS.maxFrameDepth);
    const event: Extract<ProcessEvent, { kind: "stdout" }> = { kind: "stdout", at: performance.now(), text, bytes: bytes.length };
    if (parsed.ok) event.frame = parsed.value;
    else event.parseError = text === "" ? "empty line" : parsed.error;
    if (partial) event.partial = true;
    if (invalidUtf8) event.invalidUtf8 = true;
    this.emit(event);
  }

  private breakFraming(): void {
    this.framingBroken = true;
    const head = Buffer.concat(this.stdoutChunks).subarray(0, 4096);
    const size = this.stdoutPending;
    this.stdoutChunks = [];
    this.stdoutPending = 0;
    this.emit({ kind: "stdout", at: performance.now(), text: decodeLine(head).text, bytes: size, partial: true, parseError: `line cut: ${size} bytes without a newline` });
    this.emit({
      kind: "fatal",
      at: performance.now(),
      message: `stdout sent more than ${LIMITS.maxStdoutLineBytes} bytes without a newline: stdio framing is broken (each message must be one line ending in \\n); the process was killed`,
    });
    void this.terminate(LIMITS.killGraceMs);
  }

  private onStderr(chunk: string): void {
    let text = this.stderrPartial + chunk;
    let newline = text.indexOf("\n");
    while (newline !== -1) {
      const line = text.slice(0, newline).replace(/\r$/, "");
      if (this.stderrSkipToNewline) this.stderrSkipToNewline = false;
      else this.pushStderr(line);
      text = text.slice(newline + 1);
      newline = text.indexOf("\n");
    }
    if (text.length > LIMITS.maxStderrLineChars) {
      if (!this.stderrSkipToNewline) this.pushStderr(text);
      this.stderrSkipToNewline = true;
      text = "";
    }
    this.stderrPartial = text;
  }

  private pushStderr(line: string): void {
    const cut = line.length > LIMITS.maxStderrLineChars ? `${line.slice(0, LIMITS.maxStderrLineChars)}… (line cut at ${LIMITS.maxStderrLineChars} chars)` : line;
    this.stderrRing.push(cut);
    if (this.stderrRing.length > LIMITS.stderrRingLines) {
      this.stderrRing.shift();
      this.stderrDropped++;
    }
    this.emit({ kind: "stderr", at: performance.now(), text: cut });
  }

  private flushPartials(): void {
    if (this.stdoutPending > 0) {
      const bytes = Buffer.concat(this.stdoutChunks);
      this.stdoutChunks = [];
      this.stdoutPending = 0;
      this.emitStdoutLine(bytes, true);
    }
    if (this.stderrPartial) {
      if (!this.stderrSkipToNewline) this.pushStderr(this.stderrPartial);
      this.stderrPartial = "";
    }
  }

  /** Writes one line to stdin; false when stdin is gone (the process exited or closed it). */
  writeLine(text: string): boolean {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return false;
    stdin.write(text + "\n");
    return true;
  }

  endStdin(): void {
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed) stdin.end();
  }

  /** Signals the whole process group (falls back to the child alone if the group is gone). */
  signalGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      try {
        this.child?.kill(signal);
      } catch {
        // already gone
      }
    }
  }

  /** SIGTERM the group, SIGKILL it after `graceMs`; resolves when the leader has exited. */
  async terminate(graceMs: number): Promise<void> {
    if (this.pid === undefined || this.spawnError) return;
    if (this.exit !== undefined) {
      this.signalGroup("SIGKILL"); // stragglers in the group (e.g. the node under npx) go too
      await this.closed;
      return;
    }
    this.signalGroup("SIGTERM");
    if (await settlesWithin(this.closed, graceMs)) {
      this.signalGroup("SIGKILL");
      return;
    }
    this.signalGroup("SIGKILL");
    await settlesWithin(this.closed, 2_000);
  }

  status(): ProcessStatus {
    const status: ProcessStatus = { running: this.running, argv: this.argv, startedAt: this.startedAt, stderrTail: [...this.stderrRing] };
    if (this.pid !== undefined) status.pid = this.pid;
    if (this.exit && !this.spawnError) status.exit = { ...this.exit };
    if (this.spawnError) status.spawnError = this.spawnError;
    if (this.stderrDropped) status.stderrDropped = this.stderrDropped;
    if (this.lastTimeout) status.lastTimeout = this.lastTimeout;
    if (this.url) status.url = this.url;
    return status;
  }
}

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Registry. Next may load route bundles as separate module instances: keep it on globalThis so the send,
// process and cancel routes see the same processes.

interface Registry {
  kept: Map<string, StdioProcess>;
  all: Set<StdioProcess>;
  hooksInstalled: boolean;
}

const g = globalThis as typeof globalThis & { __playgroundStdio?: Registry };

function registry(): Registry {
  if (!g.__playgroundStdio) {
    g.__playgroundStdio = { kept: new Map(), all: new Set(), hooksInstalled: false };
  }
  const reg = g.__playgroundStdio;
  if (!reg.hooksInstalled) {
    reg.hooksInstalled = true;
    installExitHooks();
  }
  return reg;
}

function allProcesses(): Set<StdioProcess> {
  return registry().all;
}

/** No child outlives the host: SIGKILL on exit (no time for more), SIGTERM → SIGKILL on signals. */
function installExitHooks(): void {
  process.on("exit", () => {
    for (const proc of g.__playgroundStdio?.all ?? []) if (proc.running) proc.signalGroup("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
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
  if (existing && existing.exit === undefined && !existing.spawnError) return { ok: true, proc: existing, spawned: false };
  const running = [...reg.kept.values()].filter((p) => p.running).length;
  if (running >= LIMITS.maxKeptUpProcesses) {
    return { ok: false, message: `${LIMITS.maxKeptUpProcesses} processes are already kept up; close one (Process → Close) before starting another` };
  }
  const proc = new StdioProcess(spec, options);
  if (existing) {
    // What the previous process said before it died (its exit, last stderr) belongs to the next exchange.
    const { events, dropped } = existing.takeBacklog();
    proc.backlog.push(...events);
    proc.backlogDropped += dropped;
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

// ---------------------------------------------------------------------------------------------------------
// One exchange over stdio.

export interface StdioSendOptions {
  recorder: ExchangeRecorder;
  /** The parse of the frame (undefined when it is not JSON and the user insisted). */
  parsed?: Extract<ParsedFrame, { ok: true }>;
  timeoutMs: number;
  processMode: "keep" | "fresh";
  signal: AbortSignal;
}

function timeoutHead(awaiting: Awaiting, ms: number): string {
  switch (awaiting.kind) {
    case "id":
      return `no response with id ${JSON.stringify(awaiting.id)} within ${ms} ms`;
    case "batch":
      return `no responses to the batch (ids ${awaiting.ids.map((id) => JSON.stringify(id)).join(", ")}) within ${ms} ms`;
    default:
      return `no reply within ${ms} ms (the frame has no usable id, so only an error with id null could answer it)`;
  }
}

/** Sends over stdio; the recorder collects every event and the returned outcome closes the exchange. */
export async function sendStdio(spec: StdioSpec, frameText: string, opts: StdioSendOptions): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  let proc: StdioProcess;
  let spawned: boolean;
  if (opts.processMode === "fresh") {
    proc = new StdioProcess(spec);
    spawned = true;
  } else {
    const acquired = acquireKept(spec);
    if (!acquired.ok) return failure("refused", acquired.message);
    proc = acquired.proc;
    spawned = acquired.spawned;
  }
  const fresh = opts.processMode === "fresh";

  // A pid means the OS has started the process: write at once instead of waiting a turn for 'spawn'.
  const started = proc.pid !== undefined && proc.spawnError === undefined ? true : await proc.ready;
  if (!started) {
    rec.note(proc.spawnError!);
    return failure("spawn", proc.spawnError!);
  }
  if (spawned) rec.add({ kind: "spawn", at: proc.spawnedAt, pid: proc.pid!, argv: proc.argv, ...(proc.cwd ? { cwd: proc.cwd } : {}) });
  rec.process = { pid: proc.pid!, fresh };

  const outcome = await exchangeWith(proc, frameText, opts, spawned);

  if (fresh) {
    // The message is answered: let the process end on stdin EOF, then make sure it is gone.
    proc.endStdin();
    const detach = proc.listen((event) => record(rec, event, false));
    if (!(await settlesWithin(proc.closed, LIMITS.freshKillGraceMs))) {
      proc.signalGroup("SIGTERM");
      if (!(await settlesWithin(proc.closed, LIMITS.freshKillGraceMs))) {
        proc.signalGroup("SIGKILL");
        await settlesWithin(proc.closed, 2_000);
      }
    } else {
      proc.signalGroup("SIGKILL"); // leader gone: stragglers in its group go too
    }
    detach();
  }
  if (spawned && proc.firstStdoutAt !== undefined) rec.process.spawnToFirstByteMs = Math.round((proc.firstStdoutAt - proc.spawnedAt) * 10) / 10;
  if (proc.exit && !proc.running) rec.process.exit = { ...proc.exit };
  return outcome;
}

function record(rec: ExchangeRecorder, event: ProcessEvent, unsolicited: boolean): void {
  switch (event.kind) {
    case "stdout": {
      const { bytes, ...line } = event; // bytes only feeds the per-exchange size limit
      void bytes;
      rec.add(unsolicited ? { ...line, unsolicited } : line);
      if (event.frame !== undefined) rec.receive(event.frame);
      return;
    }
    case "stderr":
      rec.add({ kind: "stderr", at: event.at, text: event.text, ...(unsolicited ? { unsolicited } : {}) });
      return;
    case "exit":
      rec.add({ kind: "exit", at: event.at, pid: event.pid, code: event.code, signal: event.signal, ...(unsolicited ? { unsolicited } : {}) });
      return;
    case "note":
      rec.add({ kind: "note", at: event.at, text: event.text });
      return;
    case "fatal":
      rec.add({ kind: "note", at: event.at, text: event.message });
      return;
  }
}

function describeExit(proc: StdioProcess): string {
  const exit = proc.exit;
  if (!exit) return `the process (pid ${proc.pid}) closed its stdin`;
  return `the process (pid ${proc.pid}) ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}`;
}

/** `spawned`: the process was started for this exchange, so what it said before the write is not unsolicited. */
function exchangeWith(proc: StdioProcess, frameText: string, opts: StdioSendOptions, spawned: boolean): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  const awaiting = awaitingFor(opts.parsed);

  const backlog = proc.takeBacklog();
  if (backlog.dropped > 0) rec.note(`${backlog.dropped} earlier unsolicited events were dropped (only the last ${LIMITS.maxUnsolicitedEvents} are kept)`);
  // Output of a process this exchange started is part of it; anything older (a previous process's exit, a
  // late reply between sends) is unsolicited.
  for (const event of backlog.events) record(rec, event, !spawned || event.at < proc.spawnedAt);

  return new Promise<ExchangeOutcome>((resolve) => {
    let settled = false;
    let replyBytes = 0;
    let nonJsonLines = 0;
    let stderrShown = 0;
    let stderrHidden = 0;
    const batchAnswers = new Map<string, unknown>();
    let timer: NodeJS.Timeout | undefined;

    const settle = (outcome: ExchangeOutcome) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      detach();
      opts.signal.removeEventListener("abort", onAbort);
      if (stderrHidden > 0) rec.note(`${stderrHidden} more stderr lines were not added to this exchange (the process's stderr tail keeps the last ${LIMITS.stderrRingLines})`);
      resolve(outcome);
    };

    const onEvent = (event: ProcessEvent) => {
      if (settled) return;
      if (event.kind === "stderr") {
        if (stderrShown >= LIMITS.maxStderrEventsPerExchange) {
          stderrHidden++;
          return;
        }
        stderrShown++;
      }
      record(rec, event, false);
      if (event.kind === "fatal") return settle(failure("framing", event.message, proc.stderrTail));
      if (event.kind === "exit") {
        const what = awaiting.kind === "none" ? "after the message was written" : `before sending ${describeAwaiting(awaiting)}`;
        return settle(failure("exit", `${describeExit(proc)} ${what}`, proc.stderrTail));
      }
      if (event.kind !== "stdout") return;
      replyBytes += event.bytes + 1;
      if (replyBytes > LIMITS.maxReplyBytesPerExchange) {
        return settle(failure("size", `the server wrote more than ${LIMITS.maxReplyBytesPerExchange} bytes to stdout in this exchange; the bridge stopped reading it`));
      }
      if (event.frame === undefined) {
        nonJsonLines++;
        return;
      }
      const frame = event.frame;
      switch (awaiting.kind) {
        case "id":
        case "null-id":
          if (answersSingle(awaiting, frame)) settle({ kind: "response", frame });
          return;
        case "batch": {
          if (Array.isArray(frame)) return settle({ kind: "response", frame });
          if (classifyFrame(frame) === "response") {
            const id = (frame as { id: unknown }).id;
            if (awaiting.ids.some((want) => sameId(want, id))) batchAnswers.set(JSON.stringify(id), frame);
            if (batchAnswers.size === awaiting.ids.length) settle({ kind: "response", frame: [...batchAnswers.values()] });
          }
          return;
        }
        case "none":
          return;
      }
    };
    const detach = proc.listen(onEvent);

    const onAbort = () => {
      if (settled) return;
      const requestId = awaiting.kind === "id" ? awaiting.id : undefined;
      if (requestId !== undefined) {
        const cancel = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason: "User cancelled" } });
        if (proc.writeLine(cancel)) rec.add({ kind: "stdin", text: cancel });
        settle(failure("cancelled", `cancelled by the user; sent notifications/cancelled for request ${JSON.stringify(requestId)}`));
      } else {
        settle(failure("cancelled", "cancelled by the user"));
      }
    };
    if (opts.signal.aborted) return onAbort();
    opts.signal.addEventListener("abort", onAbort);

    if (backlog.events.some((event) => event.kind === "exit" && event.pid === proc.pid)) {
      return settle(failure("exit", `${describeExit(proc)} before the message could be written`, proc.stderrTail));
    }

    const newlines = frameText.split("\n").length - 1;
    if (newlines > 0) {
      rec.note(
        `the frame contains ${newlines} newline${newlines > 1 ? "s" : ""}: stdio messages are delimited by \\n, so the server reads it as ${newlines + 1} separate lines. Send it on one line to keep it one message.`,
      );
    }
    if (!proc.writeLine(frameText)) {
      // Gone before the write (e.g. it exits at start-up): wait briefly for its exit status to name it.
      void settlesWithin(proc.closed, 500).then(() => settle(failure("exit", `${describeExit(proc)} before the message could be written`, proc.stderrTail)));
      return;
    }
    rec.add({ kind: "stdin", text: frameText });

    if (awaiting.kind === "none") {
      timer = setTimeout(() => settle({ kind: "notification", note: `no reply expected; listened ${LIMITS.notificationGraceMs} ms for anything the server wrote in reaction` }), LIMITS.notificationGraceMs);
      return;
    }
    timer = setTimeout(() => {
      const pending = proc.pendingStdoutBytes;
      if (pending > 0) {
        const { text, invalidUtf8 } = proc.pendingStdoutText();
        rec.add({ kind: "stdout", text, partial: true, parseError: `no newline yet after ${pending} bytes`, ...(invalidUtf8 ? { invalidUtf8 } : {}) });
      }
      if (awaiting.kind === "id") proc.lastTimeout = { at: Date.now(), id: awaiting.id };
      const parts = [timeoutHead(awaiting, opts.timeoutMs)];
      if (nonJsonLines > 0) parts.push(`stdout carried ${nonJsonLines} line${nonJsonLines > 1 ? "s" : ""} that are not JSON (a server must write only JSON-RPC frames to stdout; logs go to stderr)`);
      if (pending > 0) parts.push(`stdout holds ${pending} bytes without a trailing newline (each message must end with \\n)`);
      if (opts.processMode === "keep") parts.push(`the process (pid ${proc.pid}) stays up; a late reply will show as unsolicited in the next exchange`);
      settle(failure(nonJsonLines > 0 ? "framing" : "timeout", parts.join("; "), proc.stderrTail));
    }, opts.timeoutMs);
  });
}
