// Real transports for the MRTR integration tests, through the bridge's own send(): the embedded servers over
// stdio (dist-servers/<name>.mjs, kept up or a fresh process per message) and over Streamable HTTP (the
// /api/demo/<name> handler, mounted on a loopback port by startDemoHttpServer). A server with custom options
// (the hardened calendar with an expiry in the past) is mounted with createMcpHandler directly.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import type { DemoServer, Exchange, Target } from "@/lib/bridge/contract";
import { startDemoHttpServer } from "@/lib/node/demo-servers/http";
import { controlProcess, send, type SendContext } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { afterAll, afterEach, beforeAll } from "vitest";

export interface TestTransport {
  label: string;
  send(frameText: string): Promise<Exchange>;
  close(): Promise<void>;
}

let seq = 0;

function through(
  target: Target,
  ctx: SendContext,
  processMode: "keep" | "fresh",
  close: () => Promise<void>,
): TestTransport {
  return {
    label: `${JSON.stringify(target)} ${processMode}`,
    send: (frame) =>
      send({ sendId: `mrtr-it-${++seq}`, target, frame, insist: false, timeoutMs: 10_000, processMode }, ctx),
    close,
  };
}

export function stdioTransport(server: DemoServer, mode: "keep" | "fresh" = "keep"): TestTransport {
  const target: Target = { kind: "demo", server, transport: "stdio" };
  // Closing ends the kept process, so the next test starts with the seed calendar (e3 again).
  return through(target, {}, mode, async () => void (await controlProcess("close", target)));
}

export async function httpTransport(server: DemoServer): Promise<TestTransport> {
  const demo = await startDemoHttpServer(server);
  return through({ kind: "demo", server, transport: "http" }, { baseUrl: new URL(demo.url).origin }, "keep", () =>
    demo.close(),
  );
}

/** A server factory with custom options on a loopback port, reached through the bridge as a plain HTTP target. */
export async function customHttpTransport(factory: () => McpServer): Promise<TestTransport> {
  const handler = createMcpHandler(factory);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reply = await handler.fetch(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
    );
    res.writeHead(reply.status, Object.fromEntries(reply.headers));
    res.end(Buffer.from(await reply.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return through({ kind: "http", url: `http://127.0.0.1:${port}/mcp` }, {}, "keep", async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
}

/**
 * For a whole test file: the embedded servers are built before its tests, every transport in `open` is closed
 * after each test, and kept processes end after the file. connect() opens a kept stdio or an HTTP transport.
 */
export function transportsForFile() {
  const open: TestTransport[] = [];
  beforeAll(() => {
    execFileSync(process.execPath, ["scripts/build-servers.mjs"], { stdio: "ignore" });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });
  afterAll(() => shutdownAll());
  async function connect(kind: "stdio" | "http", server: DemoServer): Promise<TestTransport> {
    const t = kind === "stdio" ? stdioTransport(server) : await httpTransport(server);
    open.push(t);
    return t;
  }
  return { open, connect };
}
