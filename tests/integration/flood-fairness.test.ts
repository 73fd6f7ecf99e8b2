/**
 * Issue 26, item 5: SSE floods must not hold up other clients' calls. Four floods (one hosted client's allowance of
 * calls in flight) from a real loopback server that writes tiny events as fast as the socket takes them, read by the
 * bridge's real HTTP client, while another call goes to the embedded calendar over HTTP again and again. Asserted on
 * the mechanism (each flood is paced: its exchange says so, and it read no more than its budget allows); the other
 * call's latency is measured and printed, not asserted (no wall-clock limits in tests; bench/ is for speed).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { LIMITS } from "@/lib/node/bridge/limits";
import { ENVELOPE, request, sendFrame } from "./helpers";

let flood: http.Server;
let floodUrl: string;
let calendar: DemoHttpServer;

beforeAll(async () => {
  const chunk = Buffer.from("data: x\n\n".repeat(7_000)); // ~63 KiB of tiny events
  flood = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/event-stream" });
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  });
  await new Promise<void>((r) => flood.listen(0, "127.0.0.1", r));
  floodUrl = `http://127.0.0.1:${(flood.address() as AddressInfo).port}/mcp`;
  calendar = await startDemoHttpServer("calendar");
});
afterAll(async () => {
  flood.closeAllConnections();
  await new Promise((r) => flood.close(r));
  await calendar.close();
});

describe("issue 26, item 5: floods are paced, other calls go on", () => {
  it("four SSE floods at once are each read at most LIMITS.floodBytesPerSecond after their first events, and say so", async () => {
    const timeoutMs = 4_000;
    const calendarCall = () =>
      sendFrame(
        { kind: "demo", server: "calendar", transport: "http" },
        request(99, "tools/list", { _meta: ENVELOPE }),
        {},
        { baseUrl: new URL(calendar.url).origin },
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
      sendFrame({ kind: "http", url: floodUrl }, request(n, "tools/list", { _meta: ENVELOPE }), { timeoutMs }),
    );
    let done = false;
    void Promise.all(floods).then(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const other: Exchange = await sendFrame(
        { kind: "demo", server: "calendar", transport: "http" },
        request(99, "tools/list", { _meta: ENVELOPE }),
        {},
        {
          baseUrl: new URL(calendar.url).origin,
        },
      );
      latencies.push(performance.now() - t0);
      expect(other.outcome.kind).toBe("response");
    }
    for (const exchange of await Promise.all(floods)) {
      const notes = JSON.stringify(exchange);
      expect(notes).toContain(
        `a flood: after ${LIMITS.floodEventsBeforePacing} events the bridge reads this stream at most 1 MiB/s`,
      );
      expect(exchange.outcome.kind).toBe("failure");
      const read = Number(/(\d+) body bytes so far/.exec(JSON.stringify(exchange.outcome))?.[1]);
      // The chunk that carried its first events, then the paced rate for the rest of the timeout (and one chunk in flight).
      const allowed = (timeoutMs / 1000) * LIMITS.floodBytesPerSecond + 2 * 65_536;
      expect(read).toBeLessThanOrEqual(allowed);
    }
    console.log(`flood fairness: in order ${latencies.map(Math.round).join(" ")} ms`);
    latencies.sort((a, b) => a - b);
    console.log(
      `flood fairness: ${latencies.length} other calls during 4 floods; p50 ${Math.round(latencies[Math.floor(latencies.length / 2)])} ms, max ${Math.round(latencies.at(-1)!)} ms`,
    );
  }, 30_000);
});
