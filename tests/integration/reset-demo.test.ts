/**
 * Reset demo servers (issue 27 item 11): the route closes the embedded servers' kept-up processes and puts their
 * state back to a first start, so a class begins on the seed calendar whatever earlier sessions created.
 */
import { afterAll, describe, expect, it } from "vitest";
import { TOKEN_HEADER, type Exchange, type ResetDemoReport } from "@/lib/bridge/contract";
import { appRoutesForFile } from "./app-routes";
import { ENVELOPE, endAllAndAssertNoneAlive, recordPids, request } from "./helpers";
import { readOutcome } from "@/tests/helpers/exchange";

const TOKEN = "reset-demo-test-token";
const app = appRoutesForFile(TOKEN);
afterAll(endAllAndAssertNoneAlive);

const auth = { [TOKEN_HEADER]: TOKEN };
const targets = [
  { kind: "demo", server: "calendar", transport: "stdio" },
  { kind: "demo", server: "calendar", transport: "http" },
] as const;

async function send(target: (typeof targets)[number], frame: object): Promise<Exchange> {
  const { json } = await app.post(
    "/api/bridge/send",
    { sendId: `reset-${Math.random().toString(36).slice(2)}`, target, frame: JSON.stringify(frame) },
    auth,
  );
  expect(json.ok, JSON.stringify(json)).toBe(true);
  recordPids(json.value as Exchange);
  return json.value as Exchange;
}

async function week(target: (typeof targets)[number]): Promise<string> {
  const exchange = await send(target, request(9, "resources/read", { _meta: ENVELOPE, uri: "calendar://week" }));
  return JSON.stringify(readOutcome(exchange));
}

describe("Reset demo servers", () => {
  it("an event created before the reset is gone after it, over stdio and over HTTP; the kept process was closed", async () => {
    const pids: (number | undefined)[] = [];
    for (const target of targets) {
      pids.push(
        (
          await send(
            target,
            request(1, "tools/call", {
              _meta: ENVELOPE,
              name: "create_event",
              arguments: { title: "Left from last class", startsAt: "2026-09-10T08:30:00Z" },
            }),
          )
        ).process?.pid,
      );
      expect(await week(target)).toContain("Left from last class");
    }
    const { status, json } = await app.post("/api/bridge/reset-demo", { confirm: true }, auth);
    expect(status).toBe(200);
    const report = json.value as ResetDemoReport;
    expect(report.closed).toContain("calendar (stdio)");
    expect(report.calendarEvents).toBeGreaterThanOrEqual(1);
    const fresh = await send(targets[0], request(3, "server/discover", { _meta: ENVELOPE }));
    expect(fresh.process?.pid).not.toBe(pids[0]);
    for (const target of targets) {
      const after = await week(target);
      expect(after).not.toContain("Left from last class");
      expect(after).toContain("Standup");
    }
  });

  it("is refused without the token (401) and without confirm: true (400)", async () => {
    expect((await app.post("/api/bridge/reset-demo", { confirm: true })).status).toBe(401);
    const { status, json } = await app.post("/api/bridge/reset-demo", {}, auth);
    expect(status).toBe(400);
    expect(json).toMatchObject({ ok: false });
  });
});
