/**
 * A stdio process's stdout cut into lines: each line decoded and parsed once (with the reply's owner taken from the
 * outstanding ids), lines that cannot be a frame only counted while every listener skims, and a line that grows past
 * the limit without a newline reported as broken framing. ./process owns one per process and hands it the chunks.
 */
import { performance } from "node:perf_hooks";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { classifyFrame } from "@/lib/protocol/jsonrpc";
import { LIMITS } from "../limits";
import type { ProcessEvent } from "./events";
import { decodeLine, mayBeFrame } from "./lines";
import type { OutstandingIds } from "./outstanding";

export interface StdoutSink {
  emit(event: ProcessEvent): void;
  /** True while nobody keeps the lines (every listener's record is full): junk lines are counted, not decoded. */
  skimming(): boolean;
  /** A line grew past the limit: the process must go. */
  framingBroken(): void;
}

export class StdoutLines {
  private chunks: Buffer[] = [];
  private pending = 0;
  private broken = false;

  constructor(
    private readonly sink: StdoutSink,
    private readonly outstanding: OutstandingIds,
  ) {}

  /** Bytes received after the last newline. */
  get pendingBytes(): number {
    return this.pending;
  }

  pendingText(): { text: string; invalidUtf8: boolean } {
    return decodeLine(Buffer.concat(this.chunks));
  }

  push(chunk: Buffer): void {
    if (this.broken) return;
    const skimming = this.sink.skimming();
    let skippedLines = 0;
    let skippedBytes = 0;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      if (skimming && this.chunks.length === 0 && !mayBeFrame(chunk, start, newline)) {
        // Counted, not decoded or parsed: a flood of tiny lines must cost next to nothing per line.
        skippedLines++;
        skippedBytes += newline - start;
      } else {
        const piece = chunk.subarray(start, newline);
        const line = this.chunks.length > 0 ? Buffer.concat([...this.chunks, piece]) : piece;
        this.chunks = [];
        this.pending = 0;
        this.emitLine(line, false);
      }
      start = newline + 1;
    }
    if (skippedLines > 0)
      this.sink.emit({ kind: "skipped", at: performance.now(), lines: skippedLines, bytes: skippedBytes });
    if (start < chunk.length) {
      this.chunks.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    if (this.pending > LIMITS.maxStdoutLineBytes) this.breakFraming();
  }

  /** The process has exited: a last line without its newline is still reported (marked partial). */
  flush(): void {
    if (this.pending === 0) return;
    const bytes = Buffer.concat(this.chunks);
    this.chunks = [];
    this.pending = 0;
    this.emitLine(bytes, true);
  }

  private emitLine(bytes: Uint8Array, partial: boolean): void {
    const { text, invalidUtf8 } = decodeLine(bytes);
    const parsed = parseFrameWithin(text, LIMITS.maxFrameDepth);
    const event: Extract<ProcessEvent, { kind: "stdout" }> = {
      kind: "stdout",
      at: performance.now(),
      text,
      bytes: bytes.length,
    };
    if (parsed.ok) {
      event.frame = parsed.value;
      // A reply goes to the oldest request still waiting for its id (a reused id has more than one).
      if (this.outstanding.size > 0 && classifyFrame(parsed.value) === "response")
        event.owner = this.outstanding.take((parsed.value as { id: unknown }).id);
    } else event.parseError = text === "" ? "empty line" : parsed.error;
    if (partial) event.partial = true;
    if (invalidUtf8) event.invalidUtf8 = true;
    this.sink.emit(event);
  }

  private breakFraming(): void {
    this.broken = true;
    const head = Buffer.concat(this.chunks).subarray(0, 4096);
    const size = this.pending;
    this.chunks = [];
    this.pending = 0;
    this.sink.emit({
      kind: "stdout",
      at: performance.now(),
      text: decodeLine(head).text,
      bytes: size,
      partial: true,
      parseError: `line cut: ${size} bytes without a newline`,
    });
    this.sink.emit({
      kind: "fatal",
      at: performance.now(),
      message: `stdout sent more than ${LIMITS.maxStdoutLineBytes} bytes without a newline: stdio framing is broken (each message must be one line ending in \\n); the process was killed`,
    });
    this.sink.framingBroken();
  }
}
