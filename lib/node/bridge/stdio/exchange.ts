/**
 * One exchange over stdio: write one frame + "\n" to a process's stdin and record every stdout line (frames
 * and non-frames), every stderr line and the exit, until the reply to the sent id arrives. "keep" mode uses
 * the registry's kept-up process for the target; "fresh" mode spawns one for this message and ends it.
 * Importable by the CLI.
 */
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { answersSingle, awaitingFor, describeAwaiting, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame, sameId, type ParsedFrame } from "@/lib/protocol/jsonrpc";
import { LIMITS } from "../limits";
import { failure, type ExchangeRecorder } from "../recorder";
import { settlesWithin, StdioProcess, type ProcessEvent, type StdioSpec } from "./process";
import type { IdClaim } from "./outstanding";
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
  if (spawned && proc.firstStdoutAt !== undefined)
    rec.process.spawnToFirstByteMs = Math.round((proc.firstStdoutAt - proc.spawnedAt) * 10) / 10;
  if (proc.exit && !proc.running) rec.process.exit = { ...proc.exit };
  return outcome;
}

function record(rec: ExchangeRecorder, event: ProcessEvent, unsolicited: boolean): void {
  switch (event.kind) {
    case "stdout": {
      const { bytes, owner, ...line } = event; // bytes feed the per-exchange size limit; owner, the matching
      void bytes;
      void owner;
      rec.add(unsolicited ? { ...line, unsolicited } : line);
      if (event.frame !== undefined) rec.receive(event.frame);
      return;
    }
    case "skipped":
      return; // counted by the exchange, never recorded
    case "stderr":
      rec.add({ kind: "stderr", at: event.at, text: event.text, ...(unsolicited ? { unsolicited } : {}) });
      return;
    case "exit":
      rec.add({
        kind: "exit",
        at: event.at,
        pid: event.pid,
        code: event.code,
        signal: event.signal,
        ...(unsolicited ? { unsolicited } : {}),
      });
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
function exchangeWith(
  proc: StdioProcess,
  frameText: string,
  opts: StdioSendOptions,
  spawned: boolean,
): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  const awaiting = awaitingFor(opts.parsed);

  const backlog = proc.takeBacklog();
  if (backlog.dropped > 0) {
    rec.note(
      `${backlog.dropped} earlier unsolicited events were dropped (between sends the bridge keeps the last ${LIMITS.maxUnsolicitedEvents} events, at most ${LIMITS.maxUnsolicitedBytes} bytes)`,
    );
  }
  // Output of a process this exchange started is part of it; anything older (a previous process's exit, a
  // late reply between sends) is unsolicited.
  for (const event of backlog.events) record(rec, event, !spawned || event.at < proc.spawnedAt);

  return new Promise<ExchangeOutcome>((resolve) => {
    let settled = false;
    // What the process wrote between sends is handed to this exchange, so it counts toward its reply limit.
    let replyBytes = backlog.events.reduce((n, event) => n + (event.kind === "stdout" ? event.bytes + 1 : 0), 0);
    let nonJsonLines = 0;
    let skimming = false;
    let skippedLines = 0;
    let parsedPastCap = 0;
    const tooManyBytes = () =>
      failure(
        "size",
        `the server wrote more than ${LIMITS.maxReplyBytesPerExchange} bytes to stdout in this exchange; the bridge stopped reading it`,
      );
    let stderrShown = 0;
    let stderrHidden = 0;
    const batchAnswers = new Map<string, unknown>();
    let timer: NodeJS.Timeout | undefined;
    let deadline: ProgressDeadline | undefined = undefined; // set once the frame is written (settle may run before)

    const settle = (outcome: ExchangeOutcome) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      deadline?.stop();
      const extended = deadline?.summary();
      if (extended) rec.note(extended, true);
      detach();
      opts.signal.removeEventListener("abort", onAbort);
      if (idClaim) {
        // Without its reply the request still owns a late one for a while; a later reuse of the id waits its turn.
        if (outcome.kind !== "response") proc.outstanding.abandon(idClaim);
        if (idClaim.reusedBy > 0) {
          rec.idReuse ??= `id ${JSON.stringify(idClaim.id)} was reused by a later request to this process while this one waited: a reply cannot say which request it answers, so replies to a reused id are handed out in send order`;
          rec.note(rec.idReuse, true);
        }
      }
      if (skippedLines > 0)
        rec.note(
          `${skippedLines} stdout lines past the record cap were counted, not parsed (none can be a frame: they do not start with { or [)`,
          true,
        );
      if (stderrHidden > 0)
        rec.note(
          `${stderrHidden} more stderr lines were not added to this exchange (the process's stderr tail keeps the last ${LIMITS.stderrRingLines})`,
        );
      resolve(outcome);
    };

    /** The frame answers the request (or one request of the batch). */
    let idClaim: IdClaim | undefined;
    const answers = (frame: unknown, owner?: IdClaim): boolean => {
      if (awaiting.kind === "id" && answersSingle(awaiting, frame) && owner !== undefined && owner !== idClaim) {
        const sent = new Date(owner.sentAt).toISOString().slice(11, 23);
        rec.note(
          `a reply with id ${JSON.stringify(awaiting.id)} arrived but was handed to the earlier request with the same id (sent at ${sent}${owner.abandonedUntil ? ", since timed out or cancelled" : ""}): replies to a reused id go out in send order`,
          true,
        );
        return false;
      }
      if (awaiting.kind === "id" || awaiting.kind === "null-id") return answersSingle(awaiting, frame);
      if (awaiting.kind !== "batch") return false;
      if (Array.isArray(frame)) return true;
      return (
        classifyFrame(frame) === "response" && awaiting.ids.some((want) => sameId(want, (frame as { id: unknown }).id))
      );
    };

    const onEvent = (event: ProcessEvent) => {
      if (settled) return;
      if (event.kind === "skipped") {
        skippedLines += event.lines;
        nonJsonLines += event.lines;
        replyBytes += event.bytes + event.lines;
        if (replyBytes > LIMITS.maxReplyBytesPerExchange) return settle(tooManyBytes());
        return;
      }
      if (event.kind === "stderr") {
        if (stderrShown >= LIMITS.maxStderrEventsPerExchange) {
          stderrHidden++;
          return;
        }
        stderrShown++;
      }
      const answer = event.kind === "stdout" && event.frame !== undefined && answers(event.frame, event.owner);
      record(rec, event, false);
      if (event.kind === "fatal") return settle(failure("framing", event.message, proc.stderrTail));
      if (event.kind === "exit") {
        const what =
          awaiting.kind === "none" ? "after the message was written" : `before sending ${describeAwaiting(awaiting)}`;
        return settle(failure("exit", `${describeExit(proc)} ${what}`, proc.stderrTail));
      }
      if (event.kind !== "stdout") return;
      replyBytes += event.bytes + 1;
      if (replyBytes > LIMITS.maxReplyBytesPerExchange) return settle(tooManyBytes());
      if (skimming && !answer && ++parsedPastCap > LIMITS.maxParsedLinesPastCap) {
        return settle(
          failure(
            "size",
            `the server wrote more than ${LIMITS.maxParsedLinesPastCap} lines that may be frames after this exchange's first ${LIMITS.maxEventsPerExchange} events, without the reply; the bridge stopped reading them`,
          ),
        );
      }
      if (!skimming && rec.droppedEvents > 0) {
        // The record is full: from now on lines that cannot be a frame are only counted (see skimFor).
        skimming = true;
        proc.skimFor(onEvent);
      }
      if (event.frame === undefined) {
        nonJsonLines++;
        return;
      }
      if (deadline?.observe(event.frame) && deadline.extensions === 1)
        rec.note(
          `notifications/progress for this request's token restarted the ${opts.timeoutMs} ms timeout (at most ${opts.progress!.maxTotalMs} ms in all)`,
        );
      if (!answer) return;
      const frame = event.frame;
      if (awaiting.kind !== "batch" || Array.isArray(frame)) return settle({ kind: "response", frame });
      batchAnswers.set(JSON.stringify((frame as { id: unknown }).id), frame);
      if (batchAnswers.size === awaiting.ids.length) settle({ kind: "response", frame: [...batchAnswers.values()] });
    };
    const detach = proc.listen(onEvent);

    const onAbort = () => {
      if (settled) return;
      const requestId = awaiting.kind === "id" ? awaiting.id : undefined;
      if (requestId !== undefined) {
        const cancel = JSON.stringify({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId, reason: "User cancelled" },
        });
        if (proc.writeLine(cancel)) rec.add({ kind: "stdin", text: cancel });
        settle(
          failure(
            "cancelled",
            `cancelled by the user; sent notifications/cancelled for request ${JSON.stringify(requestId)}`,
          ),
        );
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
    const unread = proc.stdinPendingBytes;
    if (unread >= LIMITS.maxStdinPendingBytes) {
      return settle(
        failure(
          "refused",
          `the process (pid ${proc.pid}) has not read the last ${unread} bytes the bridge wrote to its stdin (it does not read, or reads slowly); the bridge queues at most ${LIMITS.maxStdinPendingBytes} bytes for a process, so nothing was sent`,
          proc.stderrTail,
        ),
      );
    }
    if (awaiting.kind === "id") {
      const { claim, earlier } = proc.outstanding.open(awaiting.id);
      idClaim = claim;
      if (earlier.length > 0) {
        const id = JSON.stringify(awaiting.id);
        rec.idReuse = `id ${id} is reused: ${earlier.length} earlier request${earlier.length > 1 ? "s" : ""} with id ${id} to this process may still be answered (in flight, or timed out within the last ${LIMITS.lateReplyWindowMs / 1000} s). A reply cannot say which request it answers, so the first goes to the earliest request; use a fresh id to be sure`;
        rec.note(rec.idReuse);
      }
    }
    if (!proc.writeLine(frameText)) {
      // Gone before the write (e.g. it exits at start-up): wait briefly for its exit status to name it.
      void settlesWithin(proc.closed, 500).then(() =>
        settle(failure("exit", `${describeExit(proc)} before the message could be written`, proc.stderrTail)),
      );
      return;
    }
    rec.add({ kind: "stdin", text: frameText });

    if (awaiting.kind === "none") {
      timer = setTimeout(
        () =>
          settle({
            kind: "notification",
            note: `no reply expected; listened ${LIMITS.notificationGraceMs} ms for anything the server wrote in reaction`,
          }),
        LIMITS.notificationGraceMs,
      );
      return;
    }
    deadline = new ProgressDeadline(opts.timeoutMs, progressTokenOf(opts.parsed?.value), opts.progress, () => {
      const pending = proc.pendingStdoutBytes;
      if (pending > 0) {
        const { text, invalidUtf8 } = proc.pendingStdoutText();
        rec.add({
          kind: "stdout",
          text,
          partial: true,
          parseError: `no newline yet after ${pending} bytes`,
          ...(invalidUtf8 ? { invalidUtf8 } : {}),
        });
      }
      if (awaiting.kind === "id") proc.lastTimeout = { at: Date.now(), id: awaiting.id };
      const parts = [timeoutHead(awaiting, opts.timeoutMs)];
      if (nonJsonLines > 0)
        parts.push(
          `stdout carried ${nonJsonLines} line${nonJsonLines > 1 ? "s" : ""} that are not JSON (a server must write only JSON-RPC frames to stdout; logs go to stderr)`,
        );
      if (pending > 0)
        parts.push(`stdout holds ${pending} bytes without a trailing newline (each message must end with \\n)`);
      if (opts.processMode === "keep")
        parts.push(
          `the process (pid ${proc.pid}) stays up; a late reply will show as unsolicited in the next exchange`,
        );
      if (deadline?.capped)
        parts.push(`progress kept it alive until the maximum total of ${opts.progress!.maxTotalMs} ms`);
      settle(failure(nonJsonLines > 0 ? "framing" : "timeout", parts.join("; "), proc.stderrTail));
    });
    deadline.start();
  });
}
