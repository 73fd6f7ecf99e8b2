/**
 * Reading a Streamable HTTP response that is an SSE stream, event by event (eventsource-parser), under the
 * per-exchange size cap and the record cap; a flood is read at a pace (./flood-pacing). The whole-body reader and
 * what both share are ./http-body. Importable by the CLI.
 */
import type { IncomingMessage } from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { classifyFrame, sameId } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { FloodPacing } from "./flood-pacing";
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
  const parsed = parseFrameWithin(event.data, LIMITS.maxFrameDepth);
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

export function readSse(res: IncomingMessage, reading: BodyReading): void {
  const { rec } = reading;
  const decoder = new TextDecoder();
  const state: SseState = {
    events: 0,
    skipped: 0,
    parsedPastCap: 0,
    reply: undefined,
    batchAnswers: new Map(),
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
  // Bytes after the last line break are held here and fed to the parser only once a break arrives: the
  // parser rescans its unfinished line on every feed, so a 16 MiB line fed chunk by chunk costs seconds.
  let unbroken: Buffer[] = [];
  const pacing = new FloodPacing(res, () => state.events, rec);
  res.on("data", (chunk: Buffer) => {
    if (reading.isSettled()) return;
    pacing.afterChunk(chunk.length);
    reading.body.bytes += chunk.length;
    if (reading.body.bytes > LIMITS.maxReplyBytesPerExchange) return tooLarge(reading);
    if (chunk.indexOf(0x0a) === -1 && chunk.indexOf(0x0d) === -1) return void unbroken.push(chunk);
    const bytes = unbroken.length > 0 ? Buffer.concat([...unbroken, chunk]) : chunk;
    unbroken = [];
    parser.feed(decoder.decode(bytes, { stream: true }));
  });
  res.on("end", () => {
    if (reading.isSettled()) return;
    parser.feed(decoder.decode(Buffer.concat(unbroken)));
    parser.reset({ consume: true });
    if (reading.isSettled()) return;
    reading.settle(endOfStream(res, reading, state));
  });
}
