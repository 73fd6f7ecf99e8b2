/**
 * Reading a Streamable HTTP response that is an SSE stream, event by event (eventsource-parser), under the
 * per-exchange size cap and the record cap; a flood is read at a pace (./flood-pacing). The whole-body reader and
 * what both share are ./http-body. Importable by the CLI.
 */
import type { IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { classifyFrame, sameId } from "@/lib/protocol/jsonrpc";
import { streamFrameParser } from "@/lib/protocol/json-depth";
import { FloodPacing, ReadGate } from "./flood-pacing";
import { answers, statusLine, tooLarge, type BodyReading } from "./http-body";
import { LIMITS } from "./limits";
import { failure } from "./recorder";

/** Text that may be a JSON-RPC frame: its first non-blank character is { or [. */
function mayBeFrameText(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === "{" || first[0] === "[");
}

/** What one SSE stream has shown so far: counts for the notes, the reply once found, a batch's answers. */
interface SseState {
  events: number;
  skipped: number;
  parsedPastCap: number;
  reply: unknown;
  readonly batchAnswers: Map<string, unknown>;
  /** The stream's parser of event data: a flood's repeated junk is described once. */
  readonly parseData: (text: string) => ReturnType<ReturnType<typeof streamFrameParser>>;
  /** The reply has arrived: show what follows for a short grace, then settle with it. */
  drainThenSettle(frame: unknown): void;
}

function onSseEvent(reading: BodyReading, state: SseState, event: EventSourceMessage): void {
  const { rec, awaiting, settle } = reading;
  if (reading.isSettled()) return;
  state.events++;
  if (rec.droppedEvents > 0) {
    // The record is full: an event that cannot be a frame is only counted (a flood of tiny events must cost
    // next to nothing each); one that may be is still parsed, so the reply is found, up to a budget.
    if (!mayBeFrameText(event.data)) return void state.skipped++;
    if (++state.parsedPastCap > LIMITS.maxParsedLinesPastCap) {
      return settle(
        failure(
          "size",
          `the server sent more than ${LIMITS.maxParsedLinesPastCap} SSE events that may be frames after this exchange's first ${LIMITS.maxEventsPerExchange} events, without the reply; the bridge stopped reading`,
        ),
      );
    }
  }
  const base = {
    kind: "sse-event" as const,
    data: event.data,
    ...(event.event !== undefined ? { event: event.event } : {}),
    ...(event.id !== undefined ? { id: event.id } : {}),
  };
  // An empty data field is a priming event (it only carries an id for resumption): shown, not parsed.
  if (event.data === "") return rec.add(base);
  const parsed = state.parseData(event.data);
  if (!parsed.ok) return rec.add({ ...base, parseError: parsed.error });
  const batchPart =
    awaiting.kind === "batch" &&
    classifyFrame(parsed.value) === "response" &&
    awaiting.ids.some((want) => sameId(want, (parsed.value as { id: unknown }).id));
  rec.add({ ...base, frame: parsed.value });
  rec.receive(parsed.value);
  reading.onFrame?.(parsed.value);
  if (state.reply !== undefined) return; // a trailing event after the reply: recorded, nothing more to decide
  if (answers(awaiting, parsed.value)) return state.drainThenSettle(parsed.value);
  if (batchPart) {
    state.batchAnswers.set(JSON.stringify((parsed.value as { id: unknown }).id), parsed.value);
    if (state.batchAnswers.size === awaiting.ids.length)
      settle({ kind: "response", frame: [...state.batchAnswers.values()] });
  }
}

/** How a stream that ended without settling ends the exchange. */
function endOfStream(res: IncomingMessage, reading: BodyReading, state: SseState): ExchangeOutcome {
  const { awaiting } = reading;
  const events = state.events;
  if (state.reply !== undefined) return { kind: "response", frame: state.reply };
  if (awaiting.kind === "none")
    return { kind: "notification", note: `${statusLine(res)}; the SSE stream ended after ${events} events` };
  const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
  if (!ok) return failure("http-status", `${statusLine(res)}: an SSE stream with ${events} events and no reply`);
  return failure(
    "framing",
    `the SSE stream ended after ${events} event${events === 1 ? "" : "s"} without a reply${awaiting.kind === "id" ? ` to id ${JSON.stringify(awaiting.id)}` : ""}`,
  );
}

/** How much of a chunk is parsed before the reader checks the time it has taken this turn. */
const PARSE_SLICE_BYTES = 8 * 1024;

/** The index just past the first line break (LF or CR) at or after `from`; the buffer's length if none. */
function lineBreakAfter(buf: Buffer, from: number): number {
  for (let i = from; i < buf.length; i++) if (buf[i] === 0x0a || buf[i] === 0x0d) return i + 1;
  return buf.length;
}

