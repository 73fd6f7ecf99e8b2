/**
 * One exchange over stdio: write one frame + "\n" to a process's stdin and record every stdout line (frames
 * and non-frames), every stderr line and the exit, until the reply to the sent id arrives. "keep" mode uses
 * the registry's kept-up process for the target; "fresh" mode spawns one for this message and ends it.
 * Importable by the CLI.
 */
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { awaitingFor, type Awaiting } from "@/lib/protocol/awaiting";
import type { ParsedFrame } from "@/lib/protocol/jsonrpc";
import { LIMITS } from "../limits";
import { failure, type ExchangeRecorder } from "../recorder";
import { recordEvent } from "./record-event";
import { StdioProcess, type ProcessEvent, type StdioSpec } from "./process";
import { settlesWithin } from "./ending";
import type { IdClaim } from "./outstanding";
import {
  closingNotes,
  describeExit,
  initialExchangeState,
  stepExchange,
  timeoutFailure,
  written,
  type ExchangeEffect,
  type ExchangeState,
} from "./exchange-fold";
import { ProgressDeadline, progressTokenOf, type ProgressPolicy } from "../progress-deadline";
import { acquireKept, track } from "./registry";

export interface StdioSendOptions {
  recorder: ExchangeRecorder;
  /** The parse of the frame (undefined when it is not JSON and the user insisted). */
  parsed?: Extract<ParsedFrame, { ok: true }>;
  timeoutMs: number;
  /** Progress for the request's token restarts the timeout (lib/node/bridge/progress-deadline.ts). */
  progress?: ProgressPolicy;
  processMode: "keep" | "fresh";
  signal: AbortSignal;
}

