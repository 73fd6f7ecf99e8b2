/**
 * The CLI's redirect target for a real sign-in (RFC 8252 §7.3): a one-shot listener on 127.0.0.1:<free port>/callback
 * that hands the first callback URL to the waiting flow, tells the browser tab it may close, and shuts down.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackCallback {
  redirectUri: string;
  /** The full callback URL the browser was sent to, or null after `timeoutMs`. */
  next(timeoutMs: number): Promise<string | null>;
  close(): Promise<void>;
}

export async function startLoopbackCallback(): Promise<LoopbackCallback> {
  let deliver: (url: string) => void = () => {};
  const arrived = new Promise<string>((resolve) => (deliver = resolve));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not the callback\n");
      return;
    }
    res
      .writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" })
      .end("Signed in: the command line has the callback. You can close this tab.\n");
    deliver(`${redirectUri}${url.search}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    redirectUri,
    next: (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
      return Promise.race([arrived, late]).finally(() => clearTimeout(timer));
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
