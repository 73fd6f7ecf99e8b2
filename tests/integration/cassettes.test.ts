/**
 * Cassettes end to end, with real processes: a session recorded against @modelcontextprotocol/server-memory by
 * `npm run cli -- record`, served by `npm run cli -- mock` (stdio and Streamable HTTP) to the legacy SDK client and
 * to the bridge, and replayed by `npm run cli -- diff` against the unchanged server and against a build of it with
 * one tool removed and one required argument added (tests/fixtures/cassettes/memory-changed.mjs).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { answerOf, parseCassetteText, type Cassette } from "@/lib/cassette/format";
import { withId } from "@/lib/cassette/match";
import { cliArgs, runCli } from "../helpers/cli";
import { ROOT, endAllAndAssertNoneAlive, sendFrame, trackPid } from "./helpers";
import { expectErrorReply } from "@/tests/helpers/exchange";
import { bareToolsCall } from "@/tests/helpers/frames";

const MEMORY = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-memory/dist/index.js");
const CHANGED = path.join(ROOT, "tests", "fixtures", "cassettes", "memory-changed.mjs");
const CLI = cliArgs();

const FRAMES = [
  { jsonrpc: "2.0", id: 1, method: "tools/list" },
  {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      name: "create_entities",
      arguments: { entities: [{ name: "Ada", entityType: "person", observations: ["wrote the first program"] }] },
    },
  },
  {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "create_relations", arguments: { relations: [{ from: "Ada", to: "Ada", relationType: "knows" }] } },
  },
  { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "read_graph", arguments: {} } },
];

const dir = mkdtempSync(path.join(tmpdir(), "cassettes-"));
const cassettePath = path.join(dir, "memory.cassette.json");
let cassette: Cassette;
let memoryFiles = 0;
/** Each live server-memory starts from an empty graph, as the recording did. */
const freshMemory = () => `MEMORY_FILE_PATH=${path.join(dir, `memory-${++memoryFiles}.jsonl`)}`;

function recorded(method: string, name?: string): Record<string, unknown> {
  const x = cassette.interactions.find(
    (i) =>
      i.request.method === method && (name === undefined || (i.request.params as { name?: string })?.name === name),
  );
  return answerOf(x!)!;
}

/** The stdout lines an exchange received in answer (not unsolicited ones). */
function stdoutLines(exchange: Exchange): string[] {
  return exchange.events.flatMap((e) => (e.kind === "stdout" && !e.unsolicited ? [e.text] : []));
}

beforeAll(async () => {
  const framesPath = path.join(dir, "frames.jsonl");
  writeFileSync(framesPath, FRAMES.map((f) => JSON.stringify(f)).join("\n") + "\n");
  const run = await runCli([
    "record",
    "--stdio",
    `node ${MEMORY}`,
    "--env",
    freshMemory(),
    "--frames",
    framesPath,
    "--out",
    cassettePath,
  ]);
  expect(run.stderr).toContain("legacy 2025-11-25, handshake initialize");
  expect(run.code).toBe(0);
  const parsed = parseCassetteText(readFileSync(cassettePath, "utf8"));
  if (!parsed.ok) throw new Error(parsed.reason);
  cassette = parsed.cassette;
}, 60_000);

afterAll(endAllAndAssertNoneAlive);

describe("record", () => {
  it("writes the probe's handshake and every frame of the file, with the era, and strips env values as links do", () => {
    expect(cassette.targets).toHaveLength(1);
    expect(cassette.targets[0]).toMatchObject({
      era: "legacy",
      handshake: "initialize",
      protocolVersion: "2025-11-25",
      serverInfo: { name: "memory-server" },
    });
    expect(cassette.interactions.map((x) => x.request.method)).toEqual([
      "server/discover",
      "initialize",
      "notifications/initialized",
      "tools/list",
      "tools/call",
      "tools/call",
      "tools/call",
    ]);
    expect(cassette.interactions.filter((x) => x.handshake).map((x) => x.request.method)).toEqual([
      "server/discover",
      "initialize",
      "notifications/initialized",
    ]);
    expect(cassette.targets[0].target).toMatchObject({ kind: "stdio", env: { MEMORY_FILE_PATH: "" } });
    expect(readFileSync(cassettePath, "utf8")).not.toContain(dir);
    expect(cassette.omitted.join("\n")).toContain("env MEMORY_FILE_PATH");
  });
});

