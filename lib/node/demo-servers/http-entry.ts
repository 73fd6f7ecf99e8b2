/**
 * A standalone Streamable HTTP process for an embedded server: `node dist-servers/http.mjs <server> [port]`.
 * The lab starts two of these to show what a load balancer does to connection state; it binds 127.0.0.1 only
 * and prints its URL on stderr ("listening on http://127.0.0.1:<port>/mcp").
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { rebindingRefusal } from "./dns-rebinding";
import { EMBEDDED_SERVERS } from "./registry";

const FACTORIES: Record<string, () => McpServer> = Object.fromEntries(
  Object.entries(EMBEDDED_SERVERS).map(([name, s]) => [name, s.factory]),
);

const [name = "calendar", portArg = "0"] = process.argv.slice(2);
const factory = FACTORIES[name];
if (!factory) {
  process.stderr.write(`unknown server "${name}"; choose one of: ${Object.keys(FACTORIES).join(", ")}\n`);
  process.exit(2);
}
const handler = createMcpHandler(factory);

async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

async function serve(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const refused = rebindingRefusal(req.headers.host, req.headers.origin, (server.address() as { port: number }).port);
  if (refused) {
    res
      .writeHead(403, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: refused } }));
    return;
  }
  if (!req.url?.startsWith("/mcp")) {
    res.writeHead(404, { "content-type": "text/plain" }).end("MCP endpoint is /mcp\n");
    return;
  }
  const request = await toWebRequest(req, origin);
  const besideListen = request.method === "POST" ? EMBEDDED_SERVERS[name].serveBeside : undefined;
  const response =
    (besideListen && besideListen(await request.clone().text(), request.signal)) || (await handler.fetch(request));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
  else res.end();
}

const server = createServer((req, res) => {
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  serve(req, res, origin).catch((e) => {
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: String((e as Error).message) } }),
    );
  });
});
server.listen(Number(portArg), "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.stderr.write(`listening on http://127.0.0.1:${port}/mcp\n`);
});
// Exit when the parent closes our stdin, so no instance outlives the lab run that started it.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
