/**
 * `cli mcp`: the playground as an MCP server for a coding agent, driven by a client on the published TypeScript SDK
 * (1.32.2, which connects with initialize at 2025-11-25) over stdio. One server process serves every case.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cliArgs, pidsWithArg, runCli } from "../helpers/cli";
import { replyFrame } from "@/lib/protocol/exchange";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { ENVELOPE, FIXTURES, ROOT, sendFrame, waitUntilGone } from "./helpers";

const EVERYTHING = path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const LONG = { timeout: 180_000, resetTimeoutOnProgress: true };

let client: Client;
let stderr = "";

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliArgs(), "mcp"],
    cwd: ROOT,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: "agent-under-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await shutdownAll(); // the server the 2026-07-28 case started through the bridge
});

type Structured = Record<string, unknown>;
/** The text blocks: the summary, then structuredContent serialized (the spec's SHOULD for older clients). */
const textsOf = (result: object) =>
  ((result as { content?: unknown }).content as { type: string; text?: string }[]).map((c) => c.text ?? "");
const textOf = (result: object) =>
  (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .map((c) => c.text ?? "")
    .join("\n");

describe("the playground as an MCP server (cli mcp)", () => {
  it("lists the CLI's commands as tools, each with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["probe", "send", "check", "doctor", "tokens", "apps", "diff"]));
    for (const tool of tools) {
      expect(tool.inputSchema.properties, tool.name).toHaveProperty("demo");
      expect(tool.inputSchema.properties, tool.name).toHaveProperty("stdio");
      expect(tool.inputSchema.properties, tool.name).toHaveProperty("url");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
  });

  it("check {demo: calendar} answers check --json as structuredContent (a score, mustFailed 0) with progress on the way", async () => {
    const progress: string[] = [];
    const result = await client.callTool({ name: "check", arguments: { demo: "calendar" } }, undefined, {
      ...LONG,
      onprogress: (p) => progress.push(String(p.message)),
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const report = result.structuredContent as Structured;
    expect(report.mustFailed).toBe(0);
    expect(report.score).toEqual(expect.any(Number));
    expect(report.era).toBe("modern");
    expect((report.checks as unknown[]).length).toBeGreaterThan(20);
    expect(textOf(result)).toMatch(/^PASS: 0 MUST failed/);
    expect(JSON.parse(textsOf(result)[1])).toEqual(report);
    expect(textOf(result)).toContain(`score ${report.score}/100`);
    expect(progress.some((line) => /^C01 pass/.test(line))).toBe(true);
  });

  it("probe {stdio: server-everything} says legacy, and the server it started has ended when the call returns", async () => {
    // The last argument only tags the process (server-everything ignores it), so other files' servers do not count.
    const marker = `mcp-probe-${process.pid}`;
    const result = await client.callTool(
      { name: "probe", arguments: { stdio: `node ${EVERYTHING} stdio ${marker}` } },
      undefined,
      LONG,
    );
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((result.structuredContent as Structured).era).toBe("legacy");
    expect(textOf(result)).toMatch(/^era: legacy/);
    expect(pidsWithArg(marker)).toEqual([]);
  });

  it("tokens {demo: calendar} is exactly what tokens --json prints: a token total", async () => {
    const [result, cli] = await Promise.all([
      client.callTool({ name: "tokens", arguments: { demo: "calendar" } }, undefined, LONG),
      runCli(["tokens", "--demo", "calendar", "--json"]),
    ]);
    expect(result.isError, textOf(result)).toBeFalsy();
    const bill = result.structuredContent as Structured;
    expect(bill.totalTokens).toBeGreaterThan(0);
    expect(bill).toEqual(JSON.parse(cli.stdout));
    expect(textOf(result)).toContain(`${bill.totalTokens} tokens in all`);
  });

  it("a call without a target is refused with the three target forms, and nothing is started", async () => {
    const result = await client.callTool({ name: "doctor", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'doctor: name a target: { "demo": "<name>" }, { "stdio": "<command line>" } or { "url": "<http(s) URL>" }',
    );
  });

  it("cancelling a long check stops it and ends the process it started; the next call is served", async () => {
    const marker = `mcp-cancel-${process.pid}`;
    const controller = new AbortController();
    const call = client.callTool(
      {
        name: "check",
        arguments: { stdio: `node ${path.join(FIXTURES, "hold-until-usr1.mjs")} ${marker}`, timeout: 60_000 },
      },
      undefined,
      { ...LONG, signal: controller.signal },
    );
    const settled = call.then(
      () => "answered",
      (e: Error) => e.message,
    );
    // The fixture holds every request, so the check waits on its first one until it is cancelled.
    const deadline = Date.now() + 30_000;
    let pids = pidsWithArg(marker);
    while (pids.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      pids = pidsWithArg(marker);
    }
    expect(pids.length, stderr).toBe(1);
    controller.abort("the agent moved on");
    expect(await settled).toContain("the agent moved on");
    expect(await waitUntilGone(pids, 5_000)).toEqual([]);
    const next = await client.callTool({ name: "probe", arguments: {} }, undefined, LONG);
    expect(textOf(next)).toMatch(/^probe: name a target/);
  });

  it("a server killed mid-call (SIGKILL) leaves no process behind: the watchdog ends what it started", async () => {
    const marker = `mcp-crash-${process.pid}`;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliArgs(), "mcp"],
      cwd: ROOT,
      stderr: "ignore",
    });
    const doomed = new Client({ name: "agent-that-crashes", version: "1.0.0" });
    await doomed.connect(transport);
    void doomed
      .callTool(
        { name: "check", arguments: { stdio: `node ${path.join(FIXTURES, "hold-until-usr1.mjs")} ${marker}` } },
        undefined,
        LONG,
      )
      .catch(() => undefined);
    const deadline = Date.now() + 30_000;
    let pids = pidsWithArg(marker);
    while (pids.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      pids = pidsWithArg(marker);
    }
    expect(pids.length).toBe(1);
    process.kill(transport.pid!, "SIGKILL");
    expect(await waitUntilGone(pids, 5_000)).toEqual([]);
    await doomed.close().catch(() => undefined);
  });

  it("speaks 2026-07-28 as well: server/discover names it, and a tools/call with the envelope answers complete", async () => {
    // Through the playground's own bridge, as a modern client (the SDK 1.32.2 client above speaks 2025-11-25).
    const target = { kind: "stdio" as const, command: process.execPath, args: [...cliArgs(), "mcp"], cwd: ROOT };
    const discover = replyFrame(
      await sendFrame(target, { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } }),
    ) as { result: { supportedVersions: string[] } };
    expect(discover.result.supportedVersions).toContain("2026-07-28");
    const call = replyFrame(
      await sendFrame(target, {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "probe", arguments: {}, _meta: ENVELOPE },
      }),
    ) as { result: { resultType: string; isError: boolean; content: { text: string }[] } };
    expect(call.result).toMatchObject({ resultType: "complete", isError: true });
    expect(call.result.content[0].text).toMatch(/^probe: name a target/);
  });
});
