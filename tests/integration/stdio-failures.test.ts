/**
 * The stdio bridge against real misbehaving processes (tests/fixtures): every failure is named, keeps what
 * crossed the wire, and leaves no process behind.
 */
import { afterAll, describe, expect, it } from "vitest";
import { type Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { cancel, controlProcess, send } from "@/lib/node/bridge/send";
import { LIMITS } from "@/lib/node/bridge/limits";
import { SendRequestSchema } from "@/lib/bridge/contract";
import {
  endAllAndAssertNoneAlive,
  fixture,
  isAlive,
  ofKind,
  nextSendId,
  recordPids,
  request,
  sendFrame,
  trackPid,
  waitUntilGone,
} from "./helpers";
import { replyFrame, receivedFrames, eventFrame } from "@/lib/protocol/exchange";
import { readOutcome } from "@/tests/helpers/exchange";

afterAll(endAllAndAssertNoneAlive);

describe("stdio framing", () => {
  it("a non-JSON stdout line is shown and the reply still arrives", async () => {
    const ex = await sendFrame(fixture("noisy-stdout.mjs"), request(1, "ping"));
    expect(readOutcome(ex)).toEqual({ kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { ok: true } } });
    const stdout = ofKind(ex.events, "stdout");
    expect(stdout.map((e) => e.text)).toEqual([
      "server starting… (this log line is not JSON)",
      "handling ping",
      '{"jsonrpc":"2.0","id":1,"result":{"ok":true}}',
    ]);
    expect(stdout[0].parseError).toMatch(/not JSON/);
    expect(stdout[0].unsolicited).toBeUndefined(); // said by the process this exchange started
    expect(receivedFrames(ex)).toEqual([{ jsonrpc: "2.0", id: 1, result: { ok: true } }]);
  });

  it("non-JSON stdout and no reply is a framing failure, not a plain timeout", async () => {
    const ex = await sendFrame(fixture("noisy-silent.mjs"), request(1, "ping"), { timeoutMs: 800 });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "framing" });
    if (ex.outcome.kind === "failure")
      expect(ex.outcome.message).toMatch(
        /no response with id 1 within 800 ms; stdout carried 1 line that are not JSON/,
      );
  });

  it("a reply without its newline times out, and the partial line is shown", async () => {
    const ex = await sendFrame(fixture("no-newline.mjs"), request(1, "ping"), { timeoutMs: 800 });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    if (ex.outcome.kind === "failure") expect(ex.outcome.message).toMatch(/holds 36 bytes without a trailing newline/);
    const partial = ofKind(ex.events, "stdout").find((e) => e.partial);
    expect(partial?.text).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(receivedFrames(ex)).toEqual([]);
  });

  it("invalid UTF-8 on stdout is shown with replacement characters and marked", async () => {
    const ex = await sendFrame(fixture("invalid-utf8.mjs"), request(1, "ping"));
    expect(ex.outcome.kind).toBe("response");
    const line = ofKind(ex.events, "stdout")[0];
    expect(line.invalidUtf8).toBe(true);
    expect(line.text).toBe("ok \uFFFD\uFFFD");
  });

  it("a line over the size limit breaks framing and the process is killed", async () => {
    const ex = await sendFrame(fixture("long-line.mjs"), request(1, "ping"), { timeoutMs: 10_000 });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "framing" });
    if (ex.outcome.kind === "failure") expect(ex.outcome.message).toMatch(/more than 8388608 bytes without a newline/);
    const cut = ofKind(ex.events, "stdout").find((e) => e.partial);
    expect(cut?.text.length).toBe(4096);
    expect(await waitUntilGone([ex.process!.pid])).toEqual([]);
  });

  it("notifications that arrive before the response are kept in order", async () => {
    const ex = await sendFrame(fixture("notify-then-reply.mjs"), request(3, "work"));
    expect(receivedFrames(ex).map((f) => (f as { method?: string }).method ?? "response")).toEqual([
      "notifications/message",
      "notifications/progress",
      "response",
    ]);
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { id: 3 } });
  });

  it("a frame with embedded newlines is written as is, with a note that stdio splits it", async () => {
    const ex = await sendFrame(fixture("echo-pid.mjs", "newlines"), JSON.stringify(request(1, "ping"), null, 2), {
      timeoutMs: 500,
    });
    expect(ofKind(ex.events, "stdin")[0].text).toContain("\n");
    expect(
      ofKind(ex.events, "note")
        .map((n) => n.text)
        .join(),
    ).toMatch(/contains 4 newlines.*5 separate lines/);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
  });

  it("a notification finishes after the grace period with outcome notification", async () => {
    const ex = await sendFrame(fixture("echo-pid.mjs"), { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(ex.outcome.kind).toBe("notification");
    expect(ex.durationMs).toBeGreaterThanOrEqual(LIMITS.notificationGraceMs - 5);
  });
});

