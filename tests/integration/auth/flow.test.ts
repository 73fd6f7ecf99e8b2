/**
 * The whole authorization flow against the embedded authorization server (oidc-provider) and the protected
 * calendar, on loopback: PKCE S256 and resource sent, audience and scope enforced on the wire, step-up with the
 * union of scopes, refresh, the audience lesson, and no secret in the recorded run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProtectedDemo, type ProtectedDemo } from "@/lib/node/demo-servers/protected-calendar";
import { DEMO_CLIENT_ID, DEMO_REDIRECT_URIS } from "@/lib/node/demo-servers/protected-auth-server";
import { runAuthFlow, type AuthSession } from "@/lib/node/auth/flow";
import { demoUserAgent } from "@/lib/node/auth/demo-login";
import { audienceLesson } from "@/lib/node/auth/audience";
import { bearerChallenge } from "@/lib/auth/www-authenticate";
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";

let demo: ProtectedDemo;
let session: AuthSession;
const redirectUri = DEMO_REDIRECT_URIS[0];

/** The flow against `target` as the demo client, with the demo user at the sign-in page (consenting unless told). */
function demoUserFlow(target: string, options: Partial<Parameters<typeof runAuthFlow>[0]> = {}) {
  return runAuthFlow({ target, clientId: DEMO_CLIENT_ID, redirectUri, login: demoUserAgent(redirectUri), ...options });
}
const CREATE_EVENT = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "create_event", arguments: { title: "t", startsAt: "2026-09-08T10:00:00Z" }, _meta: buildEnvelope() },
};
const LIST = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: buildEnvelope() } };

