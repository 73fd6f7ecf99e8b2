/**
 * Issue 26, items 2 and 12: auth demos and browser sign-ins are fair shares of the instance, through the app's
 * routes against the real embedded authorization server. Clients are named by X-Forwarded-For behind one trusted
 * proxy (app-routes stamps the loopback peer), as a class behind nginx would be.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { startProtectedDemo, type ProtectedDemo } from "@/lib/node/demo-servers/protected-calendar";
import { appRoutesForFile } from "../app-routes";
import { ENVELOPE } from "../helpers";

const TOKEN = "fair-shares-token";
const app = appRoutesForFile(TOKEN);
let servers: ProtectedDemo;
beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
  servers = await startProtectedDemo();
});
afterAll(async () => {
  await servers.close();
});

const as = (address: string) => ({ [TOKEN_HEADER]: TOKEN, "X-Forwarded-For": address });
type Run = { outcome: string; flowId?: string };

describe("issue 26, item 12: browser sign-ins cannot be ended by another client", () => {
  it("a client that starts more sign-ins than the instance holds is refused (429, saying what to do); the others' sign-ins stay", async () => {
    const victim = await app.post(
      "/api/auth/run",
      { url: servers.urls.calendar, login: "browser" },
      as("198.51.100.1"),
    );
    expect((victim.json.value as Run).outcome).toBe("needs-user");
    const victimFlow = (victim.json.value as Run).flowId!;

    const statuses: number[] = [];
    let refusal = "";
    for (let i = 0; i < 9; i++) {
      const r = await app.post("/api/auth/run", { url: servers.urls.calendar, login: "browser" }, as("198.51.100.2"));
      statuses.push(r.status);
      if (r.status === 429) refusal = String(r.json.message);
    }
    // 7 fit beside the victim's one; the rest are refused, not evictions.
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(refusal).toMatch(
      /this playground already has 8 browser sign-ins waiting, its limit for everyone together: finish one/,
    );

    // The victim's sign-in is still waiting: its continuation is answered by the flow (a wrong state), not "no sign-in".
    const cont = await app.post(
      "/api/auth/callback",
      { flowId: victimFlow, callbackUrl: "http://127.0.0.1/api/auth/callback?code=x&state=wrong" },
      as("198.51.100.1"),
    );
    expect(JSON.stringify(cont.json)).not.toContain("no sign-in in progress");
  });
});

describe("issue 26, item 2: auth demos cannot block the instance", () => {
  it("hosted: a client's second demo while its first runs is refused (429, saying what to do); the instance runs at most 4 at once", async () => {
    vi.stubEnv("PORT", String(app.port));
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      const same = await Promise.all(
        [1, 2].map(() => app.post("/api/auth/run", { demo: "calendar-protected" }, as("203.0.113.1"))),
      );
      expect(same.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(String(same.find((r) => r.status === 429)!.json.message)).toBe(
        "you already have 1 auth demos running (at most 1 per client): wait for it to finish (a headless demo takes about a second) and run it again",
      );
      expect((same.find((r) => r.status === 200)!.json.value as Run).outcome).toBe("authenticated");

      const many = await Promise.all(
        [11, 12, 13, 14, 15].map((n) =>
          app.post("/api/auth/run", { demo: "calendar-protected" }, as(`203.0.113.${n}`)),
        ),
      );
      expect(many.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429]);
      expect(String(many.find((r) => r.status === 429)!.json.message)).toContain(
        "this playground already has 4 auth demos running, its limit for everyone together",
      );
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });

  it("hosted, issue 26 item 6: two addresses of one IPv6 /64 are one client: its second demo is refused (429)", async () => {
    vi.stubEnv("PORT", String(app.port));
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      const same = await Promise.all(
        ["2001:db8:9:9::1", "2001:db8:9:9:1234::2"].map((address) =>
          app.post("/api/auth/run", { demo: "calendar-protected" }, as(address)),
        ),
      );
      expect(same.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(String(same.find((r) => r.status === 429)!.json.message)).toMatch(
        /^you already have 1 auth demos running/,
      );
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });

  it("demos at once share one authorization server, and its signing key is made once per process", async () => {
    const [a, b] = await Promise.all([startProtectedDemo(), startProtectedDemo()]);
    const kidsAtOnce = [a, b].map((d) => d.issuer);
    expect(kidsAtOnce[0]).toBe(kidsAtOnce[1]);
    const kid = async (issuer: string) =>
      ((await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys[0].kid;
    const first = await kid(a.issuer);
    await a.close();
    await b.close();
    const later = await startProtectedDemo();
    try {
      expect(await kid(later.issuer)).toBe(first);
    } finally {
      await later.close();
    }
  });
});

describe("issue 26, item 9: each protected demo has its own calendar", () => {
  it("the event a calendar-protected run creates with calendar.write is not in /api/demo/calendar's unauthenticated calendar", async () => {
    const run = await app.post("/api/auth/run", { demo: "calendar-protected" }, as("192.0.2.9"));
    expect((run.json.value as Run).outcome).toBe("authenticated");
    expect(JSON.stringify(run.json)).toContain("Auth lesson");
    const { demoHandler } = await import("@/lib/node/demo-servers/http");
    const res = await demoHandler("calendar")!.fetch(
      new Request("http://127.0.0.1/api/demo/calendar", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "resources/read",
          "mcp-name": "calendar://week",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "resources/read",
          params: { uri: "calendar://week", _meta: ENVELOPE },
        }),
      }),
    );
    const text = await res.text();
    expect(text, text).toContain("calendar://week");
    expect(text).not.toContain("Auth lesson");
  });
});
