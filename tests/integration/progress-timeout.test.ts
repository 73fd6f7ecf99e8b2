/** progress.mdx "Timeouts": progress for the request's token restarts its timeout, up to a maximum total time. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { livePids, shutdownAll } from "@/lib/node/bridge/stdio";
import { send } from "@/lib/node/bridge/send";
import { readOutcome } from "@/tests/helpers/exchange";

const SLOW = path.resolve(__dirname, "..", "fixtures", "slow-with-progress.mjs");
const slow: Target = { kind: "stdio", command: process.execPath, args: [SLOW, "250", "6"] };
let n = 0;
const frame = (method: string, params: object) => JSON.stringify({ jsonrpc: "2.0", id: ++n, method, params });
const call = async (
  target: Target,
  token: string | number | undefined,
  extra: { timeoutMs: number; progressReset?: boolean; maxTotalMs?: number },
) => {
  // The 700 ms must measure the tool, not Node's start-up: on a loaded machine a fresh process can take longer than
  // that to read its first line. So a stdio server is running (it answered a ping) before the timed request.
  if (target.kind === "stdio") {
    const ping = await send({
      sendId: `warm-${n}`,
      target,
      frame: frame("ping", {}),
      insist: false,
      processMode: "keep",
      timeoutMs: 30_000,
    });
    expect(readOutcome(ping)).toMatchObject({ kind: "response" });
  }
  const _meta = token === undefined ? {} : { progressToken: token };
  return send({
    sendId: `progress-${n}`,
    target,
    frame: frame("tools/call", { _meta, name: "slow", arguments: {} }),
    insist: false,
    processMode: "keep",
    ...extra,
  });
};
const notes = (ex: Exchange) => ex.events.flatMap((e) => (e.kind === "note" ? [e.text] : []));

// One process per test: a timed-out tool still answers later, and that must not reach the next test.
afterEach(shutdownAll);
afterAll(async () => {
  await shutdownAll();
  expect(livePids()).toEqual([]);
});

describe("progress keeps a slow request alive (stdio)", () => {
  it("each notifications/progress for the request's token restarts the 700 ms timeout: the 1.5 s tool answers, and the card says progress extended it", async () => {
    const ex = await call(slow, "tok-1", { timeoutMs: 700 });
    expect(readOutcome(ex)).toMatchObject({ kind: "response" });
    expect(notes(ex)).toContain(
      "notifications/progress for this request's token restarted the 700 ms timeout (at most 7000 ms in all)",
    );
    expect(
      notes(ex).some((t) =>
        /^progress extended the timeout [2-6] times \(each notifications\/progress for token "tok-1" restarted the 700 ms timeout; at most 7000 ms in all\)$/.test(
          t,
        ),
      ),
    ).toBe(true);
  });

  it("progressReset false (--no-progress-reset): the same tool times out at 700 ms", async () => {
    const ex = await call(slow, "tok-2", { timeoutMs: 700, progressReset: false });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    expect(notes(ex).join("\n")).not.toMatch(/progress extended/);
  });

  it("without a progressToken nothing is extended", async () => {
    const ex = await call(slow, undefined, { timeoutMs: 700 });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
  });

  it("maxTotalMs bounds it: progress cannot keep a request alive past the maximum total time", async () => {
    const ex = await call(slow, "tok-3", { timeoutMs: 700, maxTotalMs: 1000 });
    expect(ex.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    expect(ex.outcome.kind === "failure" && ex.outcome.message).toMatch(
      /progress kept it alive until the maximum total of 1000 ms/,
    );
    expect(notes(ex).some((t) => t.endsWith("; the maximum total time was reached"))).toBe(true);
  });
});

describe("progress keeps a slow request alive (Streamable HTTP, SSE)", () => {
  it("progress events on the SSE stream restart the timeout; without the reset the request times out", async () => {
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const msg = JSON.parse(body);
        const token = msg.params._meta.progressToken;
        res.writeHead(200, { "content-type": "text/event-stream" });
        let i = 0;
        const tick = setInterval(() => {
          i += 1;
          res.write(
            `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: i } })}\n\n`,
          );
          if (i === 6) {
            clearInterval(tick);
            res.end(
              `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: { resultType: "complete", content: [], isError: false } })}\n\n`,
            );
          }
        }, 250);
        res.on("close", () => clearInterval(tick));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const target: Target = { kind: "http", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
    try {
      const kept = await call(target, 7, { timeoutMs: 700 });
      expect(readOutcome(kept)).toMatchObject({ kind: "response" });
      expect(notes(kept).some((t) => t.startsWith("progress extended the timeout"))).toBe(true);
      const dropped = await call(target, 8, { timeoutMs: 700, progressReset: false });
      expect(dropped.outcome).toMatchObject({ kind: "failure", failure: "timeout" });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
