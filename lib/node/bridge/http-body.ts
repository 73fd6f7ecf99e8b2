/**
 * Reading a Streamable HTTP response body for one exchange: an SSE stream event by event (eventsource-parser),
 * or the whole body as one document, both under the per-exchange size cap. The request head, the timeout and
 * the settling live in ./http; this module decides what the body means. Importable by the CLI.
 */
import type { IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { answersSingle, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame, sameId } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { LIMITS } from "./limits";
import { describeRedirect } from "./policy";
import { failure, type ExchangeRecorder } from "./recorder";

/** Body bytes read so far (the request's timeout message reports it). */
export interface BodyCount {
  bytes: number;
}

/** What a body reader needs from the request it reads for. */
export interface BodyReading {
  rec: ExchangeRecorder;
  awaiting: Awaiting;
  url: URL;
  body: BodyCount;
  isSettled(): boolean;
  settle(outcome: ExchangeOutcome): void;
  /** The reply has arrived: the request's timeout no longer applies (a short drain grace follows). */
  stopTimer(): void;
  /** Every frame of an SSE stream, as it arrives (progress for the request's token restarts the timeout). */
  onFrame?: (frame: unknown) => void;
  /** Set by the reader: notes on what it skipped, added however the exchange ends (reply, timeout, cancel). */
  beforeSettle?: () => void;
}

/** Text that may be a JSON-RPC frame: its first non-blank character is { or [. */
function mayBeFrameText(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === "{" || first[0] === "[");
}

function tooLarge(reading: BodyReading): void {
  reading.settle(
    failure("size", `the reply exceeded ${LIMITS.maxReplyBytesPerExchange} bytes; the bridge stopped reading`),
  );
}

function answers(awaiting: Awaiting, frame: unknown): boolean {
  return awaiting.kind === "batch" ? Array.isArray(frame) : answersSingle(awaiting, frame);
}

/** A body that is a JSON-RPC message (or batch) rather than some other JSON (`{"error":"nope"}`). */
function looksLikeJsonRpc(frame: unknown): boolean {
  const kind = classifyFrame(frame);
  if (kind !== "other") return true;
  return frame !== null && typeof frame === "object" && "jsonrpc" in frame;
}

export function statusLine(res: IncomingMessage): string {
  return `HTTP ${res.statusCode} ${res.statusMessage ?? ""}`.trim();
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > LIMITS.bodyExcerptChars ? `${oneLine.slice(0, LIMITS.bodyExcerptChars)}…` : oneLine;
}

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * A flood's reading pace: once a stream has sent LIMITS.floodEventsBeforePacing events, each chunk is paid for
 * from a budget refilled at LIMITS.floodBytesPerSecond; past it the socket is paused until the budget is back
 * (TCP backpressure then slows the server too). The event loop stays free for other clients' calls however many
 * floods run. The exchange says it was paced.
 */
export class FloodPacing {
  /** Starts empty: a flood gets no burst beyond what it sent before it was recognised. */
  private budget = 0;
  private last = 0;
  private noted = false;
  /** Times the socket was paused (tests and the note read it). */
  pauses = 0;

  constructor(
    private readonly res: IncomingMessage,
    private readonly eventsSoFar: () => number,
    private readonly rec: ExchangeRecorder,
  ) {}

  afterChunk(bytes: number): void {
    if (this.eventsSoFar() < LIMITS.floodEventsBeforePacing) return;
    const now = performance.now();
    if (!this.noted) {
      this.noted = true;
      this.last = now;
      this.rec.note(
        `a flood: after ${LIMITS.floodEventsBeforePacing} events the bridge reads this stream at most ${LIMITS.floodBytesPerSecond / 1024 / 1024} MiB/s, so other calls are not held up`,
        true,
      );
    }
    this.budget =
      Math.min(LIMITS.floodBytesPerSecond / 10, this.budget + ((now - this.last) / 1000) * LIMITS.floodBytesPerSecond) -
      bytes;
    this.last = now;
    if (this.budget >= 0) return;
    this.pauses++;
    this.res.pause();
    const wait = Math.ceil((-this.budget / LIMITS.floodBytesPerSecond) * 1000);
    setTimeout(() => {
      if (!this.res.destroyed) this.res.resume();
    }, wait).unref();
  }
}

