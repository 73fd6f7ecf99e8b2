/**
 * POST /api/bridge/listen on the playground's own listener (lib/node/host/app.ts), read by the browser's listen client: the NDJSON
 * stream carries the calendar's acknowledgement and its resources/updated while another send creates an
 * event; the client closes it through /api/bridge/cancel. Refusals come back as JSON before any stream.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBridgeClient } from "@/lib/bridge/client";
import type { Target } from "@/lib/bridge/contract";
import type { ListenLine, ListenRequest } from "@/lib/bridge/listen-contract";
import { openListenStream } from "@/lib/bridge/listen-client";
import { listenOnLoopback } from "@/lib/node/demo-servers/http";
import { ENVELOPE, endAllAndAssertNoneAlive, recordPids, request, trackPid } from "../helpers";
import { eventFrame } from "@/lib/protocol/exchange";

const TOKEN = "listen-route-token";
let origin = "";
let close: () => Promise<void>;

beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  const { createPlaygroundListener } = await import("@/lib/node/host/app");
  const server = await listenOnLoopback(createPlaygroundListener());
  origin = server.origin;
  close = server.close;
});

afterAll(async () => {
  await close();
  vi.unstubAllEnvs();
  await endAllAndAssertNoneAlive();
});

const listenFrame = JSON.stringify(
  request("listen-1", "subscriptions/listen", {
    _meta: ENVELOPE,
    notifications: { resourceSubscriptions: ["calendar://week"] },
  }),
);

function collect(req: ListenRequest, token = TOKEN) {
  const lines: ListenLine[] = [];
  let wake: (() => void) | undefined;
  const stream = openListenStream({ token, baseUrl: origin }, req, (line) => {
    lines.push(line);
    if (line.kind === "event" && line.event.kind === "spawn") trackPid(line.event.pid);
    wake?.();
  });
  const until = async (method: string) => {
    const has = () =>
      lines.some(
        (l) => l.kind === "event" && (eventFrame(l.event) as { method?: string } | undefined)?.method === method,
      );
    const deadline = Date.now() + 8000;
    while (!has()) {
      if (Date.now() > deadline) throw new Error(`no ${method}; lines: ${JSON.stringify(lines)}`);
      await new Promise<void>((r) => ((wake = r), setTimeout(r, 100)));
    }
  };
  return { lines, stream, until };
}

describe.each(["stdio", "http"] as const)("the listen route over %s", (transport) => {
  it("streams ack and resources/updated as they happen, and the client closes it", async () => {
    const target: Target = { kind: "demo", server: "calendar", transport };
    const { lines, stream, until } = collect({ listenId: `route-listen-${transport}`, target, frame: listenFrame });
    await until("notifications/subscriptions/acknowledged");

    const client = createBridgeClient({ token: TOKEN, baseUrl: origin });
    const created = await client.send({
      sendId: `route-create-${transport}`,
      target,
      frame: JSON.stringify(
        request(2, "tools/call", {
          _meta: ENVELOPE,
          name: "create_event",
          arguments: { title: "Dentist", startsAt: "2026-09-10T08:30:00Z" },
        }),
      ),
    });
    expect(created.ok && created.value.outcome.kind).toBe("response");
    if (created.ok) recordPids(created.value);
    await until("notifications/resources/updated");

    await stream.close();
    const end = await stream.done;
    expect(end).toMatchObject({ kind: "end", reason: "closed-by-user" });
    expect(lines[0]).toMatchObject({ kind: "open", subscriptionId: "listen-1", transport });
    expect(lines.at(-1)).toEqual(end);
  });
});

describe("the listen route refuses before streaming", () => {
  const target: Target = { kind: "demo", server: "calendar", transport: "stdio" };
  it.each([
    ["without the token", { listenId: "r1", target, frame: listenFrame }, "wrong-token", /unauthorized/],
    [
      "a frame that is not a listen request",
      { listenId: "r2", target, frame: JSON.stringify(request(1, "tools/list", { _meta: ENVELOPE })) },
      TOKEN,
      /bad-request.*subscriptions\/listen request/,
    ],
    [
      "a body that misses the target",
      { listenId: "r3", frame: listenFrame } as unknown as ListenRequest,
      TOKEN,
      /bad-request.*target/,
    ],
  ])("%s", async (_l, req, token, message) => {
    const { stream, lines } = collect(req, token);
    const end = await stream.done;
    expect(end.reason).toBe("failure");
    expect(end.message).toMatch(message);
    expect(lines).toEqual([]);
  });
});
