/** The Auth panel's state (lib/auth/panel.ts): the target chosen, the request Run sends, and the run's phases. */
import { describe, expect, it } from "vitest";
import {
  authPanelReducer,
  authRunRequest,
  canStartAuth,
  initialAuthPanel,
  shownAuthRun,
  shownLesson,
  signInUrl,
  waitingAuthRun,
  type AuthPanelAction,
} from "@/lib/auth/panel";
import type { AuthRun } from "@/lib/auth/types";

const run = (...actions: AuthPanelAction[]) => actions.reduce(authPanelReducer, initialAuthPanel());
const done: AuthRun = { target: "http://127.0.0.1:1/mcp", steps: [], findings: [], outcome: "authenticated" };
const paused: AuthRun = {
  ...done,
  outcome: "needs-user",
  authorizationUrl: "http://127.0.0.1:2/authorize?state=s",
  flowId: "f1",
};

describe("the Auth panel's target", () => {
  it("starts on the protected calendar demo, a person signing in in the browser, nothing run", () => {
    const s = initialAuthPanel();
    expect(s).toMatchObject({ source: "calendar-protected", url: "", login: "browser", run: { status: "idle" } });
    expect(authRunRequest(s)).toEqual({ demo: "calendar-protected", login: "browser" });
  });

  it("a 401 elsewhere starts it (or switches it) on My server with that URL", () => {
    expect(initialAuthPanel("https://a.example/mcp")).toMatchObject({ source: "url", url: "https://a.example/mcp" });
    expect(run({ type: "prefilled", url: "https://b.example/mcp" })).toMatchObject({
      source: "url",
      url: "https://b.example/mcp",
    });
  });

  it("My server sends the trimmed URL, client id and scope; headless sends no login", () => {
    const s = run(
      { type: "source/set", source: "url" },
      { type: "url/set", url: "  https://a.example/mcp " },
      { type: "clientId/set", clientId: " cid " },
      { type: "scope/set", scope: " read " },
      { type: "login/set", login: "headless" },
    );
    expect(authRunRequest(s)).toEqual({ url: "https://a.example/mcp", clientId: "cid", scope: "read" });
    expect(authRunRequest(authPanelReducer(s, { type: "clientId/set", clientId: "  " }))).toEqual({
      url: "https://a.example/mcp",
      scope: "read",
    });
  });

  it("Run is refused for My server without a URL and while a run is under way", () => {
    expect(canStartAuth(initialAuthPanel())).toBe(true);
    expect(canStartAuth(run({ type: "source/set", source: "url" }, { type: "url/set", url: "  " }))).toBe(false);
    expect(canStartAuth(run({ type: "run/started" }))).toBe(false);
  });

  it("a lesson link chooses its demo, the demo user headless, and shows the lesson while that demo is chosen", () => {
    const s = run({ type: "lesson/opened", demo: "audience-lesson" });
    expect(s).toMatchObject({ source: "audience-lesson", login: "headless" });
    expect(shownLesson(s)?.demo).toBe("audience-lesson");
    expect(shownLesson(authPanelReducer(s, { type: "source/set", source: "calendar-protected" }))).toBeNull();
  });
});

describe("an Auth run", () => {
  it("running shows no run yet; done shows it; a failure says 'kind: message'", () => {
    const running = run({ type: "run/started" });
    expect(shownAuthRun(running)).toBeUndefined();
    expect(shownAuthRun(authPanelReducer(running, { type: "run/settled", reply: { ok: true, value: done } }))).toBe(
      done,
    );
    const failed = authPanelReducer(running, {
      type: "run/settled",
      reply: { ok: false, kind: "unauthorized", message: "no" },
    });
    expect(failed.run).toEqual({ status: "error", message: "unauthorized: no" });
    expect(shownAuthRun(failed)).toBeUndefined();
  });

  it("a run paused for a sign-in waits; the callback continues it with the paused run still on screen", () => {
    const waiting = run({ type: "run/started" }, { type: "run/settled", reply: { ok: true, value: paused } });
    expect(waitingAuthRun(waiting)).toBe(paused);
    expect(signInUrl(paused)).toBe(paused.authorizationUrl);
    const continued = authPanelReducer(waiting, { type: "run/continued", run: paused });
    expect(continued.run.status).toBe("running");
    expect(shownAuthRun(continued)).toBe(paused);
    expect(waitingAuthRun(continued)).toBeUndefined();
    expect(waitingAuthRun(run({ type: "run/settled", reply: { ok: true, value: done } }))).toBeUndefined();
  });

  it("a sign-in address is offered only when it is http(s)", () => {
    expect(signInUrl({ ...done, authorizationUrl: "javascript:alert(1)" })).toBeUndefined();
    expect(signInUrl(done)).toBeUndefined();
    expect(signInUrl({ ...done, authorizationUrl: "HTTPS://as.example/a" })).toBe("HTTPS://as.example/a");
  });
});