export function readSse(res: IncomingMessage, reading: BodyReading): void {
  const { rec, awaiting } = reading;
  const settle = reading.settle;
  const tooBig = () => tooLarge(reading);
  const decoder = new TextDecoder();
  let events = 0;
  let skipped = 0;
  let parsedPastCap = 0;
  reading.beforeSettle = () => {
    if (skipped > 0)
      rec.note(
        `${skipped} SSE events past the record cap were counted, not parsed (none can be a frame: their data does not start with { or [)`,
        true,
      );
  };
  // The reply normally ends the stream; anything the server still sends is shown, for a short grace only.
  let reply: unknown;
  const drainThenSettle = (frame: unknown) => {
    reply = frame;
    reading.stopTimer();
    setTimeout(() => {
      if (reading.isSettled()) return;
      rec.note(
        `the server kept the SSE stream open after the reply; the bridge closed it after ${LIMITS.notificationGraceMs} ms`,
      );
      settle({ kind: "response", frame });
    }, LIMITS.notificationGraceMs);
  };
  const batchAnswers = new Map<string, unknown>();
  const parser = createParser({
    onEvent(event) {
      if (reading.isSettled()) return;
      events++;
      if (rec.droppedEvents > 0) {
        // The record is full: an event that cannot be a frame is only counted (a flood of tiny events must cost
        // next to nothing each); one that may be is still parsed, so the reply is found, up to a budget.
        if (!mayBeFrameText(event.data)) return void skipped++;
        if (++parsedPastCap > LIMITS.maxParsedLinesPastCap) {
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
      if (reply !== undefined) return; // a trailing event after the reply: recorded, nothing more to decide
      if (answers(awaiting, parsed.value)) return drainThenSettle(parsed.value);
      if (batchPart) {
        batchAnswers.set(JSON.stringify((parsed.value as { id: unknown }).id), parsed.value);
        if (batchAnswers.size === awaiting.ids.length) settle({ kind: "response", frame: [...batchAnswers.values()] });
      }
    },
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
  const pacing = new FloodPacing(res, () => events, rec);
  res.on("data", (chunk: Buffer) => {
    if (reading.isSettled()) return;
    pacing.afterChunk(chunk.length);
    reading.body.bytes += chunk.length;
    if (reading.body.bytes > LIMITS.maxReplyBytesPerExchange) return tooBig();
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
    if (reply !== undefined) return settle({ kind: "response", frame: reply });
    if (awaiting.kind === "none")
      return settle({ kind: "notification", note: `${statusLine(res)}; the SSE stream ended after ${events} events` });
    const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
    if (!ok)
      return settle(failure("http-status", `${statusLine(res)}: an SSE stream with ${events} events and no reply`));
    settle(
      failure(
        "framing",
        `the SSE stream ended after ${events} event${events === 1 ? "" : "s"} without a reply${awaiting.kind === "id" ? ` to id ${JSON.stringify(awaiting.id)}` : ""}`,
      ),
    );
  });
}

export function readWhole(res: IncomingMessage, reading: BodyReading): void {
  const { rec, awaiting, url } = reading;
  const settle = reading.settle;
  const tooBig = () => tooLarge(reading);
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => {
    if (reading.isSettled()) return;
    reading.body.bytes += chunk.length;
    if (reading.body.bytes > LIMITS.maxReplyBytesPerExchange) {
      const head = Buffer.concat(chunks, Math.min(4096, reading.body.bytes - chunk.length)).toString("utf8");
      rec.add({ kind: "http-body", text: head, truncated: true });
      return tooBig();
    }
    chunks.push(chunk);
  });
  res.on("end", () => {
    if (reading.isSettled()) return;
    const text = Buffer.concat(chunks).toString("utf8");
    const status = res.statusCode ?? 0;
    const ok = status >= 200 && status < 300;
    let frame: unknown;
    let isFrame = false;
    if (text !== "") {
      const parsed = parseFrameWithin(text, LIMITS.maxFrameDepth);
      if (parsed.ok) {
        frame = parsed.value;
        rec.add({ kind: "http-body", text, frame });
        isFrame = looksLikeJsonRpc(frame);
        if (isFrame) rec.receive(frame);
      } else {
        rec.add({ kind: "http-body", text, parseError: parsed.error });
      }
    }
    if (status >= 300 && status < 400) {
      const location = res.headers.location;
      const verdict = location ? describeRedirect(location, url.href) : "";
      return settle(
        failure(
          "http-status",
          `${statusLine(res)}${location ? ` → Location: ${location}` : ""} (the bridge does not follow redirects${verdict})`,
        ),
      );
    }
    if (isFrame) {
      if (awaiting.kind === "none" && ok)
        return settle({ kind: "notification", note: `${statusLine(res)} with a JSON-RPC body` });
      if (awaiting.kind !== "none" && !answers(awaiting, frame) && classifyFrame(frame) === "response") {
        rec.note(
          `the reply's id ${JSON.stringify((frame as { id: unknown }).id)} is not the request's id${awaiting.kind === "id" ? ` ${JSON.stringify(awaiting.id)}` : ""}`,
        );
      }
      return settle({ kind: "response", frame });
    }
    if (text === "") {
      if (awaiting.kind === "none" && ok)
        return settle({ kind: "notification", note: `${statusLine(res)} with an empty body` });
      if (ok)
        return settle(
          failure("http-status", `${statusLine(res)} with an empty body: no reply to the request on this POST`),
        );
      return settle(failure("http-status", `${statusLine(res)} with an empty body`));
    }
    if (!ok) return settle(failure("http-status", `${statusLine(res)}: ${excerpt(text)}`));
    if (awaiting.kind === "none")
      return settle({ kind: "notification", note: `${statusLine(res)} with a body that is not JSON-RPC` });
    const type = mediaType(res.headers["content-type"]) || "no Content-Type";
    settle(failure("framing", `${statusLine(res)} (${type}) carried no JSON-RPC reply: ${excerpt(text)}`));
  });
}