describe("stdio process failures", () => {
  it("a command that does not exist fails with spawn, naming the command", async () => {
    const ex = await sendFrame(
      { kind: "stdio", command: "definitely-not-a-command-4242", args: [] },
      request(1, "ping"),
    );
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "spawn" });
    if (ex.outcome.kind === "failure")
      expect(ex.outcome.message).toMatch(
        /could not start `definitely-not-a-command-4242`: command not found \(ENOENT\)/,
      );
  });

  it("a working directory that does not exist fails with spawn, naming it", async () => {
    const ex = await sendFrame(
      { kind: "stdio", command: process.execPath, args: [], cwd: "/no/such/dir" },
      request(1, "ping"),
    );
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "spawn" });
    if (ex.outcome.kind === "failure")
      expect(ex.outcome.message).toMatch(/working directory \/no\/such\/dir does not exist/);
  });

  it("a server that exits at start fails with exit, its code and stderr tail", async () => {
    const ex = await sendFrame(fixture("exit-at-start.mjs"), request(1, "ping"));
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "exit" });
    if (ex.outcome.kind !== "failure") return;
    expect(ex.outcome.message).toMatch(/exited with code 3/);
    expect(ex.outcome.stderrTail).toEqual([
      "loading config from /etc/example.json",
      "fatal: EXAMPLE_API_KEY is not set",
    ]);
    expect(ofKind(ex.events, "stderr").map((e) => e.text)).toContain("fatal: EXAMPLE_API_KEY is not set");
  });

  it("a stderr flood keeps the last 200 lines and the reply still arrives", async () => {
    const target = fixture("stderr-flood.mjs");
    const ex = await sendFrame(target, request(1, "ping"));
    expect(readOutcome(ex)).toMatchObject({ kind: "response", frame: { result: { flooded: 5000 } } });
    expect(ofKind(ex.events, "stderr").length).toBe(LIMITS.maxStderrEventsPerExchange);
    expect(
      ofKind(ex.events, "note")
        .map((n) => n.text)
        .join(),
    ).toMatch(/4000 more stderr lines were not added/);
    const status = await controlProcess("status", target);
    expect(status.stderrTail).toHaveLength(200);
    expect(status.stderrTail.at(-1)).toBe("log line 5000");
    expect(status.stderrDropped).toBe(4800);
  });

  it("a timeout leaves the process up, and the late reply shows as unsolicited next time", async () => {
    const target = fixture("echo-pid.mjs", "late");
    const first = await sendFrame(target, request(1, "late"), { timeoutMs: 300 });
    expect(first.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    if (first.outcome.kind === "failure")
      expect(first.outcome.message).toMatch(/stays up; a late reply will show as unsolicited/);
    expect((await controlProcess("status", target)).lastTimeout).toMatchObject({ id: 1 });
    await untilStderr(target, "sent late 1"); // written after the reply, so the reply is at the bridge
    const second = await sendFrame(target, request(2, "ping"));
    expect(second.process?.pid).toBe(first.process?.pid);
    const late = ofKind(second.events, "stdout").find((e) => e.unsolicited);
    expect(late && eventFrame(late)).toMatchObject({ id: 1, result: { late: true } });
    expect(late!.t).toBeLessThan(0); // it arrived before this send began
    expect(readOutcome(second)).toMatchObject({ kind: "response", frame: { id: 2 } });
  });
});

/** Waits until the process of `target` has said `line` on stderr (the fixtures say when a request arrived). */
async function untilStderr(target: Target, line: string): Promise<void> {
  await expect
    .poll(async () => (await controlProcess("status", target)).stderrTail, { timeout: 10_000 })
    .toContain(line);
}

