/**
 * A person's sign-in in a browser tab, through the app's routes: POST /api/auth/run with login "browser" pauses
 * where the person signs in; the callback page hands the URL back; POST /api/auth/callback continues the paused
 * flow, which refuses a callback with another state or another iss (RFC 9207) before any code is used, and
 * otherwise exchanges the code for a token bound to the calendar's audience, steps up (a second consent) and
 * refreshes. The demo user's part is driven over HTTP, exactly what the browser tab would do.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { demoUserAgent } from "@/lib/node/auth/demo-login";
import { startProtectedDemo } from "@/lib/node/demo-servers/protected-calendar";
import type { AuthStep } from "@/lib/auth/types";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { startAppRoutes, type AppRoutes } from "../app-routes";
import { bodyOf } from "@/tests/helpers/http";

const TOKEN = "auth-callback-token";
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;
type Run = {
  outcome: string;
  flowId?: string;
  authorizationUrl?: string;
  steps: AuthStep[];
  findings: Array<{ code: string }>;
};

let app: AppRoutes;
let callbackPrefix: string;
beforeAll(async () => {
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  app = await startAppRoutes();
  callbackPrefix = `http://127.0.0.1:${app.port}/api/auth/callback`;
});
afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
});

async function call(
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; run: Run; text: string }> {
  const { status, json } = await app.post(path, body, { [TOKEN_HEADER]: TOKEN, ...headers });
  return { status, run: (json as { value: Run }).value, text: JSON.stringify(json) };
}

/** Starts a browser sign-in on the protected calendar and lets the demo user sign in: the callback URL the tab lands on. */
async function pausedAtSignIn(): Promise<{ run: Run; landed: string }> {
  const { run } = await call("/api/auth/run", { demo: "calendar-protected", login: "browser" });
  expect(run.outcome).toBe("needs-user");
  return { run, landed: (await demoUserAgent(callbackPrefix)(run.authorizationUrl!))! };
}

