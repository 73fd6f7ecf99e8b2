/**
 * Issue 26, items 2 and 12: auth demos and browser sign-ins are fair shares of the instance, through the app's
 * routes against the real embedded authorization server. Clients are named by X-Forwarded-For behind one trusted
 * proxy (app-routes stamps the loopback peer), as a class behind nginx would be.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { startProtectedDemo, type ProtectedDemo } from "@/lib/servers/protected-calendar";
import { appRoutesForFile } from "../app-routes";

vi.mock("server-only", () => ({}));

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
    const victim = await app.post("/api/auth/run", { url: servers.urls.calendar, login: "browser" }, as("198.51.100.1"));
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
    expect(refusal).toMatch(/this playground already has 8 browser sign-ins waiting, its limit for everyone together: finish one/);

    // The victim's sign-in is still waiting: its continuation is answered by the flow (a wrong state), not "no sign-in".
    const cont = await app.post(
      "/api/auth/callback",
      { flowId: victimFlow, callbackUrl: "http://127.0.0.1/api/auth/callback?code=x&state=wrong" },
      as("198.51.100.1"),
    );
    expect(JSON.stringify(cont.json)).not.toContain("no sign-in in progress");
  });
});
