// Small real transports for the MRTR integration tests: a spawned stdio server (kept or fresh per message) and
// the same server factory mounted on a loopback HTTP port through the SDK's createMcpHandler (what
// app/api/demo/[server] serves). Each send returns an exchange record the pure MRTR code reads.
// TODO(lead): switch to lib/bridge/server/send.ts once it is on main; these helpers then only remain for the
// HTTP mount when the Next route cannot be started from vitest.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { createParser } from "eventsource-parser";
import type { ExchangeLike } from "@/lib/protocol/mrtr";

export interface TestTransport {
  label: string;
  send(frameText: string): Promise<ExchangeLike & { received: unknown[] }>;
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../../..");
let sendSeq = 0;

function record(frameText: string, startedAt: number, frame: unknown, received: unknown[]) {
  return { sendId: `t${++sendSeq}`, startedAt, durationMs: Date.now() - startedAt, sentFrame: JSON.parse(frameText), outcome: { kind: "response" as const, frame }, received };
}

/** One kept-up process: replies are matched by id. */
function keptStdio(bundle: string): TestTransport {
  let child: ChildProcessWithoutNullStreams | undefined;
  const waiting = new Map<string, (frame: unknown) => void>();
  const start = () => {
    child = spawn(process.execPath, [path.join(ROOT, "dist-servers", `${bundle}.mjs`)], { stdio: "pipe" });
    createInterface({ input: child.stdout }).on("line", (line) => {
      const frame = JSON.parse(line);
      waiting.get(JSON.stringify(frame.id))?.(frame);
    });
    return child;
  };
  return {
    label: `${bundle} (stdio)`,
    async send(frameText) {
      const proc = child ?? start();
      const startedAt = Date.now();
      const id = JSON.stringify(JSON.parse(frameText).id);
      const frame = await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to id ${id} within 10 s`)), 10_000);
        waiting.set(id, (f) => (clearTimeout(timer), waiting.delete(id), resolve(f)));
        proc.stdin.write(frameText + "\n");
      });
      return record(frameText, startedAt, frame, [frame]);
    },
    async close() {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once("exit", r));
        child.kill();
        await exited;
      }
    },
  };
}

/** A fresh process per message, ended after its reply: nothing survives between rounds but the frames. */
function freshStdio(bundle: string): TestTransport {
  return {
    label: `${bundle} (stdio, fresh process per message)`,
    async send(frameText) {
      const t = keptStdio(bundle);
      try {
        return await t.send(frameText);
      } finally {
        await t.close();
      }
    },
    async close() {},
  };
}

export function stdioTransport(bundle: string, mode: "keep" | "fresh" = "keep"): TestTransport {
  return mode === "keep" ? keptStdio(bundle) : freshStdio(bundle);
}

function headersFor(frame: Record<string, unknown>): Record<string, string> {
  const params = (frame.params ?? {}) as Record<string, unknown>;
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  const h: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (typeof meta["io.modelcontextprotocol/protocolVersion"] === "string") h["mcp-protocol-version"] = meta["io.modelcontextprotocol/protocolVersion"] as string;
  if (typeof frame.method === "string") h["mcp-method"] = frame.method;
  const name = params.name ?? params.uri;
  if (typeof name === "string") h["mcp-name"] = name;
  return h;
}

async function readReply(res: Response): Promise<unknown[]> {
  const text = await res.text();
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) return text ? [JSON.parse(text)] : [];
  const frames: unknown[] = [];
  const parser = createParser({ onEvent: (e) => e.data && frames.push(JSON.parse(e.data)) });
  parser.feed(text);
  return frames;
}

/** The factory behind createMcpHandler on 127.0.0.1:<free port>, reached with real HTTP. */
export async function httpTransport(label: string, factory: () => McpServer): Promise<TestTransport> {
  const handler = createMcpHandler(factory);
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: req.method === "POST" ? Buffer.concat(chunks) : undefined });
    const reply = await handler.fetch(request);
    res.writeHead(reply.status, Object.fromEntries(reply.headers));
    res.end(Buffer.from(await reply.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return {
    label: `${label} (HTTP)`,
    async send(frameText) {
      const startedAt = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers: headersFor(JSON.parse(frameText)), body: frameText });
      const frames = await readReply(res);
      return record(frameText, startedAt, frames[frames.length - 1], frames);
    },
    async close() {
      await handler.close();
      await new Promise((r) => server.close(r));
    },
  };
}
