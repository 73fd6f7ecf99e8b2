/**
 * `npm run cli -- mcp`: the playground as an MCP server over stdio, for the coding agent that writes your server.
 * Its tools are the CLI's commands (./tools.ts). Built like the embedded servers: the SDK's McpServer, served by the
 * era-aware serveStdio with the per-request version check (2026-07-28, and 2025-11-25 through initialize).
 *
 * Safe by default: a tool starts only the command it was given (argv split as --stdio does, no shell), reaches only
 * the URL it was given (the authorization judge, which follows metadata to other hosts, stays off), with the bridge's
 * limits. Calls run one at a time, and every process and server a call started is ended when the call ends —
 * cancelled or not; the bridge's exit hooks and watchdog end them if this process dies.
 */
import { McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { jsonSchemaOnce } from "@/lib/node/demo-servers/json-schema";
import { serveEmbeddedStdio } from "@/lib/node/demo-servers/serve-stdio";
import { rejectForeignCursors } from "@/lib/node/demo-servers/cursors";
import { BridgeError } from "@/lib/node/bridge/errors";
import { SendCancelled } from "@/lib/node/bridge/cancellable";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { UsageError, cleanupTargets } from "../target";
import { ArgumentError } from "./arguments";
import { TOOLS, ToolFailure, type PlaygroundTool, type ToolIo } from "./tools";

export const MCP_SERVER_INFO = { name: "mcp-playground", version: "0.1.0", title: "MCP Playground" };

export const MCP_INSTRUCTIONS =
  "The MCP Playground's CLI as tools, for checking an MCP server you are writing. Name the server to judge at the " +
  'top level of every call: { "stdio": "<command line>", "cwd"?, "env"? }, { "url": "<http(s) URL>", "headers"? } ' +
  'or { "demo": "<name>" }. Start with check (failing MUSTs with how to fix each), then doctor when it cannot ' +
  "connect. structuredContent is what the CLI prints with --json.";

type CallResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** One call at a time: each call ends the processes it started, so none may be shared with a call still running. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run);
  queue = next.catch(() => undefined);
  return next;
}

const failed = (text: string): CallResult => ({ content: [{ type: "text", text }], isError: true });

/** notifications/progress for the call's progressToken (none when the caller gave no token). */
function progressOf(ctx: ServerContext): ToolIo["progress"] {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return () => {};
  let progress = 0;
  return (message) =>
    void ctx.mcpReq
      .notify({ method: "notifications/progress", params: { progressToken: token, progress: ++progress, message } })
      .catch(() => {});
}

/** Runs a tool as a call: its outcome, or its error as an isError result; every process it started ended after. */
export async function callTool(
  tool: PlaygroundTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallResult> {
  return oneAtATime(async () => {
    const signal = ctx.mcpReq.signal;
    if (signal.aborted) return failed("cancelled before it started");
    // Cancelled: end the call's processes now, so the send in flight ends and nothing more is sent.
    const onAbort = () => void shutdownAll();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const out = await tool.run(args, { signal, progress: progressOf(ctx) });
      // The summary for the agent to read first; then structuredContent serialized, as tools.mdx says a tool with
      // structured content SHOULD, for clients that do not read structuredContent (check C22).
      return {
        content: [
          { type: "text", text: out.summary },
          { type: "text", text: JSON.stringify(out.json) },
        ],
        structuredContent: out.json,
      };
    } catch (e) {
      if (e instanceof ArgumentError || e instanceof UsageError || e instanceof BridgeError || e instanceof ToolFailure)
        return failed(`${tool.name}: ${(e as Error).message}`);
      if (e instanceof SendCancelled || signal.aborted) return failed(`${tool.name}: cancelled`);
      process.stderr.write(`mcp: ${tool.name} failed: ${(e as Error).stack ?? String(e)}\n`);
      return failed(`${tool.name}: internal error: ${(e as Error).message}`);
    } finally {
      signal.removeEventListener("abort", onAbort);
      await cleanupTargets();
    }
  });
}

/** A server instance (serveStdio pins one per connection and era). */
export function createPlaygroundMcpServer(): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  // One page of tools, no cursor ever minted: a cursor a client sends is refused with -32602 (check C18).
  rejectForeignCursors(server);
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: jsonSchemaOnce<Record<string, unknown>>(tool.inputSchema as never),
        outputSchema: jsonSchemaOnce<Record<string, unknown>>(tool.outputSchema as never),
        annotations: { readOnlyHint: tool.readOnly, openWorldHint: true, idempotentHint: tool.readOnly },
      },
      (args, ctx) => callTool(tool, (args ?? {}) as Record<string, unknown>, ctx),
    );
  }
  return server;
}

/** Serves over this process's stdin/stdout until stdin ends; stdout carries only the protocol. */
export function serveMcp(): Promise<void> {
  // Anything that would print to stdout (a library's console.log) goes to stderr instead.
  console.log = console.error;
  console.info = console.error;
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  serveEmbeddedStdio(() => createPlaygroundMcpServer());
  return ended;
}
