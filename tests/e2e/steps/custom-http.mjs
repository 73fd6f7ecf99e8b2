// A case against a loopback HTTP server of its own, chosen in the playground as a custom HTTP target.
import http from "node:http";

/**
 * Starts a loopback HTTP server that answers with `handler(req, res, origin)`, opens the playground with its /mcp as
 * a custom HTTP target, runs `body(url)` and closes the server after.
 */
export async function onCustomHttpServer(pg, handler, body) {
  let origin;
  const server = http.createServer((req, res) => handler(req, res, origin));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  const url = `${origin}/mcp`;
  try {
    await pg.open();
    await pg.chooseTarget("custom-http");
    await pg.tid("custom-url").fill(url);
    await body(url);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
