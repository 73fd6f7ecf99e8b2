/**
 * The Auth lane: an authorization run drawn as client ↔ MCP server ↔ authorization server (and the user when a
 * person signs in), one request arrow and one answer arrow per HTTP exchange; the audience verdicts in words;
 * and which lesson an address may start.
 */
import { describe, expect, it } from "vitest";
import { authDiagram } from "@/lib/auth/diagram";
import { AUDIENCE_WORDS, audienceVerdict } from "@/lib/auth/audience-verdict";
import { lessonHref, lessonOf } from "@/lib/auth/lessons";
import type { AuthRun, HttpAttempt } from "@/lib/auth/types";

const MCP = "http://127.0.0.1:4000";
const AS = "http://127.0.0.1:5000";
const get = (url: string, status: number, headers: Record<string, string> = {}): HttpAttempt => ({
  request: { method: "GET", url, headers: {} },
  response: { status, headers },
});
const post = (url: string, status: number, bearer: boolean): HttpAttempt => ({
  request: { method: "POST", url, headers: bearer ? { authorization: "Bearer eyJh…(812 chars, masked)" } : {} },
  response: {
    status,
    headers:
      status === 401
        ? {
            "www-authenticate": `Bearer resource_metadata="${MCP}/.well-known/oauth-protected-resource/calendar/mcp"${bearer ? ', error="invalid_token"' : ""}`,
          }
        : {},
  },
});
const step = (name: string, attempts: HttpAttempt[], status: "ok" | "skipped" = "ok") => ({
  name,
  status,
  detail: "",
  specRef: "",
  attempts,
  request: attempts[0]?.request,
  response: attempts[0]?.response,
});

const RUN: AuthRun = {
  target: `${MCP}/calendar/mcp`,
  outcome: "authenticated",
  findings: [],
  steps: [
    step("unauthenticated request", [post(`${MCP}/calendar/mcp`, 401, false)]),
    step("protected resource metadata", [get(`${MCP}/.well-known/oauth-protected-resource/calendar/mcp`, 200)]),
    step("authorization server metadata", [
      get(`${AS}/.well-known/oauth-authorization-server`, 404),
      get(`${AS}/.well-known/openid-configuration`, 200),
    ]),
    step("authorization request", [
      {
        request: {
          method: "GET",
          url: `${AS}/auth?response_type=code&client_id=x&code_challenge=abc&state=s&resource=r`,
          headers: {},
        },
      },
    ]),
    step("login and consent", []),
    step("callback", []),
    step("token", [
      { request: { method: "POST", url: `${AS}/token`, headers: {} }, response: { status: 200, headers: {} } },
    ]),
    step("audience: a second protected server", [post(`${MCP}/second/mcp`, 401, true)]),
  ],
};

describe("the Auth lane", () => {
  const d = authDiagram(RUN);

  it("has the user, client, MCP server and authorization server lanes, one group per step, titled by the step", () => {
    expect(d.lanes).toEqual(["user", "client", "server", "auth"]);
    expect(d.unit).toBe("step");
    expect(Object.values(d.titles!)).toEqual(RUN.steps.map((s) => s.name));
  });

  it("draws each HTTP exchange as a request to the lane of its origin and an answer back, every discovery attempt included", () => {
    const arrows = d.steps.map((s) => `${s.round} ${s.from}→${s.to} ${s.tone}: ${s.label}`);
    expect(arrows).toEqual([
      "1 client→server request: POST /calendar/mcp",
      "1 server→client error: 401 Bearer challenge (resource_metadata)",
      "2 client→server request: GET /.well-known/oauth-protected-resource/calendar/mcp",
      "2 server→client complete: 200",
      "3 client→auth request: GET /.well-known/oauth-authorization-server",
      "3 auth→client error: 404",
      "3 client→auth request: GET /.well-known/openid-configuration",
      "3 auth→client complete: 200",
      "4 client→auth request: authorization request (via the browser): /auth with PKCE S256, state, resource",
      "5 client→user ask: open the authorization URL",
      "5 user→auth answer: sign in and consent",
      "5 auth→user answer: redirect to the callback with code, state, iss",
      "6 user→client answer: callback: state and iss checked",
      "7 client→auth request: POST /token",
      "7 auth→client complete: 200",
      "8 client→server request: POST /second/mcp + Bearer token",
      "8 server→client error: 401 Bearer challenge (resource_metadata, error=invalid_token)",
    ]);
  });

  it("a run that stops for a person has no sign-in arrows after the ask", () => {
    const stopped = authDiagram({
      ...RUN,
      outcome: "needs-user",
      steps: [RUN.steps[0], { ...step("login and consent", [], "skipped") }],
    });
    expect(stopped.steps.at(-1)).toMatchObject({ from: "client", to: "user", tone: "ask" });
    expect(stopped.lanes).toEqual(["user", "client", "server"]);
  });
});

describe("the audience verdicts in words", () => {
  it("name the four outcomes, and the wrongly accepted token says why the rule exists", () => {
    expect(audienceVerdict(true, true)).toBe("accepted");
    expect(audienceVerdict(false, false)).toBe("refused-wrong-audience");
    expect(audienceVerdict(false, true)).toBe("accepted-wrongly");
    expect(audienceVerdict(true, false)).toBe("refused-own-token");
    expect(AUDIENCE_WORDS["refused-wrong-audience"].words).toBe("refused: wrong audience");
    expect(AUDIENCE_WORDS["accepted-wrongly"].words).toBe("accepted though it should not be");
    expect(AUDIENCE_WORDS["accepted-wrongly"].why).toMatch(
      /MUST accept only tokens issued for itself.*MUST NOT pass a token on/,
    );
  });
});

describe("lessons from an address", () => {
  it("only the gallery's lessons start; anything else after #auth= is ignored", () => {
    expect(lessonHref("audience-lesson")).toBe("/#auth=audience-lesson");
    expect(lessonOf("#auth=audience-lesson")).toBe("audience-lesson");
    expect(lessonOf("#auth=calendar-protected")).toBeUndefined();
    expect(lessonOf("#auth=audience-lesson&x=1")).toBeUndefined();
    expect(lessonOf("#v=1&s=abc")).toBeUndefined();
  });
});
