/**
 * The stdio bridge under abuse that costs memory or time rather than correctness (issue 13: 6, 8, 11, 14):
 * floods of tiny lines, output between sends, reused request ids, a process that never reads, and a bridge
 * that dies holding kept-up children.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import {
  endAllAndAssertNoneAlive,
  FIXTURES,
  fixture,
  isAlive,
  ofKind,
  request,
  ROOT,
  sendFrame,
  trackPid,
  waitUntilGone,
} from "./helpers";
import { readOutcome } from "@/tests/helpers/exchange";
import { tsFixtureArgs } from "@/tests/helpers/ts-fixtures";
import { eventFrame } from "@/lib/protocol/exchange";

afterAll(endAllAndAssertNoneAlive);

const notes = (ex: Exchange) =>
  ofKind(ex.events, "note")
    .map((n) => n.text)
    .join("\n");

describe("stdin backpressure (finding 14)", () => {
  it("a process that never reads its stdin gets at most a few MiB queued; the next send is refused with a clear message", async () => {
    const target = fixture("never-reads.mjs");
    const pad = "a".repeat(1024 * 1024);
    const outcomes: Exchange["outcome"][] = [];
    for (let i = 0; i < 8; i++) {
      const ex = await sendFrame(target, { jsonrpc: "2.0", method: "notifications/pad", params: { pad } });
      trackPid(ex.process?.pid);
      outcomes.push(ex.outcome);
    }
    const refused = outcomes.findIndex((o) => o.kind === "failure");
    expect(refused, "some send is refused once the pipe is full").toBeGreaterThan(0);
    expect(outcomes[refused]).toMatchObject({ kind: "failure", failure: "refused" });
    if (outcomes[refused].kind === "failure")
      expect(outcomes[refused].message).toMatch(/has not read .* stdin.*nothing was sent/);
  });
});

describe("output between sends (finding 8)", () => {
  it("output between sends is bounded by bytes and counts toward the reply limit; the next reply is kept", async () => {
    const target = fixture("spew-between.mjs", "6", "7");
    const first = await sendFrame(target, request(1, "spew"));
    expect(readOutcome(first)).toMatchObject({ kind: "response" });
    // 6 lines of 7 MiB written while no exchange is open
    const deadline = Date.now() + 20_000;
    const { controlProcess } = await import("@/lib/node/bridge/send");
    while (
      !(await controlProcess("status", target)).stderrTail.some((l) => l.startsWith("spewed")) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 50));
    const second = await sendFrame(target, request(2, "ping"));
    expect(readOutcome(second)).toMatchObject({ kind: "response", frame: { id: 2 } });
    const unsolicited = ofKind(second.events, "stdout").filter((e) => e.unsolicited);
    const kept = unsolicited.reduce((n, e) => n + e.text.length, 0);
    expect(kept, "bytes of between-sends output kept").toBeLessThanOrEqual(LIMITS.maxUnsolicitedBytes);
    expect(notes(second)).toMatch(/earlier unsolicited events were dropped/);
    expect(JSON.stringify(second).length).toBeLessThan(LIMITS.maxUnsolicitedBytes + LIMITS.maxReplyBytesPerExchange);
  });

  it("a bridge killed with SIGKILL takes its kept-up children with it (watchdog)", async () => {
    const holder = spawn(
      process.execPath,
      [...tsFixtureArgs("bridge-holder"), path.join(FIXTURES, "ignore-sigterm.mjs")],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const childPid = await new Promise<number>((resolve, reject) => {
      let out = "";
      holder.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(Number(out.trim()));
      });
      holder.once("exit", (code) => reject(new Error(`the holder exited early (code ${code})`)));
    });
    expect(isAlive(childPid)).toBe(true);
    holder.kill("SIGKILL");
    const left = await waitUntilGone([childPid], 5_000);
    if (left.length > 0) process.kill(childPid, "SIGKILL"); // leave nothing behind even when the test fails
    expect(left, "kept-up child still alive after its bridge was SIGKILLed").toEqual([]);
  });
});

// Millions of lines to read: on a machine busy with other work that takes more than the default 30 s.
describe("floods of tiny lines (finding 6)", { timeout: 90_000 }, () => {
  it("a reply behind 3.4 million non-JSON lines is found and kept: lines past the event cap are counted, not parsed or recorded", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const ex = await sendFrame(fixture("junk-then-reply.mjs", "3400000"), request(1, "ping"), { timeoutMs: 60_000 });
    delay.disable();
    console.log(
      `event loop during a 3.4 M line flood: max ${Math.round(delay.max / 1e6)} ms, p99 ${Math.round(delay.percentile(99) / 1e6)} ms, exchange ${ex.durationMs} ms`,
    );
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { id: 1, result: { flooded: 3_400_000 } } });
    expect(ex.events.length).toBeLessThanOrEqual(LIMITS.maxEventsPerExchange + 2); // + what was counted, what was dropped
    expect(notes(ex)).toMatch(/stdout lines past the record cap were counted, not parsed/);
  });

  it("a reply behind a million tiny SSE events is found and kept: events past the cap are counted, not parsed", async () => {
    const server = http.createServer(async (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const block = "data: x\n\n".repeat(10_000);
      for (let i = 0; i < 100; i++) if (!res.write(block)) await new Promise((r) => res.once("drain", r));
      res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { flooded: 1_000_000 } })}\n\n`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const ex = await sendFrame({ kind: "http", url: `http://127.0.0.1:${port}/mcp` }, request(1, "ping"), {
        timeoutMs: 60_000,
      });
      expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { id: 1 } });
      expect(notes(ex)).toMatch(/SSE events past the record cap were counted, not parsed/);
    } finally {
      server.close();
    }
  });

  it("between sends, past the 500 held events, lines that cannot be a frame are only counted; a frame after them still arrives", async () => {
    const target = fixture("junk-between.mjs", "1000000");
    await sendFrame(target, request(1, "junk"));
    const { controlProcess } = await import("@/lib/node/bridge/send");
    const deadline = Date.now() + 30_000;
    while (!(await controlProcess("status", target)).stderrTail.includes("junk done") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const next = await sendFrame(target, request(2, "ping"));
    expect(readOutcome(next)).toMatchObject({ kind: "response", frame: { id: 2 } });
    const held = ofKind(next.events, "stdout").filter((e) => e.unsolicited);
    // The first lines are held (a later junk line is counted, not decoded, so it cannot push them out) …
    expect(held[0].text).toBe("junk 0");
    // … and the frame that followed the junk is not lost.
    expect(
      held.some(
        (e) => (eventFrame(e) as { params?: { data?: string } } | undefined)?.params?.data === "after the junk",
      ),
    ).toBe(true);
    expect(notes(next)).toMatch(/\d{6} earlier unsolicited events were dropped/);
  });

  it("a flood of JSON-looking lines past the line budget ends the exchange with size, naming the budget", async () => {
    const ex = await sendFrame(fixture("junk-then-reply.mjs", "3000000", "{}"), request(1, "ping"), {
      timeoutMs: 60_000,
    });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "size" });
    if (ex.outcome.kind === "failure")
      expect(ex.outcome.message).toMatch(new RegExp(`more than ${LIMITS.maxParsedLinesPastCap} lines`));
  });
});

describe("reused request ids (finding 11)", () => {
  it("a late reply to a timed-out id goes to that request, not to the next request reusing the id; the reuse is marked", async () => {
    const target = fixture("delayed-echo.mjs", "late");
    const first = await sendFrame(target, request(1, "slow", { delayMs: 1000 }), { timeoutMs: 300 });
    expect(first.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    const second = await sendFrame(target, request(1, "slower", { delayMs: 1500 }), { timeoutMs: 5_000 });
    expect(readOutcome(second)).toMatchObject({ kind: "response", frame: { id: 1, result: { delayMs: 1500 } } });
    expect(notes(second)).toMatch(/id 1 is reused/);
    expect(notes(second)).toMatch(/a reply with id 1 arrived .* handed to the earlier request/);
  });

  it("two requests in flight with the same id get one reply each, in send order, and both cards say so", async () => {
    const target = fixture("delayed-echo.mjs", "two-tabs");
    await sendFrame(target, request(0, "warm-up")); // the process is up before the two race
    const [fast, slow] = await Promise.all([
      sendFrame(target, request(5, "a", { delayMs: 300 })),
      sendFrame(target, request(5, "b", { delayMs: 900 })),
    ]);
    expect(readOutcome(fast)).toMatchObject({ kind: "response", frame: { id: 5, result: { delayMs: 300 } } });
    expect(readOutcome(slow)).toMatchObject({ kind: "response", frame: { id: 5, result: { delayMs: 900 } } });
    expect(notes(slow)).toMatch(/id 5 is reused/);
    expect(notes(fast)).toMatch(/id 5 was reused by a later request/);
    expect(slow.idReuse).toMatch(/id 5 is reused/); // the card shows it (data-testid exchange-id-reuse)
    expect(fast.idReuse).toMatch(/id 5 was reused/);
  });
});
