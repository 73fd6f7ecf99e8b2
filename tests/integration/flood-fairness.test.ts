/**
 * Issue 26, item 5: SSE floods must not hold up other clients' calls. Four floods (one hosted client's allowance of
 * calls in flight) from a real loopback server that writes tiny events as fast as the socket takes them, read by the
 * bridge's real HTTP client, while another client's call goes to the embedded calendar over HTTP again and again.
 * Asserted on what makes it fair: the four floods of one client draw on ONE share (together they are read no more
 * than one flood may be), a flood of events that are costly to parse is paced by what it costs, not only by its
 * bytes, and another client's floods have a share of their own. The other call's latency is measured and printed,
 * not asserted (no wall-clock limits in tests; bench/floods.mjs measures it through the real server).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { floodingClients } from "@/lib/node/bridge/flood-pacing";
import { LIMITS } from "@/lib/node/bridge/limits";
import { ENVELOPE, request, sendFrame } from "./helpers";

let flood: http.Server;
let floodUrl: string;
let costly: http.Server;
let costlyUrl: string;
let calendar: DemoHttpServer;

/** A loopback SSE server that writes `next()` chunks as fast as the socket drains. */
async function floodServer(next: () => Buffer): Promise<[http.Server, string]> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/event-stream" });
    const pump = () => {
      while (!res.destroyed && res.write(next()));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`];
}

beforeAll(async () => {
  const chunk = Buffer.from("data: x\n\n".repeat(7_000)); // ~63 KiB of tiny events
  [flood, floodUrl] = await floodServer(() => chunk);
  // Events that may be frames and are all different, each broken: every one is parsed and its error described.
  let n = 0;
  [costly, costlyUrl] = await floodServer(() => {
    let text = "";
    for (let i = 0; i < 1_000; i++) text += `data: {"n":${n++},\n\n`;
    return Buffer.from(text);
  });
  calendar = await startDemoHttpServer("calendar");
});
afterAll(async () => {
  for (const server of [flood, costly]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await calendar.close();
});

/** Body bytes a flood exchange read before it ended (its timeout message says). */
const bytesRead = (exchange: Exchange) => Number(/(\d+) body bytes so far/.exec(JSON.stringify(exchange.outcome))?.[1]);

describe("issue 26, item 5: floods are paced, other calls go on", () => {
  it("four SSE floods from one client draw on one share: together they are read at most LIMITS.floodBytesPerSecond, and each says so", async () => {
    const timeoutMs = 4_000;
    const calendarCall = () =>
      sendFrame(
        { kind: "demo", server: "calendar", transport: "http" },
        request(99, "tools/list", { _meta: ENVELOPE }),
        {},
        { baseUrl: new URL(calendar.url).origin, client: "other client" },
      );
    await calendarCall(); // warm: the first call loads the demo handler
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await calendarCall();
      quiet.push(Math.round(performance.now() - t0));
    }
    console.log(`flood fairness: the same call without floods: ${quiet.join(" ")} ms`);
    const floods = [1, 2, 3, 4].map((n) =>
      sendFrame(
        { kind: "http", url: floodUrl },
        request(n, "tools/list", { _meta: ENVELOPE }),
        { timeoutMs },
        { client: "flooder" },
      ),
    );
    let done = false;
    void Promise.all(floods).then(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const other: Exchange = await calendarCall();
      latencies.push(performance.now() - t0);
      expect(other.outcome.kind).toBe("response");
    }
    const exchanges = await Promise.all(floods);
    for (const exchange of exchanges) {
      expect(JSON.stringify(exchange)).toContain(
        `a flood: after ${LIMITS.floodEventsBeforePacing} events the bridge reads this stream, together with this client's other floods, at most 1 MiB/s and ${LIMITS.floodReadMsPerSecond} ms of its time per second`,
      );
      expect(exchange.outcome.kind).toBe("failure");
    }
    // One share for the four: the chunks that carried each flood's first events, then one paced rate for the rest
    // of the timeout (with its tenth of a second saved up, and a chunk or two in flight each). Paced per stream, as before, they read four times that.
    const together = exchanges.map(bytesRead).reduce((a, b) => a + b, 0);
    const allowed = (timeoutMs / 1000) * LIMITS.floodBytesPerSecond + LIMITS.floodBytesPerSecond / 10 + 4 * 3 * 65_536;
    expect(together).toBeLessThanOrEqual(allowed);
    expect(floodingClients()).toBe(0); // the share is given back when the floods end
    console.log(`flood fairness: the four floods read ${together} bytes together (one share allows ${allowed})`);
    console.log(`flood fairness: in order ${latencies.map(Math.round).join(" ")} ms`);
    latencies.sort((a, b) => a - b);
    console.log(
      `flood fairness: ${latencies.length} other calls during 4 floods; p50 ${Math.round(latencies[Math.floor(latencies.length / 2)])} ms, max ${Math.round(latencies.at(-1)!)} ms`,
    );
  }, 30_000);

  it("a flood of events that are costly to parse is paced by the time its reading takes, not only by its bytes", async () => {
    const timeoutMs = 3_000;
    const exchange = await sendFrame(
      { kind: "http", url: costlyUrl },
      request(1, "tools/list", { _meta: ENVELOPE }),
      { timeoutMs },
      { client: "costly flooder" },
    );
    expect(exchange.outcome.kind).toBe("failure");
    expect(JSON.stringify(exchange)).toContain(`${LIMITS.floodReadMsPerSecond} ms of its time per second`);
    // Each of these events costs a parse and an error report for ~20 bytes: read at the byte rate alone they would
    // take more of the event loop than the share gives, so the time share is what holds this flood back.
    const paced = /it paused reading (\d+) times: (\d+) for the time its reading took/.exec(JSON.stringify(exchange));
    expect(paced).not.toBeNull();
    expect(Number(paced![2])).toBeGreaterThan(Number(paced![1]) / 2);
    console.log(`flood fairness: the costly flood read ${bytesRead(exchange)} bytes in ${timeoutMs} ms; ${paced![0]}`);
  }, 30_000);

  it("another client's floods have a share of their own: one share per flooding client, given back at the end", async () => {
    const flooding = (client: string) =>
      sendFrame(
        { kind: "http", url: floodUrl },
        request(1, "tools/list", { _meta: ENVELOPE }),
        { timeoutMs: 2_000 },
        { client },
      );
    const all = Promise.all([flooding("client A"), flooding("client A"), flooding("client A"), flooding("client B")]);
    let most = 0;
    let done = false;
    void all.then(() => (done = true));
    while (!done) {
      most = Math.max(most, floodingClients());
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const exchange of await all)
      expect(JSON.stringify(exchange)).toContain("together with this client's other floods");
    expect(most).toBe(2);
    expect(floodingClients()).toBe(0);
  }, 30_000);
});
