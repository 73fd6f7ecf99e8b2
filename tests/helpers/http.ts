/** HTTP plumbing the tests share. */
import type http from "node:http";
import zlib from "node:zlib";

/** The whole body of an HTTP message (a response, or a request a test server got), once it has ended. */
export function bodyOf(message: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on("data", (c: Buffer) => chunks.push(c));
    message.on("end", () => resolve(Buffer.concat(chunks)));
    message.on("error", reject);
  });
}

const DECODERS: Record<string, (wire: Buffer) => Buffer> = {
  br: (wire) => zlib.brotliDecompressSync(wire),
  gzip: (wire) => zlib.gunzipSync(wire),
  deflate: (wire) => zlib.inflateSync(wire),
};

/** A body as it came over the wire, decoded by its Content-Encoding (br, gzip, deflate; anything else as it came). */
export function decodedBody(wire: Buffer, contentEncoding: string | undefined): Buffer {
  return contentEncoding !== undefined && Object.hasOwn(DECODERS, contentEncoding)
    ? DECODERS[contentEncoding](wire)
    : wire;
}
