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
