/**
 * A stdio process's stdout cut into lines: each line decoded and parsed once (with the reply's owner taken from the
 * outstanding ids), lines that cannot be a frame only counted while every listener skims, and a line that grows past
 * the limit without a newline reported as broken framing. ./process owns one per process and hands it the chunks.
 */
import { performance } from "node:perf_hooks";
import { streamFrameParser } from "@/lib/protocol/json-depth";
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
  /** Stops stdout's chunks until the returned function is called (the reader hands the event loop back). */
  pause?(): () => void;
}

export class StdoutLines {
  private chunks: Buffer[] = [];
  private pending = 0;
  private broken = false;
  /** The part of a chunk not cut into lines yet: the reader yielded mid-chunk (see scan). */
  private held: { chunk: Buffer; from: number } | undefined;
  /** A flood's repeated junk line is described once (json-depth.ts). */
  private readonly parse = streamFrameParser(LIMITS.maxFrameDepth);

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
    if (this.held) {
      // Only while paused could a chunk come in behind the held one; it waits its turn.
      this.held = { chunk: Buffer.concat([this.held.chunk.subarray(this.held.from), chunk]), from: 0 };
      return;
    }
    this.scan(chunk, 0, true);
  }

  /**
   * Cuts lines from `chunk` starting at `from`. Past LIMITS.readerTurnMs (and when the sink can pause stdout), the
   * rest of the chunk waits for a later turn with stdout paused: a chunk of tens of thousands of lines that must each
   * be parsed must not hold up other clients' calls.
   */
  private scan(chunk: Buffer, from: number, mayYield: boolean): void {
    const started = performance.now();
    // Re-asked after every emitted line: the line that fills the record makes the rest of this chunk skimmed.
    let skimming = this.sink.skimming();
    let skippedLines = 0;
    let skippedBytes = 0;
    let start = from;
    let emitted = 0;
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
        if (this.broken) return;
        skimming = this.sink.skimming();
        emitted++;
      }
      start = newline + 1;
      if (mayYield && this.sink.pause && emitted % 64 === 0 && emitted > 0 && start < chunk.length) {
        if (performance.now() - started >= LIMITS.readerTurnMs) {
          this.emitSkipped(skippedLines, skippedBytes);
          this.held = { chunk, from: start };
          const resume = this.sink.pause();
          setImmediate(() => {
            const held = this.held;
            this.held = undefined;
            // Resumed first: no chunk can arrive during the scan, and a scan that yields again pauses again.
            resume();
            if (held && !this.broken) this.scan(held.chunk, held.from, true);
          });
          return;
        }
      }
    }
    this.emitSkipped(skippedLines, skippedBytes);
    if (start < chunk.length) {
      this.chunks.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    if (this.pending > LIMITS.maxStdoutLineBytes) this.breakFraming();
  }

  private emitSkipped(lines: number, bytes: number): void {
    if (lines > 0) this.sink.emit({ kind: "skipped", at: performance.now(), lines, bytes });
  }

  /** The process has exited: a last line without its newline is still reported (marked partial). */
  flush(): void {
    const held = this.held;
    this.held = undefined;
    if (held && !this.broken) this.scan(held.chunk, held.from, false);
    if (this.pending === 0) return;
    const bytes = Buffer.concat(this.chunks);
    this.chunks = [];
    this.pending = 0;
    this.emitLine(bytes, true);
  }

  private emitLine(bytes: Uint8Array, partial: boolean): void {
    const { text, invalidUtf8 } = decodeLine(bytes);
    const parsed = this.parse(text);
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