/** Sends over stdio; the recorder collects every event and the returned outcome closes the exchange. */
export async function sendStdio(spec: StdioSpec, frameText: string, opts: StdioSendOptions): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  let proc: StdioProcess;
  let spawned: boolean;
  if (opts.processMode === "fresh") {
    proc = track(new StdioProcess(spec));
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
  if (spawned) rec.add(proc.spawnEvent());
  rec.process = { pid: proc.pid!, fresh };

  const outcome = await exchangeWith(proc, frameText, opts, spawned);

  if (fresh) {
    // The message is answered: let the process end on stdin EOF, then make sure it is gone.
    proc.endStdin();
    const detach = proc.listen((event) => recordEvent(rec, event, false));
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
  if (spawned && proc.firstStdoutAt !== undefined)
    rec.process.spawnToFirstByteMs = Math.round((proc.firstStdoutAt - proc.spawnedAt) * 10) / 10;
  if (proc.exit && !proc.running) rec.process.exit = { ...proc.exit };
  return outcome;
}

/** Notes about the frame and the process before it is written, or the failure that stops the write. */
function beforeWrite(proc: StdioProcess, frameText: string, rec: ExchangeRecorder): ExchangeOutcome | undefined {
  const newlines = frameText.split("\n").length - 1;
  if (newlines > 0) {
    rec.note(
      `the frame contains ${newlines} newline${newlines > 1 ? "s" : ""}: stdio messages are delimited by \\n, so the server reads it as ${newlines + 1} separate lines. Send it on one line to keep it one message.`,
    );
  }
  const unread = proc.stdinPendingBytes;
  if (unread < LIMITS.maxStdinPendingBytes) return undefined;
  return failure(
    "refused",
    `the process (pid ${proc.pid}) has not read the last ${unread} bytes the bridge wrote to its stdin (it does not read, or reads slowly); the bridge queues at most ${LIMITS.maxStdinPendingBytes} bytes for a process, so nothing was sent`,
    proc.stderrTail,
  );
}

/** Claims the request's id on the process; notes an id still outstanding from an earlier request. */
function claimId(proc: StdioProcess, awaiting: Awaiting, rec: ExchangeRecorder): IdClaim | undefined {
  if (awaiting.kind !== "id") return undefined;
  const { claim, earlier } = proc.outstanding.open(awaiting.id);
  if (earlier.length > 0) {
    const id = JSON.stringify(awaiting.id);
    rec.idReuse = `id ${id} is reused: ${earlier.length} earlier request${earlier.length > 1 ? "s" : ""} with id ${id} to this process may still be answered (in flight, or timed out within the last ${LIMITS.lateReplyWindowMs / 1000} s). A reply cannot say which request it answers, so the first goes to the earliest request; use a fresh id to be sure`;
    rec.note(rec.idReuse);
  }
  return claim;
}

/**
 * The shell around the fold (./exchange-fold.ts): feeds it the process's events, carries out its effects, and
 * owns what is not pure — the write, the timers, the abort and the progress deadline.
 */
class ExchangeShell {
  private state: ExchangeState;
  private settled = false;
  private timer: NodeJS.Timeout | undefined;
  private deadline: ProgressDeadline | undefined; // set once the frame is written (settle may run before)
  private detach: () => void = () => {};
  private readonly rec: ExchangeRecorder;

  constructor(
    private readonly proc: StdioProcess,
    private readonly opts: StdioSendOptions,
    private readonly awaiting: Awaiting,
    backlogBytes: number,
    private readonly resolve: (outcome: ExchangeOutcome) => void,
  ) {
    this.rec = opts.recorder;
    this.state = initialExchangeState(awaiting, backlogBytes);
  }

  readonly onEvent = (event: ProcessEvent): void => {
    if (this.settled) return;
    const step = stepExchange(this.state, event, { recorded: this.rec.events.length, dropped: this.rec.droppedEvents });
    this.state = step.state;
    for (const effect of step.effects) this.apply(effect);
  };

  private apply(effect: ExchangeEffect): void {
    const { rec, opts } = this;
    switch (effect.kind) {
      case "record":
        return recordEvent(rec, effect.event, false);
      case "note":
        return rec.note(effect.text, effect.always);
      case "skim":
        return this.proc.skimFor(this.onEvent);
      case "progress":
        if (this.deadline?.observe(effect.frame) && this.deadline.extensions === 1)
          rec.note(
            `notifications/progress for this request's token restarted the ${opts.timeoutMs} ms timeout (at most ${opts.progress!.maxTotalMs} ms in all)`,
          );
        return;
      case "settle": {
        const { outcome } = effect;
        const tail = effect.stderrTail && outcome.kind === "failure";
        return this.settle(tail ? failure(outcome.failure, outcome.message, this.proc.stderrTail) : outcome);
      }
    }
  }

  settle(outcome: ExchangeOutcome): void {
    if (this.settled) return;
    this.settled = true;
    const { rec, proc } = this;
    if (this.timer) clearTimeout(this.timer);
    this.deadline?.stop();
    const extended = this.deadline?.summary();
    if (extended) rec.note(extended, true);
    this.detach();
    this.opts.signal.removeEventListener("abort", this.onAbort);
    const { idClaim } = this.state;
    if (idClaim) {
      // Without its reply the request still owns a late one for a while; a later reuse of the id waits its turn.
      if (outcome.kind !== "response") proc.outstanding.abandon(idClaim);
      if (idClaim.reusedBy > 0) {
        rec.idReuse ??= `id ${JSON.stringify(idClaim.id)} was reused by a later request to this process while this one waited: a reply cannot say which request it answers, so replies to a reused id are handed out in send order`;
        rec.note(rec.idReuse, true);
      }
    }
    for (const note of closingNotes(this.state)) rec.note(note.text, note.always);
    this.resolve(outcome);
  }

  readonly onAbort = (): void => {
    if (this.settled) return;
    if (this.awaiting.kind !== "id") return this.settle(failure("cancelled", "cancelled by the user"));
    const requestId = this.awaiting.id;
    const cancel = JSON.stringify({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId, reason: "User cancelled" },
    });
    if (this.proc.writeLine(cancel)) this.rec.add({ kind: "stdin", text: cancel });
    const what = `cancelled by the user; sent notifications/cancelled for request ${JSON.stringify(requestId)}`;
    this.settle(failure("cancelled", what));
  };

  /** Listens, writes the frame and starts the wait; `exitedBefore`: the backlog holds this process's exit. */
  start(frameText: string, exitedBefore: boolean): void {
    const { proc, rec, opts } = this;
    this.detach = proc.listen(this.onEvent);
    if (opts.signal.aborted) return this.onAbort();
    opts.signal.addEventListener("abort", this.onAbort);
    const notWritten = () =>
      failure("exit", `${describeExit(proc.pid, proc.exit)} before the message could be written`, proc.stderrTail);
    if (exitedBefore) return this.settle(notWritten());
    const refused = beforeWrite(proc, frameText, rec);
    if (refused) return this.settle(refused);
    this.state = written(this.state, claimId(proc, this.awaiting, rec));
    if (!proc.writeLine(frameText)) {
      // Gone before the write (e.g. it exits at start-up): wait briefly for its exit status to name it.
      void settlesWithin(proc.closed, 500).then(() => this.settle(notWritten()));
      return;
    }
    rec.add({ kind: "stdin", text: frameText });
    if (this.awaiting.kind === "none") {
      const note = `no reply expected; listened ${LIMITS.notificationGraceMs} ms for anything the server wrote in reaction`;
      this.timer = setTimeout(() => this.settle({ kind: "notification", note }), LIMITS.notificationGraceMs);
      return;
    }
    const token = progressTokenOf(opts.parsed?.value);
    this.deadline = new ProgressDeadline(opts.timeoutMs, token, opts.progress, () => this.timedOut());
    this.deadline.start();
  }

  private timedOut(): void {
    const { proc, rec, opts, awaiting } = this;
    const pendingBytes = proc.pendingStdoutBytes;
    if (pendingBytes > 0) {
      const { text, invalidUtf8 } = proc.pendingStdoutText();
      rec.add({
        kind: "stdout",
        text,
        partial: true,
        parseError: `no newline yet after ${pendingBytes} bytes`,
        ...(invalidUtf8 ? { invalidUtf8 } : {}),
      });
    }
    if (awaiting.kind === "id") proc.lastTimeout = { at: Date.now(), id: awaiting.id };
    const timedOut = timeoutFailure(this.state, {
      timeoutMs: opts.timeoutMs,
      pendingBytes,
      keep: opts.processMode === "keep",
      pid: proc.pid,
      ...(this.deadline?.capped ? { cappedAtMs: opts.progress!.maxTotalMs } : {}),
    });
    this.settle(failure(timedOut.failure, timedOut.message, proc.stderrTail));
  }
}

