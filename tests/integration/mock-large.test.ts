/**
 * Issue 43, low finding 6: `npm run cli -- mock` stays responsive on a large cassette. On 10,000 recorded
 * `tools/call` (about 5 MB), a batch of 20 requests the cassette does not hold is answered — each with the error that
 * names the closest recorded request — without holding the mock for seconds per request (it took 18.7 s each), a
 * matched call is answered after it, and SIGTERM ends the mock promptly even with a batch in flight. Real processes:
 * the CLI's mock over Streamable HTTP. The deadlines are generous bounds (the old code needed minutes), not speeds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli";
import { ROOT, trackPid } from "./helpers";

const dir = mkdtempSync(path.join(tmpdir(), "mock-large-"));
const cassettePath = path.join(dir, "many.json");
const RECORDED = 10_000;
const started: ChildProcess[] = [];

/** Recorded call n: a tool of its own and ~400 characters of arguments, so no two recordings share a key. */
const recordedParams = (n: number) => ({
  name: `tool_${n % 50}`,
  arguments: { id: n, text: `${n}:${"lorem ipsum dolor sit amet ".repeat(15)}` },
});

beforeAll(() => {
  const interactions = Array.from({ length: RECORDED }, (_, n) => ({
    target: 0,
    request: { jsonrpc: "2.0", id: n + 1, method: "tools/call", params: recordedParams(n) },
    response: { jsonrpc: "2.0", id: n + 1, result: { content: [{ type: "text", text: `answer ${n}` }] } },
  }));
  const cassette = {
    format: "mcp-playground/cassette",
    version: 1,
    targets: [{ label: "many", transport: "stdio", era: "legacy", handshake: "none" }],
    interactions,
  };
  writeFileSync(cassettePath, JSON.stringify(cassette));
});
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function startHttpMock(): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [...cliArgs(), "mock", cassettePath, "--http"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  trackPid(child.pid);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the mock exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", (url) => resolve({ url, child, exited }));
  });
}

/** Resolves with `promise`, or rejects naming `what` once `ms` have passed. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const unmatchedCall = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: `tool_${id % 50}`, arguments: { id: 90_000 + id, text: `never recorded ${"x".repeat(380)}` } },
});

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify(body),
  });
  return res.json();
}

describe("issue 43, low 6: the mock stays responsive on a 10,000-call cassette", () => {
  it("a batch of 20 unmatched calls is answered, each naming the closest recording; a matched call still is; SIGTERM with another batch in flight ends the mock promptly (exit 0)", async () => {
    const { url, child, exited } = await startHttpMock();
    const batch = Array.from({ length: 20 }, (_, i) => unmatchedCall(i + 1));
    const answers = (await within(15_000, "the batch of 20 unmatched calls", post(url, batch))) as {
      id: number;
      error: { code: number; message: string };
    }[];
    expect(answers.map((a) => [a.id, a.error.code])).toEqual(batch.map((b) => [b.id, -32602]));
    for (const a of answers)
      expect(a.error.message).toMatch(
        /^The cassette has no answer for tools\/call .*Closest recorded request: tools\/call /,
      );
    const matched = await within(
      15_000,
      "a matched call",
      post(url, { ...unmatchedCall(7), params: recordedParams(4321) }),
    );
    expect(matched).toEqual({ jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "answer 4321" }] } });

    const req = request(url, { method: "POST", agent: false, headers: { "Content-Type": "application/json" } });
    req.on("error", () => undefined); // the mock may end the connection as it stops
    req.on("response", (res) => res.resume());
    const sent = new Promise((resolve) => req.once("finish", resolve));
    req.end(JSON.stringify(Array.from({ length: 20 }, (_, i) => unmatchedCall(i + 100))));
    await sent; // the whole batch is on the wire (the mock may even have answered it: either way SIGTERM must end it)
    child.kill("SIGTERM");
    try {
      expect(await within(5_000, "exit after SIGTERM", exited)).toBe(0);
    } finally {
      req.destroy();
    }
  });
});