function post(url: string, frame: object, token?: string): Promise<Response> {
  const headers = new Headers(impliedHeaders(frame).headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  return fetch(url, { method: "POST", headers, body: JSON.stringify(frame) });
}

beforeAll(async () => {
  demo = await startProtectedDemo();
  session = await demoUserFlow(demo.urls.calendar, { stepUpFrame: CREATE_EVENT });
});
afterAll(async () => {
  await demo?.close();
});

const stepNamed = (name: string) => session.run.steps.find((s) => s.name === name)!;

describe("the protected calendar's flow, end to end", () => {
  it("ends authenticated with no findings, every step ok", () => {
    expect(session.run.outcome).toBe("authenticated");
    expect(session.run.findings).toEqual([]);
    expect(session.run.steps.filter((s) => s.status !== "ok").map((s) => s.name)).toEqual([]);
    expect(session.run.steps.map((s) => s.name)).toEqual([
      "unauthenticated request",
      "protected resource metadata",
      "authorization server metadata",
      "registration",
      "authorization request",
      "login and consent",
      "callback",
      "token",
      "authenticated request",
      "token handling checks",
      "step-up challenge",
      "step-up: authorization request",
      "step-up: login and consent",
      "step-up: callback",
      "step-up: token",
      "step-up retry",
      "refresh",
    ]);
  });

  it("the 401 names the path-aware metadata URL and the scope", () => {
    const header = stepNamed("unauthenticated request").response!.headers["www-authenticate"];
    expect(bearerChallenge(header)).toEqual({
      resource_metadata: demo.urls.calendar.replace(
        "/calendar/mcp",
        "/.well-known/oauth-protected-resource/calendar/mcp",
      ),
      scope: "calendar.read",
    });
  });

  it("the authorization URL carries S256, state, resource and the challenge's scope", () => {
    const url = new URL(stepNamed("authorization request").request!.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("resource")).toBe(demo.urls.calendar);
    expect(url.searchParams.get("scope")).toBe("calendar.read");
  });

  it("the token request sends resource and the (masked) verifier; the JWT is bound to the calendar", () => {
    const token = stepNamed("token");
    const body = new URLSearchParams(token.request!.body!.replace(/…\(\d+ chars, masked\)/g, "MASK"));
    expect(body.get("resource")).toBe(demo.urls.calendar);
    expect(body.get("code_verifier")).toContain("MASK");
    expect(token.facts!.claims).toMatchObject({ aud: demo.urls.calendar, scope: "calendar.read", iss: demo.issuer });
  });

  it("step-up re-authorizes with the union of held and challenged scopes", () => {
    expect(stepNamed("step-up challenge").facts).toMatchObject({
      held: "calendar.read",
      challenged: "calendar.read calendar.write",
      union: "calendar.read calendar.write",
    });
    expect(new URL(stepNamed("step-up: authorization request").request!.url).searchParams.get("scope")).toBe(
      "calendar.read calendar.write",
    );
    expect(session.scope).toBe("calendar.read calendar.write");
  });

  it("no access token, refresh token, code or verifier appears anywhere in the recorded run", () => {
    const text = JSON.stringify(session.run);
    expect(text).not.toContain(session.accessToken!);
    expect(text).not.toContain(session.refreshToken!);
    expect(text).not.toMatch(/[?&]code=[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/code_verifier=[A-Za-z0-9_-]{20,}/);
  });
});

describe("the protected calendar enforces audience and scope on the wire", () => {
  it("a read-only token gets 403 insufficient_scope on create_event, naming the scopes needed", async () => {
    const readOnly = await demoUserFlow(demo.urls.calendar);
    const res = await post(demo.urls.calendar, CREATE_EVENT, readOnly.accessToken);
    expect(res.status).toBe(403);
    expect(bearerChallenge(res.headers.get("www-authenticate"))).toMatchObject({
      error: "insufficient_scope",
      scope: "calendar.read calendar.write",
    });
    expect((await post(demo.urls.calendar, LIST, readOnly.accessToken)).status).toBe(200);
  });

  it("a made-up token is refused with invalid_token", async () => {
    const res = await post(demo.urls.calendar, LIST, "eyJhbGciOiJub25lIn0.eyJhdWQiOiJ4In0.");
    expect(res.status).toBe(401);
    expect(bearerChallenge(res.headers.get("www-authenticate"))?.error).toBe("invalid_token");
  });

  it("the audience lesson: the calendar accepts its token, the second server refuses it, the naive one accepts it", async () => {
    const lesson = await audienceLesson(session.accessToken!, [
      { label: "calendar", url: demo.urls.calendar },
      { label: "second", url: demo.urls.second },
      { label: "naive", url: demo.urls.naive },
    ]);
    expect(lesson.steps.map((s) => [s.name, s.response!.status, s.status])).toEqual([
      ["audience: calendar", 200, "ok"],
      ["audience: second", 401, "ok"],
      ["audience: naive", 200, "fail"],
    ]);
    expect(lesson.steps[1].response!.headers["www-authenticate"]).toContain("another audience");
    expect(lesson.findings.map((f) => f.code)).toEqual(["AUDIENCE_NOT_ENFORCED"]);
  });

  it("the naive server's own flow raises TOKEN_IN_QUERY_ACCEPTED and INVALID_TOKEN_ACCEPTED", async () => {
    const naive = await demoUserFlow(demo.urls.naive);
    expect(naive.run.findings.map((f) => [f.code, f.level])).toEqual([
      ["TOKEN_IN_QUERY_ACCEPTED", "error"],
      ["INVALID_TOKEN_ACCEPTED", "error"],
    ]);
  });

  it("a refused consent ends failed with AUTHORIZATION_DENIED, and no code reaches the token endpoint", async () => {
    const denied = await demoUserFlow(demo.urls.second, { login: demoUserAgent(redirectUri, { deny: true }) });
    expect(denied.run.outcome).toBe("failed");
    expect(denied.run.findings.map((f) => f.code)).toEqual(["AUTHORIZATION_DENIED"]);
    expect(denied.run.steps.some((s) => s.name === "token")).toBe(false);
  });

  /** The calendar flow, with the demo user's callback changed in one parameter before it reaches the client. */
  const runWithForgedCallback = (param: string, value: string) =>
    runAuthFlow({
      target: demo.urls.calendar,
      clientId: DEMO_CLIENT_ID,
      redirectUri,
      login: async (u) => {
        const cb = new URL((await demoUserAgent(redirectUri)(u))!);
        cb.searchParams.set(param, value);
        return cb.href;
      },
    });

  it("a callback whose iss is not the recorded issuer is rejected before the token request (RFC 9207)", async () => {
    const forged = await runWithForgedCallback("iss", "https://evil.example");
    expect(forged.run.findings.map((f) => f.code)).toEqual(["ISS_MISMATCH"]);
    expect(forged.run.steps.some((s) => s.name === "token")).toBe(false);
  });

  it("a callback with another state is rejected (STATE_MISMATCH)", async () => {
    const forged = await runWithForgedCallback("state", "someone-elses-state");
    expect(forged.run.findings.map((f) => f.code)).toEqual(["STATE_MISMATCH"]);
  });

  it("without a person to sign in, the run stops at needs-user with the authorization URL", async () => {
    const stopped = await runAuthFlow({ target: demo.urls.calendar, clientId: DEMO_CLIENT_ID, redirectUri });
    expect(stopped.run.outcome).toBe("needs-user");
    expect(stopped.run.authorizationUrl).toMatch(new RegExp(`^${demo.issuer}/auth\\?`));
    expect(stopped.accessToken).toBeUndefined();
  });

  it("dynamic registration works and is reported as deprecated", async () => {
    const dcr = await runAuthFlow({ target: demo.urls.calendar, redirectUri, login: demoUserAgent(redirectUri) });
    expect(dcr.run.outcome).toBe("authenticated");
    expect(dcr.run.findings.map((f) => [f.code, f.level])).toEqual([["DCR_DEPRECATED", "info"]]);
    expect(dcr.run.steps.find((s) => s.name === "registration")!.request!.body).toContain(
      '"application_type": "native"',
    );
  });
});