describe("process modes and control", () => {
  it("a kept-up process serves every send until it is closed", async () => {
    const target = fixture("echo-pid.mjs", "kept");
    const a = await sendFrame(target, request(1, "ping"));
    const b = await sendFrame(target, request(2, "ping"));
    expect(ofKind(a.events, "spawn")).toHaveLength(1);
    expect(ofKind(b.events, "spawn")).toHaveLength(0);
    expect(b.process?.pid).toBe(a.process?.pid);
    expect(a.process?.spawnToFirstByteMs).toBeGreaterThan(0);
    const status = await controlProcess("status", target);
    expect(status).toMatchObject({ running: true, pid: a.process?.pid });
    const closed = await controlProcess("close", target);
    expect(closed.running).toBe(false);
    expect(isAlive(a.process!.pid)).toBe(false);
    const c = await sendFrame(target, request(3, "ping"));
    expect(c.process?.pid).not.toBe(a.process?.pid);
    const restarted = await controlProcess("restart", target);
    trackPid(restarted.pid);
    expect(restarted.running).toBe(true);
    expect(restarted.pid).not.toBe(c.process?.pid);
  });

  it("a kept-up process that died between sends is replaced, and its exit shows as unsolicited", async () => {
    const target = fixture("echo-pid.mjs", "quits");
    const first = await sendFrame(target, request(1, "quit"));
    await expect.poll(async () => (await controlProcess("status", target)).running, { timeout: 10_000 }).toBe(false);
    const second = await sendFrame(target, request(2, "ping"));
    const kinds = second.events.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(["exit", "spawn"]);
    expect(second.events[0]).toMatchObject({ kind: "exit", pid: first.process?.pid, code: 5, unsolicited: true });
    expect(second.process?.pid).not.toBe(first.process?.pid);
    expect(readOutcome(second)).toMatchObject({ kind: "response", frame: { id: 2 } });
  });

  it("fresh mode spawns a process per message and ends it after the reply", async () => {
    const target = fixture("echo-pid.mjs", "fresh");
    const a = await sendFrame(target, request(1, "ping"), { processMode: "fresh" });
    const b = await sendFrame(target, request(1, "ping"), { processMode: "fresh" });
    for (const ex of [a, b]) {
      expect(ex.outcome.kind).toBe("response");
      expect(ex.process).toMatchObject({ fresh: true, exit: { code: 0, signal: null } });
      expect(ex.process!.spawnToFirstByteMs).toBeGreaterThan(0);
      expect(ex.events.map((e) => e.kind)).toEqual(["spawn", "stdin", "stdout", "exit"]);
      expect(isAlive(ex.process!.pid)).toBe(false);
    }
    expect(a.process!.pid).not.toBe(b.process!.pid);
    expect((await controlProcess("status", target)).running).toBe(false); // fresh processes are not kept
  });

  it("closing escalates to SIGKILL when SIGTERM is ignored", async () => {
    const target = fixture("ignore-sigterm.mjs");
    const ex = await sendFrame(target, request(1, "ping"));
    const started = Date.now();
    const closed = await controlProcess("close", target);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.killGraceMs - 50);
    expect(closed.exit).toEqual({ code: null, signal: "SIGKILL" });
    expect(isAlive(ex.process!.pid)).toBe(false);
  });

  it("closing ends the server's own children too (the whole process group)", async () => {
    const target = fixture("grandchild.mjs");
    const ex = await sendFrame(target, request(1, "ping"));
    const { pid, childPid } = (replyFrame(ex) as { result: { pid: number; childPid: number } }).result;
    expect(isAlive(childPid)).toBe(true);
    await controlProcess("close", target);
    expect(await waitUntilGone([pid, childPid])).toEqual([]);
  });

  it("cancel writes notifications/cancelled to stdin and ends the exchange as cancelled", async () => {
    const target = fixture("echo-pid.mjs", "cancel");
    await sendFrame(target, request(1, "ping")); // start the process first so the cancel is not racing a spawn
    const sendId = nextSendId();
    const pending = send(SendRequestSchema.parse({ sendId, target, frame: JSON.stringify(request(7, "slow")) }));
    await untilStderr(target, "holding 7"); // the server has the request: the send is in flight
    expect(cancel(sendId)).toBe(true);
    const ex = await pending;
    recordPids(ex);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "cancelled" });
    const stdin = ofKind(ex.events, "stdin").map((e) => e.text);
    expect(stdin[1]).toBe(
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"User cancelled"}}',
    );
    expect(cancel(sendId)).toBe(false); // already finished
    // The server's acknowledgement comes between sends: it is recorded with the next one.
    await untilStderr(target, "cancelled request 7: User cancelled");
    const next = await sendFrame(target, request(8, "ping"));
    expect(ofKind(next.events, "stderr").map((e) => e.text)).toContain("cancelled request 7: User cancelled");
  });
});

describe("what the bridge refuses to send", () => {
  it("a frame that is not JSON is not sent unless the user insists", async () => {
    const ex = await sendFrame(fixture("echo-pid.mjs", "not-json"), '{"jsonrpc":"2.0",');
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "not-json" });
    expect(ex.events.filter((e) => e.kind === "spawn" || e.kind === "stdin")).toEqual([]);
    if (ex.outcome.kind === "failure") expect(ex.outcome.message).toMatch(/line 1, column 18.*nothing was sent/);
  });

  it("an insisted non-JSON frame is delivered byte for byte", async () => {
    const ex = await sendFrame(fixture("echo-pid.mjs", "insist"), "hello server", { insist: true, timeoutMs: 300 });
    expect(ofKind(ex.events, "stdin")[0].text).toBe("hello server");
    expect(ofKind(ex.events, "note")[0].text).toMatch(/sent as written because you insisted/);
  });

  it("a frame over the size limit fails with size before anything is spawned", async () => {
    const big = JSON.stringify(request(1, "x", { pad: "x".repeat(LIMITS.maxFrameBytes) }));
    const ex = await sendFrame(fixture("echo-pid.mjs", "big"), big);
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "size" });
    expect(ex.events.some((e) => e.kind === "spawn")).toBe(false);
  });

  it("the same sendId cannot be in flight twice", async () => {
    const target = fixture("echo-pid.mjs", "dup");
    const sendId = nextSendId();
    const frame = JSON.stringify(request(1, "slow"));
    const first = send(SendRequestSchema.parse({ sendId, target, frame, timeoutMs: 500 }));
    await expect(send(SendRequestSchema.parse({ sendId, target, frame }))).rejects.toThrow(/already in flight/);
    recordPids(await first);
  });

  it("the registry key of a stdio target includes its argv", () => {
    expect(targetKey(fixture("a.mjs"))).not.toBe(targetKey(fixture("b.mjs")));
  });
});