const step = (run: Run, name: string) => run.steps.find((s) => s.name === name);

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.origin}${path}`, { headers }, (res) =>
        bodyOf(res).then(
          (body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") }),
          reject,
        ),
      )
      .on("error", reject);
  });
}

describe("a person's sign-in in a browser tab", () => {
  it("pauses at the sign-in with an authorization URL carrying S256, resource, scope, state and the playground's callback", async () => {
    const { run } = await call("/api/auth/run", { demo: "calendar-protected", login: "browser" });
    expect(run.outcome).toBe("needs-user");
    expect(run.flowId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const url = new URL(run.authorizationUrl!);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toMatch(/\/calendar\/mcp$/);
    expect(url.searchParams.get("scope")).toBe("calendar.read");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe(callbackPrefix);
    expect(url.searchParams.has("code_verifier")).toBe(false);
    expect(step(run, "login and consent")).toBeUndefined();
  });

  it("a callback whose state is not the sign-in's is refused before any code is used (STATE_MISMATCH)", async () => {
    const { run, landed } = await pausedAtSignIn();
    const forged = new URL(landed);
    forged.searchParams.set("state", "another-state");
    const { run: after } = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: forged.href });
    expect(after.outcome).toBe("failed");
    expect(after.findings.map((f) => f.code)).toContain("STATE_MISMATCH");
    expect(step(after, "callback")?.status).toBe("fail");
    expect(step(after, "token")).toBeUndefined();
  });

  it("a callback whose iss is not the recorded issuer is refused before any code is used (RFC 9207, ISS_MISMATCH)", async () => {
    const { run, landed } = await pausedAtSignIn();
    const forged = new URL(landed);
    expect(forged.searchParams.get("iss")).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    forged.searchParams.set("iss", "https://attacker.example");
    const { run: after } = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: forged.href });
    expect(after.outcome).toBe("failed");
    expect(after.findings.map((f) => f.code)).toContain("ISS_MISMATCH");
    expect(step(after, "token")).toBeUndefined();
  });

  it("the code is exchanged for a token bound to the calendar's audience; step-up pauses for a second consent, then refresh; no secret in any reply", async () => {
    const { run, landed } = await pausedAtSignIn();
    const first = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: landed });
    expect(step(first.run, "callback")?.status).toBe("ok");
    const token = step(first.run, "token")!;
    expect(token.status).toBe("ok");
    const claims = token.facts!.claims as { aud: string; scope: string };
    expect(claims.aud).toBe(new URL(run.authorizationUrl!).searchParams.get("resource"));
    expect(claims.scope).toBe("calendar.read");
    expect(step(first.run, "authenticated request")?.status).toBe("ok");
    expect(step(first.run, "step-up challenge")?.status).toBe("ok");
    // Step-up needs the person again: the same flow pauses with a URL asking for the union of scopes.
    expect(first.run.outcome).toBe("needs-user");
    expect(first.run.flowId).toBe(run.flowId);
    expect(new URL(first.run.authorizationUrl!).searchParams.get("scope")).toBe("calendar.read calendar.write");
    const again = (await demoUserAgent(callbackPrefix)(first.run.authorizationUrl!))!;
    const done = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: again });
    expect(done.run.outcome).toBe("authenticated");
    expect(done.run.flowId).toBeUndefined();
    for (const name of ["step-up: callback", "step-up: token", "step-up retry", "refresh"])
      expect(step(done.run, name)?.status, name).toBe("ok");
    expect(done.run.findings).toEqual([]);
    const code = new URL(landed).searchParams.get("code")!;
    for (const text of [first.text, done.text]) {
      expect(text).not.toMatch(JWT);
      expect(text).not.toContain(code);
    }
    // The flow is over: its id no longer continues anything.
    const stale = await app.post(
      "/api/auth/callback",
      { flowId: run.flowId, callbackUrl: again },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(stale.status).toBe(400);
    expect(String(stale.json.message)).toContain("no sign-in in progress");
  });

  it("POST /api/auth/callback is guarded like every bridge route: no token, no continuation", async () => {
    const { run, landed } = await pausedAtSignIn();
    const { status } = await app.post("/api/auth/callback", { flowId: run.flowId, callbackUrl: landed });
    expect(status).toBe(401);
    const foreign = await app.post(
      "/api/auth/callback",
      { flowId: run.flowId, callbackUrl: landed },
      { [TOKEN_HEADER]: TOKEN, Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    // The flow still waits for its real callback.
    const { run: after } = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: landed });
    expect(step(after, "token")?.status).toBe("ok");
  });

  it("your own server (a URL, no client ID): the client registers the playground's callback dynamically and the sign-in ends with a token", async () => {
    const servers = await startProtectedDemo();
    try {
      const { run } = await call("/api/auth/run", { url: servers.urls.calendar, login: "browser" });
      expect(run.outcome).toBe("needs-user");
      const registration = step(run, "registration")!;
      expect(registration.status).toBe("warn");
      expect(registration.request?.body).toContain(callbackPrefix);
      expect(new URL(run.authorizationUrl!).searchParams.get("redirect_uri")).toBe(callbackPrefix);
      const landed = (await demoUserAgent(callbackPrefix)(run.authorizationUrl!))!;
      const { run: after } = await call("/api/auth/callback", { flowId: run.flowId, callbackUrl: landed });
      expect(step(after, "token")?.status).toBe("ok");
      expect(step(after, "authenticated request")?.status).toBe("ok");
      expect(after.findings.map((f) => f.code)).toEqual(["DCR_DEPRECATED"]);
    } finally {
      await servers.close();
    }
  });

  it("hosted mode: a browser sign-in at the embedded authorization server is refused, saying why (a remote browser cannot reach its loopback)", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      const { status, json } = await app.post(
        "/api/auth/run",
        { demo: "calendar-protected", login: "browser" },
        { [TOKEN_HEADER]: TOKEN },
      );
      expect(status).toBe(403);
      expect(String(json.message)).toContain("your browser cannot reach");
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });

  it("GET /api/auth/callback answers the hand-off page, echoing nothing from the address, under a script-hash CSP; a foreign Host is refused", async () => {
    // On this launch's own name (local mode's page); the 127.0.0.1 redirect moves there (the case below).
    const page = await get("/api/auth/callback?code=SECRET-CODE-123&state=s&iss=x", {
      Host: `${launchHostname()}:${app.port}`,
    });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).not.toContain("SECRET-CODE-123");
    expect(page.body).toContain('data-testid="auth-callback-orphan"');
    const rebound = await get("/api/auth/callback?code=x", { Host: "evil.example" });
    expect(rebound.status).toBe(403);
  });
  it("local mode: the redirect authorization servers take (127.0.0.1) moves to this launch's origin, code and state kept, where the starting tab hears it", async () => {
    const page = await get("/api/auth/callback?code=c1&state=s1");
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      `location.replace(${JSON.stringify(`http://${launchHostname()}:${app.port}/api/auth/callback?code=c1&state=s1`)}+location.hash)`,
    );
    // A page on the launch's origin asks for the run: the redirect it hands out is still the loopback literal.
    const { run } = await call(
      "/api/auth/run",
      { demo: "calendar-protected", login: "browser" },
      {
        Origin: `http://${launchHostname()}:${app.port}`,
        Host: `${launchHostname()}:${app.port}`,
      },
    );
    expect(new URL(run.authorizationUrl!).searchParams.get("redirect_uri")).toBe(callbackPrefix);
  });
});
