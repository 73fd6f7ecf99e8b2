/** stdout line framing: decoding a line, and the cheap test that tells whether it may be a frame at all. */

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
