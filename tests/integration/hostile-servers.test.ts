/**
 * Hostile servers beyond the ones stdio-failures and http-failures cover: each ends in a named failure (or a
 * delivered reply), keeps what crossed the wire, holds memory to the documented limits, and leaves no
 * process behind — including processes the server forked itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Exchange, WireEvent } from "@/lib/bridge/contract";
import { LIMITS } from "@/lib/node/bridge/limits";
import { startHostileHttp } from "../fixtures/hostile-http";
import {
  ENVELOPE,
  endAllAndAssertNoneAlive,
  trackMemory,
  fixture,
  isAlive,
  request,
  sendFrame,
  trackPid,
  waitUntilGone,
} from "./helpers";
import { replyFrame, receivedFrames } from "@/lib/protocol/exchange";
import { readOutcome } from "@/tests/helpers/exchange";

type Hostile = Awaited<ReturnType<typeof startHostileHttp>>;
let hostile: Hostile;
let memoryBackNearStart: () => unknown;

beforeAll(async () => {
  hostile = await startHostileHttp();
  memoryBackNearStart = trackMemory("hostile servers");
});
afterAll(async () => {
  await hostile.close();
  await endAllAndAssertNoneAlive();
  memoryBackNearStart();
});

const MiB = 1024 * 1024;
const ofKind = <K extends WireEvent["kind"]>(ex: Exchange, kind: K) =>
  ex.events.filter((e): e is Extract<WireEvent, { kind: K }> => e.kind === kind);
const failureOf = (ex: Exchange) => ex.outcome as Extract<Exchange["outcome"], { kind: "failure" }>;
const frame = request(1, "tools/list", { _meta: ENVELOPE });

describe("hostile stdio servers", () => {
  it("a server that exits mid-reply fails with exit, and the half line it wrote is shown", async () => {
    const ex = await sendFrame(fixture("exit-mid-reply.mjs"), frame);
    expect(failureOf(ex)).toMatchObject({
      failure: "exit",
      message: expect.stringMatching(/exited with code 0 before sending a response with id 1/),
    });
    const partial = ofKind(ex, "stdout").find((e) => e.partial);
    expect(partial?.text).toBe('{"jsonrpc":"2.0","id":1,"result":{"events":[{"title":"Standup","sta');
    expect(partial?.parseError).toBeDefined();
  });

  it("a 50 MB line is cut at the line limit: framing failure, the head shown, the process killed", async () => {
    const ex = await sendFrame(fixture("huge-line.mjs", "50"), frame, { timeoutMs: 20_000 });
    expect(failureOf(ex)).toMatchObject({
      failure: "framing",
      message: expect.stringMatching(/more than 8388608 bytes without a newline/),
    });
    const cut = ofKind(ex, "stdout").find((e) => e.partial)!;
    expect(cut.text).toBe("x".repeat(4096));
    expect(cut.parseError).toMatch(/line cut: \d+ bytes without a newline/);
    expect(await waitUntilGone([ex.process!.pid])).toEqual([]);
  });

  it("a server that forks children and exits takes its children with it (kept-up process)", async () => {
    const ex = await sendFrame(fixture("fork-and-exit.mjs", "keep"), request(1, "ping"));
    const { pid, childPids } = (replyFrame(ex) as { result: { pid: number; childPids: number[] } }).result;
    childPids.forEach(trackPid);
    expect(childPids.every(isAlive)).toBe(true);
    expect(await waitUntilGone([pid, ...childPids])).toEqual([]);
  });

  it("a server that forks children and exits takes its children with it (fresh process)", async () => {
    const ex = await sendFrame(fixture("fork-and-exit.mjs", "fresh"), request(1, "ping"), { processMode: "fresh" });
    const { pid, childPids } = (replyFrame(ex) as { result: { pid: number; childPids: number[] } }).result;
    childPids.forEach(trackPid);
    expect(await waitUntilGone([pid, ...childPids])).toEqual([]);
  });

  it("a stdout flood of 100,000 notifications keeps a bounded record, says what it dropped, and the reply arrives", async () => {
    const ex = await sendFrame(fixture("stdout-flood.mjs", "100000"), frame, { timeoutMs: 20_000 });
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { result: { flooded: 100_000 } } });
    expect(ex.events.length).toBeLessThanOrEqual(LIMITS.maxEventsPerExchange + 1);
    expect(receivedFrames(ex)).toHaveLength(LIMITS.maxEventsPerExchange);
    const last = ex.events.at(-1)!;
    expect(last).toMatchObject({
      kind: "note",
      text: expect.stringMatching(
        /^\d+ further events and \d+ further frames were not recorded \(an exchange keeps at most 5000 of each\)$/,
      ),
    });
  });

  it("a 20 MB stderr line without a newline is cut, and the reply still arrives", async () => {
    const ex = await sendFrame(fixture("stderr-one-line.mjs", "20"), frame, { timeoutMs: 20_000 });
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { result: { stderrMiB: 20 } } });
    const stderr = ofKind(ex, "stderr");
    expect(stderr).toHaveLength(1);
    expect(stderr[0].text.length).toBeLessThan(LIMITS.maxStderrLineChars + 100);
    expect(stderr[0].text).toMatch(/… \(line cut at 8192 chars\)$/);
  });
});

describe("hostile HTTP servers", () => {
  it("an SSE stream that never ends stops at the reply size limit and the bridge hangs up", async () => {
    const ex = await sendFrame({ kind: "http", url: hostile.url("/sse-forever") }, frame, { timeoutMs: 20_000 });
    expect(failureOf(ex)).toMatchObject({
      failure: "size",
      message: `the reply exceeded ${LIMITS.maxReplyBytesPerExchange} bytes; the bridge stopped reading`,
    });
    expect(ex.events.length).toBeLessThanOrEqual(LIMITS.maxEventsPerExchange + 1);
    await vi.waitFor(() => expect(hostile.stats.sseForever.closed).toBe(true));
    expect(hostile.stats.sseForever.bytes).toBeLessThan(LIMITS.maxReplyBytesPerExchange + 16 * MiB);
  });

  it("an SSE data line that never ends is bounded by the same limit", async () => {
    const ex = await sendFrame({ kind: "http", url: hostile.url("/sse-one-line") }, frame, { timeoutMs: 20_000 });
    expect(failureOf(ex).failure).toBe("size");
    await vi.waitFor(() => expect(hostile.stats.sseOneLine.closed).toBe(true));
  });

  it("a 10 GB body is read to the size limit only, the head kept, then the connection is closed", async () => {
    const ex = await sendFrame({ kind: "http", url: hostile.url("/ten-gb") }, frame, { timeoutMs: 20_000 });
    expect(failureOf(ex)).toMatchObject({ failure: "size" });
    expect(ofKind(ex, "http-response")[0].headers).toContainEqual(["Content-Length", String(10 * 1024 ** 3)]);
    const body = ofKind(ex, "http-body")[0];
    expect(body).toMatchObject({ truncated: true });
    expect(body.text).toBe(" ".repeat(4096));
    await vi.waitFor(() => expect(hostile.stats.tenGb.closed).toBe(true));
    expect(hostile.stats.tenGb.bytes).toBeLessThan(LIMITS.maxReplyBytesPerExchange + 16 * MiB);
  });

  it("a redirect to a private address is reported, not followed: the address behind it is never contacted", async () => {
    const ex = await sendFrame({ kind: "http", url: hostile.url("/redirect-canary") }, frame);
    expect(failureOf(ex)).toMatchObject({
      failure: "http-status",
      message: expect.stringMatching(
        /^HTTP 302 Found → Location: http:\/\/127\.0\.0\.1:\d+\/mcp \(the bridge does not follow redirects\)$/,
      ),
    });
    expect(hostile.stats.canaryHits).toBe(0);
  });
});