/** `spawned`: the process was started for this exchange, so what it said before the write is not unsolicited. */
function exchangeWith(
  proc: StdioProcess,
  frameText: string,
  opts: StdioSendOptions,
  spawned: boolean,
): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  const backlog = proc.takeBacklog();
  if (backlog.dropped > 0) {
    rec.note(
      `${backlog.dropped} earlier unsolicited events were dropped (between sends the bridge keeps the last ${LIMITS.maxUnsolicitedEvents} events, at most ${LIMITS.maxUnsolicitedBytes} bytes)`,
    );
  }
  // Output of a process this exchange started is part of it; anything older (a previous process's exit, a
  // late reply between sends) is unsolicited.
  for (const event of backlog.events) recordEvent(rec, event, !spawned || event.at < proc.spawnedAt);
  // What the process wrote between sends is handed to this exchange, so it counts toward its reply limit.
  const backlogBytes = backlog.events.reduce((n, event) => n + (event.kind === "stdout" ? event.bytes + 1 : 0), 0);
  const exitedBefore = backlog.events.some((event) => event.kind === "exit" && event.pid === proc.pid);
  return new Promise<ExchangeOutcome>((resolve) =>
    new ExchangeShell(proc, opts, awaitingFor(opts.parsed), backlogBytes, resolve).start(frameText, exitedBefore),
  );
}
