/**
 * One stdio server process: spawn it with a lean environment in its own process group, frame its stdout
 * into lines (./stdout-lines: decoding, parsing, cutting a line that breaks framing), ring its stderr, and hand every event
 * to whoever listens (an exchange, a listen claim) or keep it as backlog for the next exchange.
 * Tracking (the set of live processes, exit hooks) belongs to ./registry. Importable by the CLI.
 */
import type { ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { ProcessStatus, WireEvent } from "@/lib/bridge/contract";
import { LIMITS } from "../limits";
import { HeldEvents } from "./backlog";
import { type Backlog, type Claim, type Listener, type ProcessEvent, type StdioSpec } from "./events";
import { StderrLines } from "./lines";
import { OutstandingIds } from "./outstanding";
import { describeSpawnError, spawnServer, startRefusal } from "./spawn";
import { settlesWithin, signalProcessGroup } from "./ending";
import { StdoutLines } from "./stdout-lines";

export type { Backlog, ProcessEvent, StdioSpec } from "./events";

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
  /** Request ids written and not yet answered (exchanges open and abandon them). */
  readonly outstanding = new OutstandingIds();
  /** Set for demo HTTP servers: where the process listens. */
  url?: string;
  readonly stderrRing: string[] = [];
  stderrDropped = 0;
  /** Events that arrived while nobody listened; handed to the next exchange as unsolicited. */
  private readonly backlog = new HeldEvents();

  /** The spawn event a recording shows for this process. */
  spawnEvent(): Omit<Extract<WireEvent, { kind: "spawn" }>, "t"> & { at: number } {
    return {
      kind: "spawn",
      at: this.spawnedAt,
      pid: this.pid!,
      argv: this.argv,
      ...(this.cwd ? { cwd: this.cwd } : {}),
    };
  }
  /** Resolves once the process has started (true) or failed to start (false). */
  readonly ready: Promise<boolean>;
  /** Resolves once the process has exited and its output is flushed. */
  readonly closed: Promise<void>;

  private readonly listeners = new Set<Listener>();
  private readonly claims = new Set<Claim>();
  private readonly skimmers = new Set<Listener>();
  private readonly stdout = new StdoutLines(
    {
      emit: (event) => this.emit(event),
      skimming: () => this.skimming(),
      framingBroken: () => void this.terminate(LIMITS.killGraceMs),
      pause: () => {
        const out = this.child?.stdout;
        out?.pause();
        return () => void out?.resume();
      },
    },
    this.outstanding,
  );
  private readonly stderrLines = new StderrLines((line) => this.pushStderr(line));
  private resolveClosed!: () => void;

  constructor(
    spec: StdioSpec,
    readonly options: { keepBacklog: boolean } = { keepBacklog: true },
  ) {
    this.argv = spec.argv;
    this.cwd = spec.cwd;
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    this.ready = this.start(spec);
  }

  private start(spec: StdioSpec): Promise<boolean> {
    const refusal = startRefusal(spec);
    if (refusal) return Promise.resolve(this.failToStart(refusal));
    let child: ChildProcess;
    try {
      child = spawnServer(spec);
    } catch (e) {
      return Promise.resolve(this.failToStart(describeSpawnError(spec.argv, spec.cwd, e as NodeJS.ErrnoException)));
    }
    this.child = child;
    this.pid = child.pid;
    // A write to a process that has gone away fails with EPIPE; that is reported by the exit, never a crash.
    child.stdin?.on("error", (err) =>
      this.emit({ kind: "note", at: performance.now(), text: `stdin: ${err.message}` }),
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      this.firstStdoutAt ??= performance.now();
      this.stdout.push(chunk);
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => this.stderrLines.push(chunk));

    let exitTimer: NodeJS.Timeout | undefined;
    let finished = false;
    const finishClose = () => {
      if (exitTimer) clearTimeout(exitTimer);
      if (finished || this.exit === undefined || this.spawnError !== undefined) return;
      finished = true;
      // The leader is gone: whatever it forked and left behind goes too (it may hold our pipes open).
      this.signalGroup("SIGKILL");
      this.flushPartials();
      this.emit({
        kind: "exit",
        at: performance.now(),
        pid: this.pid ?? -1,
        code: this.exit.code,
        signal: this.exit.signal,
      });
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
    return this.stdout.pendingBytes;
  }

  pendingStdoutText(): { text: string; invalidUtf8: boolean } {
    return this.stdout.pendingText();
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.skimmers.delete(listener);
    };
  }

  /**
   * The listener keeps no more lines (its record is full): once every listener says so, lines that cannot be a
   * frame (the first character is not { or [) are counted in a "skipped" event instead of decoded and parsed.
   */
  skimFor(listener: Listener): void {
    if (this.listeners.has(listener)) this.skimmers.add(listener);
  }

  /**
   * A long-lived request (subscriptions/listen) sees every event first and keeps the ones that are its own
   * (frames tagged with its subscription id): those reach neither the exchange in flight nor the backlog.
   */
  claim(claim: Claim): () => void {
    this.claims.add(claim);
    return () => this.claims.delete(claim);
  }

  takeBacklog(): Backlog {
    return this.backlog.take();
  }

  /** What a previous process of the same target said before it died belongs to this one's next exchange. */
  inheritBacklog(taken: Backlog): void {
    this.backlog.inherit(taken);
  }

  private emit(event: ProcessEvent): void {
    for (const claim of [...this.claims]) if (claim(event)) return;
    if (this.listeners.size > 0) {
      for (const listener of [...this.listeners]) listener(event);
      return;
    }
    if (this.options.keepBacklog) this.backlog.keep(event);
  }

  /** Every listener has asked for skimming (its record is full), or nobody listens and nothing more is kept. */
  private skimming(): boolean {
    // Between sends: once the backlog is full, a junk line would only push out an older one; count it instead.
    if (this.listeners.size === 0)
      return !this.options.keepBacklog || this.backlog.length >= LIMITS.maxUnsolicitedEvents;
    for (const listener of this.listeners) if (!this.skimmers.has(listener)) return false;
    return true;
  }

  private pushStderr(line: string): void {
    const cut =
      line.length > LIMITS.maxStderrLineChars
        ? `${line.slice(0, LIMITS.maxStderrLineChars)}… (line cut at ${LIMITS.maxStderrLineChars} chars)`
        : line;
    this.stderrRing.push(cut);
    if (this.stderrRing.length > LIMITS.stderrRingLines) {
      this.stderrRing.shift();
      this.stderrDropped++;
    }
    this.emit({ kind: "stderr", at: performance.now(), text: cut });
  }

  private flushPartials(): void {
    this.stdout.flush();
    this.stderrLines.flush();
  }

  /** Writes one line to stdin; false when stdin is gone (the process exited or closed it). */
  writeLine(text: string): boolean {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return false;
    stdin.write(text + "\n");
    return true;
  }

  /** Bytes written to stdin that the process has not read yet (they wait in the bridge's buffer). */
  get stdinPendingBytes(): number {
    return this.child?.stdin?.writableLength ?? 0;
  }

  endStdin(): void {
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed) stdin.end();
  }

  /** Signals the whole process group (falls back to the child alone if the group is gone). */
  signalGroup(signal: NodeJS.Signals): void {
    if (this.pid !== undefined) signalProcessGroup(this.pid, this.child, signal);
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
    const status: ProcessStatus = {
      running: this.running,
      argv: this.argv,
      startedAt: this.startedAt,
      stderrTail: [...this.stderrRing],
    };
    if (this.pid !== undefined) status.pid = this.pid;
    if (this.exit && !this.spawnError) status.exit = { ...this.exit };
    if (this.spawnError) status.spawnError = this.spawnError;
    if (this.stderrDropped) status.stderrDropped = this.stderrDropped;
    if (this.lastTimeout) status.lastTimeout = this.lastTimeout;
    if (this.url) status.url = this.url;
    return status;
  }
}
