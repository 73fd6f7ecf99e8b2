/** HTTP plumbing the tests share. */
import type http from "node:http";

/** The whole body of an HTTP message (a response, or a request a test server got), once it has ended. */
export function bodyOf(message: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on("data", (c: Buffer) => chunks.push(c));
    message.on("end", () => resolve(Buffer.concat(chunks)));
    message.on("error", reject);
  });
}

/** A body as it came over the wire, decoded by its Content-Encoding: the bench's own (one home for both). */
export { decodedBody } from "../../bench/http-body.mjs";
