// An HTTP body as it came over the wire, decoded by its Content-Encoding: what the bench's clients and the tests
// (tests/helpers/http.ts) read (a browser's Accept-Encoding offers br, gzip and deflate).
import zlib from "node:zlib";

/** The bytes `wire` decoded by `encoding` (br, gzip, deflate); as they are for any other (identity, none). */
export function decodedBody(wire, encoding) {
  if (encoding === "br") return zlib.brotliDecompressSync(wire);
  if (encoding === "gzip") return zlib.gunzipSync(wire);
  if (encoding === "deflate") return zlib.inflateSync(wire);
  return wire;
}