/**
 * Hands a stream's bytes to `feed` as text, whole lines at a time, a slice at a time: after LIMITS.readerTurnMs
 * inside one chunk the socket is paused and the rest is fed in a later turn, so other calls get theirs in between.
 * What each turn cost (bytes, CPU time) is paid to the flood pacing.
 */
function feedInTurns(
  res: IncomingMessage,
  reading: BodyReading,
  gate: ReadGate,
  pacing: FloodPacing,
  feed: (text: string) => void,
): { finish(): void } {
  const decoder = new TextDecoder();
  // Bytes after the last line break are held here and fed only once a break arrives: the SSE parser rescans its
  // unfinished line on every feed, so a 16 MiB line fed chunk by chunk costs seconds.
  let unbroken: Buffer[] = [];
  // What arrived but is not fed yet.
  let pending: Buffer | undefined;
  const feedLines = (bytes: Buffer) => {
    feed(decoder.decode(unbroken.length > 0 ? Buffer.concat([...unbroken, bytes]) : bytes, { stream: true }));
    unbroken = [];
  };
  const feedPending = () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let fed = 0;
    while (pending && !reading.isSettled()) {
      const lastBreak = Math.max(pending.lastIndexOf(0x0a), pending.lastIndexOf(0x0d));
      if (lastBreak === -1) {
        unbroken.push(pending);
        fed += pending.length;
        pending = undefined;
        break;
      }
      // A slice ends just after a line break, so the parser never holds half a line between slices.
      const sliceEnd = lineBreakAfter(pending, Math.min(PARSE_SLICE_BYTES, lastBreak));
      feedLines(pending.subarray(0, sliceEnd));
      fed += sliceEnd;
      pending = sliceEnd < pending.length ? pending.subarray(sliceEnd) : undefined;
      if (pending && performance.now() - started >= LIMITS.readerTurnMs) {
        gate.hold("turn");
        setImmediate(() => {
          // Released first (resume() takes effect on a later tick): a turn that yields again holds again.
          gate.release("turn");
          feedPending();
        });
        break;
      }
    }
    // The share pays for CPU time, not wall time: on a busy machine the wait for a core is nobody's reading.
    const used = process.cpuUsage(cpu);
    if (!reading.isSettled()) pacing.afterChunk(fed, (used.user + used.system) / 1000);
  };
  res.on("data", (chunk: Buffer) => {
    if (reading.isSettled()) return;
    reading.body.bytes += chunk.length;
    if (reading.body.bytes > LIMITS.maxReplyBytesPerExchange) return tooLarge(reading);
    const waiting = pending !== undefined;
    pending = waiting ? Buffer.concat([pending!, chunk]) : chunk;
    if (!waiting) feedPending();
  });
  return {
    finish() {
      if (pending) unbroken.push(pending);
      pending = undefined;
      feed(decoder.decode(Buffer.concat(unbroken)));
    },
  };
}

export function readSse(res: IncomingMessage, reading: BodyReading): void {
  const { rec } = reading;
  const state: SseState = {
    events: 0,
    skipped: 0,
    parsedPastCap: 0,
    reply: undefined,
    batchAnswers: new Map(),
    parseData: streamFrameParser(LIMITS.maxFrameDepth),
    // The reply normally ends the stream; anything the server still sends is shown, for a short grace only.
    drainThenSettle(frame) {
      state.reply = frame;
      reading.stopTimer();
      setTimeout(() => {
        if (reading.isSettled()) return;
        rec.note(
          `the server kept the SSE stream open after the reply; the bridge closed it after ${LIMITS.notificationGraceMs} ms`,
        );
        reading.settle({ kind: "response", frame });
      }, LIMITS.notificationGraceMs);
    },
  };
  reading.beforeSettle = () => {
    pacing.finishNote();
    if (state.skipped > 0)
      rec.note(
        `${state.skipped} SSE events past the record cap were counted, not parsed (none can be a frame: their data does not start with { or [)`,
        true,
      );
  };
  const parser = createParser({
    onEvent: (event) => onSseEvent(reading, state, event),
    onComment(comment) {
      if (!reading.isSettled()) rec.note(`SSE comment: ${comment}`);
    },
    onError(error) {
      if (!reading.isSettled()) rec.note(`SSE: ${error.message}`);
    },
  });
  const gate = new ReadGate(res);
  const pacing = new FloodPacing(gate, () => state.events, rec, reading.client);
  res.once("close", () => pacing.end());
  const lines = feedInTurns(res, reading, gate, pacing, (text) => parser.feed(text));
  res.on("end", () => {
    if (reading.isSettled()) return;
    lines.finish();
    parser.reset({ consume: true });
    if (reading.isSettled()) return;
    reading.settle(endOfStream(res, reading, state));
  });
}
