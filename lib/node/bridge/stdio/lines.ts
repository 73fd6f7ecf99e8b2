/**
 * Line framing: decoding a stdout line, the cheap test that tells whether it may be a frame at all, and
 * stderr split into lines (one endless line is cut, not buffered).
 */
import { LIMITS } from "../limits";

const utf8Strict = new TextDecoder("utf-8", { fatal: true });
const utf8Lenient = new TextDecoder("utf-8");

export function decodeLine(bytes: Uint8Array): { text: string; invalidUtf8: boolean } {
  try {
    return { text: utf8Strict.decode(bytes), invalidUtf8: false };
  } catch {
    return { text: utf8Lenient.decode(bytes), invalidUtf8: true };
  }
}

/** The line buf[start, end) may be a JSON-RPC frame: its first non-blank byte is { or [. */
export function mayBeFrame(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = buf[i];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return false;
}

/** Splits stderr text into lines; a line longer than LIMITS.maxStderrLineChars is handed on at that length and the rest of it skipped. */
export class StderrLines {
  private partial = "";
  private skipToNewline = false;

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: string): void {
    let text = this.partial + chunk;
    let newline = text.indexOf("\n");
    while (newline !== -1) {
      const line = text.slice(0, newline).replace(/\r$/, "");
      if (this.skipToNewline) this.skipToNewline = false;
      else this.onLine(line);
      text = text.slice(newline + 1);
      newline = text.indexOf("\n");
    }
    if (text.length > LIMITS.maxStderrLineChars) {
      if (!this.skipToNewline) this.onLine(text);
      this.skipToNewline = true;
      text = "";
    }
    this.partial = text;
  }

  /** The process has ended: what is left without a newline is a line too. */
  flush(): void {
    if (this.partial && !this.skipToNewline) this.onLine(this.partial);
    this.partial = "";
  }
}
