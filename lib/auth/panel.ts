/**
 * What the Auth panel shows, as plain data: the target (an embedded demo, or "My server" with its URL and client id),
 * the scope, who signs in, the run (idle, running — possibly a paused run continuing after a sign-in — done or
 * error) and a gallery lesson chosen by link. Pure: the run itself is on the server (POST /api/auth/run and
 * /api/auth/callback); components/auth/useAuthPanel.ts sends what authRunRequest() says and feeds the replies back.
 */
import { AUTH_LESSONS, type AuthLesson } from "./lessons";
import type { AuthDemo } from "./request";
import type { AuthRun } from "./types";

export type AuthRunState =
  | { status: "idle" }
  | { status: "running"; run?: AuthRun }
  | { status: "done"; run: AuthRun }
  | { status: "error"; message: string };
export type AuthLogin = "browser" | "headless";
export type AuthSource = AuthDemo | "url";

export interface AuthPanelState {
  source: AuthSource;
  url: string;
  scope: string;
  clientId: string;
  login: AuthLogin;
  run: AuthRunState;
  /** The gallery's lesson card chose this demo (the demo user signs in headlessly); it waits for Run. */
  lesson: AuthLesson | null;
}

/** The bridge's answer, as the panel reads it (lib/bridge/contract.ts BridgeReply). */
export type AuthRunReply = { ok: true; value: AuthRun } | { ok: false; kind: string; message: string };

export type AuthPanelAction =
  | { type: "source/set"; source: AuthSource }
  | { type: "url/set"; url: string }
  | { type: "clientId/set"; clientId: string }
  | { type: "scope/set"; scope: string }
  | { type: "login/set"; login: AuthLogin }
  | { type: "prefilled"; url: string }
  | { type: "lesson/opened"; demo: AuthDemo }
  | { type: "run/started" }
  | { type: "run/continued"; run: AuthRun }
  | { type: "run/settled"; reply: AuthRunReply };

/** A 401 elsewhere (doctor, error card) may have asked for a server: the panel then starts as "My server (URL)". */
export function initialAuthPanel(prefill?: string): AuthPanelState {
  return {
    source: prefill ? "url" : "calendar-protected",
    url: prefill ?? "",
    scope: "",
    clientId: "",
    login: "browser",
    run: { status: "idle" },
    lesson: null,
  };
}

const settled = (reply: AuthRunReply): AuthRunState =>
  reply.ok ? { status: "done", run: reply.value } : { status: "error", message: `${reply.kind}: ${reply.message}` };

export function authPanelReducer(state: AuthPanelState, action: AuthPanelAction): AuthPanelState {
  switch (action.type) {
    case "source/set":
      return { ...state, source: action.source };
    case "url/set":
      return { ...state, url: action.url };
    case "clientId/set":
      return { ...state, clientId: action.clientId };
    case "scope/set":
      return { ...state, scope: action.scope };
    case "login/set":
      return { ...state, login: action.login };
    case "prefilled":
      return { ...state, source: "url", url: action.url };
    case "lesson/opened":
      return {
        ...state,
        source: action.demo,
        login: "headless",
        lesson: AUTH_LESSONS.find((l) => l.demo === action.demo) ?? null,
      };
    case "run/started":
      return { ...state, run: { status: "running" } };
    case "run/continued":
      return { ...state, run: { status: "running", run: action.run } };
    case "run/settled":
      return { ...state, run: settled(action.reply) };
  }
}

/** The body of POST /api/auth/run: the demo, or the URL (and client id); the scope; a person signs in or not. */
export function authRunRequest(state: AuthPanelState): Record<string, string> {
  const clientId = state.clientId.trim();
  const scope = state.scope.trim();
  const target: Record<string, string> =
    state.source === "url" ? { url: state.url.trim(), ...(clientId ? { clientId } : {}) } : { demo: state.source };
  return { ...target, ...(scope ? { scope } : {}), ...(state.login === "browser" ? { login: state.login } : {}) };
}

/** Run is offered unless a run is under way or "My server" has no URL. */
export const canStartAuth = (state: AuthPanelState): boolean =>
  state.run.status !== "running" && !(state.source === "url" && !state.url.trim());

/** The run on screen: the finished one, or the one a sign-in is continuing. */
export const shownAuthRun = (state: AuthPanelState): AuthRun | undefined =>
  state.run.status === "done" || state.run.status === "running" ? state.run.run : undefined;

/** A finished run that paused for a person's sign-in in another tab (it has a flow to continue). */
export const waitingAuthRun = (state: AuthPanelState): AuthRun | undefined =>
  state.run.status === "done" && state.run.run.flowId ? state.run.run : undefined;

/** The sign-in address to offer, only when it is an http(s) URL. */
export const signInUrl = (run: AuthRun | undefined): string | undefined =>
  run?.authorizationUrl && /^https?:\/\//i.test(run.authorizationUrl) ? run.authorizationUrl : undefined;

/** The lesson's notice shows while its demo is the chosen source. */
export const shownLesson = (state: AuthPanelState): AuthLesson | null =>
  state.lesson && state.source === state.lesson.demo ? state.lesson : null;
