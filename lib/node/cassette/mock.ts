/**
 * A cassette served as an MCP server, on the plain transport layer so each answer is the recorded frame's bytes
 * with only the id changed (lib/cassette/match.ts decides what to answer):
 *
 * - stdio: one JSON-RPC message per line in, the recorded frames one per line out;
 * - Streamable HTTP on loopback only: POST /mcp, Host and Origin checked as the playground checks them (DNS
 *   rebinding); a lone answer as application/json, an answer with recorded notifications as an SSE stream,
 *   202 for a notification; GET and DELETE answer 405 (the mock keeps no session and pushes nothing).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { checkHost, checkOrigin } from "@/lib/node/web/guards";
import { answerText, type CassetteMatcher } from "@/lib/cassette/match";

const MAX_BODY_BYTES = 4 * 1024 * 1024;
export const MOCK_PATH = "/mcp";

/** Serves the cassette on a pair of streams until the input ends; resolves then. */
export function serveMockStdio(
  matcher: CassetteMatcher,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    const out = answerText(matcher, line);
    for (const frame of out) {
      if (Array.isArray(frame) && frame.length === 0) continue;
      output.write(`${JSON.stringify(frame)}\n`);
    }
  });
  return new Promise((resolve) => lines.on("close", resolve));
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function handle(matcher: CassetteMatcher, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const host = req.headers.host ?? null;
  const refusal =
    checkHost(host) ?? checkOrigin(typeof req.headers.origin === "string" ? req.headers.origin : null, host);
  if (refusal) return refuse(res, 403, refusal.message);
  const path = (req.url ?? "/").split("?")[0];
  if (path !== MOCK_PATH) return refuse(res, 404, `The mock serves MCP at ${MOCK_PATH}, not ${path.slice(0, 200)}`);
  if (req.method !== "POST")
    return refuse(res, 405, "The mock answers POST only: it keeps no session and sends nothing unasked", {
      Allow: "POST",
    });
  const body = await readBody(req);
  if (body === undefined) return refuse(res, 413, `The body is larger than ${MAX_BODY_BYTES} bytes`);
  const out = answerText(matcher, body);
  const frames = out.filter((f) => !(Array.isArray(f) && f.length === 0));
  if (frames.length === 0) {
    res.writeHead(202).end();
    return;
  }
  if (frames.length === 1) {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(frames[0]));
    return;
  }
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  for (const frame of frames) res.write(`event: message\ndata: ${JSON.stringify(frame)}\n\n`);
  res.end();
}

/** Serves the cassette over Streamable HTTP on 127.0.0.1 (port 0: any free port); resolves with the endpoint URL. */
export function serveMockHttp(matcher: CassetteMatcher, port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    handle(matcher, req, res).catch((e: unknown) => {
      if (!res.headersSent) refuse(res, 500, `The mock failed: ${(e as Error).message}`);
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ url: `http://127.0.0.1:${actual}${MOCK_PATH}`, server });
    });
  });
}