describe("mock over stdio", () => {
  it("a legacy SDK client gets the recorded answers: server identity, tools/list and a tools/call result", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI, "mock", cassettePath],
      cwd: ROOT,
      stderr: "pipe",
    });
    const client = new Client({ name: "cassette-test", version: "0.0.0" });
    await client.connect(transport);
    trackPid(transport.pid ?? undefined);
    try {
      expect(client.getServerVersion()).toEqual({
        name: "memory-server",
        version: (recorded("initialize").result as { serverInfo: { version: string } }).serverInfo.version,
      });
      expect(await client.listTools()).toEqual(recorded("tools/list").result);
      expect(await client.callTool({ name: "read_graph", arguments: {} })).toEqual(
        recorded("tools/call", "read_graph").result,
      );
    } finally {
      await client.close();
    }
  });

  it("answers byte for byte what the real server answers, ids aside", async () => {
    const mock: Target = { kind: "stdio", command: process.execPath, args: [...CLI, "mock", cassettePath], cwd: ROOT };
    const [name, value] = freshMemory().split("=");
    const live: Target = { kind: "stdio", command: "node", args: [MEMORY], env: { [name]: value } };
    const handshake = [
      {
        jsonrpc: "2.0",
        id: 50,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ];
    // Other ids than the recording's: the mock answers with these, the rest of each line is the recording's bytes.
    const frames = [...handshake, ...FRAMES.map((f) => ({ ...f, id: f.id + 100 }))];
    for (const frame of frames) {
      const fromMock = await sendFrame(mock, frame);
      const fromLive = await sendFrame(live, frame);
      if (!("id" in frame)) continue;
      const mockLines = stdoutLines(fromMock);
      expect(mockLines).toHaveLength(1);
      expect(mockLines).toEqual(stdoutLines(fromLive));
      if (frame.method !== "initialize") {
        const original = cassette.interactions.find((x) => x.request.id === (frame.id as number) - 100)!;
        expect(mockLines[0]).toBe(JSON.stringify(withId(answerOf(original)!, frame.id)));
      }
    }
  });

  it("answers an unrecorded request with a JSON-RPC error naming the closest recorded request", async () => {
    const mock: Target = { kind: "stdio", command: process.execPath, args: [...CLI, "mock", cassettePath], cwd: ROOT };
    const x = await sendFrame(mock, bareToolsCall(9, "read_graf"));
    expectErrorReply(
      x,
      9,
      -32602,
      'The cassette has no answer for tools/call {"name":"read_graf","arguments":{}}. Closest recorded request: tools/call {"name":"read_graph","arguments":{}}',
    );
    expectErrorReply(await sendFrame(mock, { jsonrpc: "2.0", id: 10, method: "prompts/list" }), 10, -32601);
  });
});

function startHttpMock(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...CLI, "mock", cassettePath, "--http"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  trackPid(child.pid);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the mock exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (url) => resolve({ url, child }));
  });
}

function postWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", headers: { Host: host, "Content-Type": "application/json" } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  });
}

describe("mock over Streamable HTTP", () => {
  it("serves the legacy SDK client on loopback and refuses a foreign Host (DNS rebinding)", async () => {
    const { url, child } = await startHttpMock();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: "cassette-test", version: "0.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(await client.listTools()).toEqual(recorded("tools/list").result);
      expect(await client.callTool({ name: "read_graph", arguments: {} })).toEqual(
        recorded("tools/call", "read_graph").result,
      );
    } finally {
      await client.close();
    }
    expect(await postWithHost(url, "attacker.example:80")).toBe(403);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

describe("diff", () => {
  it("finds no breaking change against the unchanged server (exit 0)", async () => {
    const run = await runCli(["diff", cassettePath, "--stdio", `node ${MEMORY}`, "--env", freshMemory(), "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual({ breaking: [], nonBreaking: [], same: 6 });
  });

  /** `diff` of the recorded cassette against the changed server, on a fresh memory file. */
  const diffAgainstChanged = (...extra: string[]) =>
    runCli(["diff", cassettePath, "--stdio", `node ${CHANGED}`, "--env", freshMemory(), ...extra]);

  it("reports exactly the removed tool and the added required argument against the changed server (exit 1)", async () => {
    const junit = path.join(dir, "diff.xml");
    const run = await diffAgainstChanged("--json", "--junit", junit);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      breaking: { kind: string; path: string; detail: string }[];
      nonBreaking: unknown[];
    };
    expect(
      report.breaking.map(({ kind, path }) => ({ kind, path })).sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "required-argument-added", path: 'tools/list tools["create_relations"].inputSchema.required' },
      { kind: "tool-removed", path: 'tools/list tools["read_graph"]' },
    ]);
    expect(report.breaking.find((d) => d.kind === "tool-removed")!.detail).toContain(
      "now fails (error -32602 Tool read_graph not found)",
    );
    expect(report.nonBreaking).toEqual([]);
    expect(readFileSync(junit, "utf8")).toContain('failures="1"');
  });

  it("diff's human output follows --lang: the heading and each detail in Bulgarian, the server's error as it came; the markers, kinds, paths and counts line stay English for scripts (issue 32)", async () => {
    const run = await diffAgainstChanged("--lang", "bg");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^diff: .+ както е записан \(legacy 2025-11-25\) срещу .+ \(legacy 2025-11-25\)$/m);
    expect(run.stdout).toMatch(
      /^BREAKING {6}tool-removed {2}tools\/list tools\["read_graph"\]: tool-ът "read_graph" е премахнат; записаното извикване tools\/call .+ сега се проваля \(грешка -32602 Tool read_graph not found\)$/m,
    );
    expect(run.stdout).toMatch(
      /^BREAKING {6}required-argument-added {2}tools\/list tools\["create_relations"\]\.inputSchema\.required: tool-ът "create_relations" вече изисква аргумента ".+"/m,
    );
    expect(run.stdout).toMatch(/^2 breaking, 0 not breaking; \d+ of \d+ answers the same \(ids aside\)$/m);
  }, 60_000);
});

describe("compare (two servers side by side)", () => {
  it("sends the same frames to both and reports B's two breaking changes from A (exit 1)", async () => {
    const framesPath = path.join(dir, "frames.jsonl");
    const run = await runCli([
      "compare",
      "--frames",
      framesPath,
      "--stdio",
      `node ${MEMORY}`,
      "--env",
      freshMemory(),
      "--stdio",
      `node ${CHANGED}`,
      "--env",
      freshMemory(),
      "--json",
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { breaking: { kind: string }[]; nonBreaking: unknown[]; same: number };
    expect(report.breaking.map((d) => d.kind).sort()).toEqual(["required-argument-added", "tool-removed"]);
    expect(report.nonBreaking).toEqual([]);
  });
});
