/**
 * An authorization run as a sequence diagram, the Auth lane: client ↔ protected MCP server ↔ authorization
 * server, and the user when a person signs in. One group of arrows per step, one arrow per HTTP request and one
 * per answer (every attempt of discovery shown). Pure data; components/mrtr/SequenceDiagram draws it and lists
 * the same steps as text.
 */
import type { Diagram, DiagramStep, Lane, StepTone } from "../protocol/mrtr/diagram";
import type { AuthRun, AuthStep, HttpAttempt } from "./types";
import { bearerChallenge } from "./www-authenticate";
import { englishT, type Translate } from "../i18n/translate";

/** The names the flow gives its steps, for the reader's language (a "step-up: " prefix marks the re-authorization). */
const STEP_NAMES: Record<string, string> = {
  "unauthenticated request": "unauthenticated",
  "protected resource metadata": "prm",
  "authorization server metadata": "asMetadata",
  registration: "registration",
  "authorization request": "authorize",
  "login and consent": "login",
  callback: "callback",
  token: "token",
  "authenticated request": "authenticated",
  "token handling checks": "handling",
  "step-up challenge": "stepUpChallenge",
  "step-up retry": "stepUpRetry",
  refresh: "refresh",
  "browser sign-in": "browserSignIn",
};

/** A step's name in `t`'s language; a name the flow does not know (a server's label) is kept as it is. */
export function stepName(name: string, t: Translate = englishT): string {
  const prefix = name.startsWith("step-up: ") ? "step-up: " : name.startsWith("audience: ") ? "audience: " : "";
  const rest = name.slice(prefix.length);
  if (prefix === "audience: ") return t("auth.stepName.audience", { server: rest });
  const key = STEP_NAMES[rest];
  if (!key) return name;
  const said = t(`auth.stepName.${key}`);
  return prefix ? t("auth.stepName.stepUp", { name: said }) : said;
}

function originOf(href: string): string {
  try {
    return new URL(href).origin;
  } catch {
    return "";
  }
}

function pathOf(href: string): string {
  try {
    const url = new URL(href);
    return url.pathname + (url.search.length > 60 ? "?…" : url.search);
  } catch {
    return href.slice(0, 80);
  }
}

function requestLabel(a: HttpAttempt): string {
  const bearer = Object.entries(a.request.headers).some(
    ([k, v]) => k.toLowerCase() === "authorization" && /^bearer /i.test(v),
  );
  return `${a.request.method} ${pathOf(a.request.url)}${bearer ? " + Bearer token" : ""}`;
}

/** A challenge in a few words: its parameter names, and the error's value (the URLs are in the step's raw HTTP). */
function challengeText(header: string): string {
  const bearer = bearerChallenge(header);
  if (!bearer) return `WWW-Authenticate: ${header.slice(0, 60)}`;
  const params = Object.keys(bearer).map((k) => (k === "error" ? `error=${bearer.error}` : k));
  return `Bearer challenge${params.length ? ` (${params.join(", ")})` : ""}`;
}

function replyArrow(a: HttpAttempt, round: number, from: Lane, t: Translate): DiagramStep {
  if (!a.response)
    return { round, from, to: "client", tone: "failure", label: a.error ?? t("auth.diagram.noAnswer"), departures: [] };
  const { status, headers } = a.response;
  const challenge = Object.entries(headers).find(([k]) => k.toLowerCase() === "www-authenticate")?.[1];
  const tone: StepTone = status >= 400 ? "error" : "complete";
  return {
    round,
    from,
    to: "client",
    tone,
    label: `${status}${challenge ? ` ${challengeText(challenge)}` : ""}`,
    departures: [],
  };
}

/** The user's part: the URL opened in a tab, the sign-in and consent, the redirect back to the client. */
function userArrows(step: AuthStep, round: number, t: Translate): DiagramStep[] {
  if (step.status === "skipped")
    return [
      {
        round,
        from: "client",
        to: "user",
        tone: "ask",
        label: t("auth.diagram.personMust"),
        departures: [],
      },
    ];
  return [
    { round, from: "client", to: "user", tone: "ask", label: t("auth.diagram.open"), departures: [] },
    { round, from: "user", to: "auth", tone: "answer", label: t("auth.diagram.signIn"), departures: [] },
    {
      round,
      from: "auth",
      to: "user",
      tone: "answer",
      label: t("auth.diagram.redirect"),
      departures: [],
    },
  ];
}

/** Why a step sent nothing, in a few words (its detail sentence is in the list below the diagram). */
function noRequestLabel(step: AuthStep, t: Translate): string {
  const method = step.facts?.method;
  if (method === "client ID metadata document") return t("auth.diagram.cimd");
  if (method === "pre-registered") return t("auth.diagram.preRegistered");
  if (step.status === "fail") return t("auth.diagram.noRequestFailed", { step: stepName(step.name, t) });
  return t("auth.diagram.noRequest", { step: stepName(step.name, t) });
}

export function authDiagram(run: AuthRun, t: Translate = englishT): Diagram {
  const mcpOrigin = originOf(run.target);
  const steps: DiagramStep[] = [];
  const titles: Record<number, string> = {};
  let user = false;
  run.steps.forEach((step, i) => {
    const round = i + 1;
    titles[round] = stepName(step.name, t);
    if (step.name.endsWith("login and consent")) {
      user = true;
      steps.push(...userArrows(step, round, t));
      return;
    }
    if (step.name.endsWith("callback")) {
      user = true;
      steps.push({
        round,
        from: "user",
        to: "client",
        tone: step.status === "fail" ? "error" : "answer",
        label: t("auth.diagram.callback"),
        departures: [],
      });
      return;
    }
    const attempts = step.attempts ?? (step.request ? [{ request: step.request, response: step.response }] : []);
    // A step decided without any HTTP (a client ID metadata document, a pre-registered id) keeps its number on the diagram.
    if (attempts.length === 0) {
      steps.push({
        round,
        from: "client",
        to: "auth",
        tone: step.status === "fail" ? "error" : "request",
        label: noRequestLabel(step, t),
        departures: [],
      });
      return;
    }
    for (const a of attempts) {
      const lane: Lane = originOf(a.request.url) === mcpOrigin ? "server" : "auth";
      // The authorization request travels through the browser: drawn, never sent by the client itself.
      if (step.name.endsWith("authorization request")) {
        steps.push({
          round,
          from: "client",
          to: lane,
          tone: "request",
          label: t("auth.diagram.authorize", { path: pathOf(a.request.url).split("?")[0] }),
          departures: [],
        });
        continue;
      }
      steps.push({ round, from: "client", to: lane, tone: "request", label: requestLabel(a), departures: [] });
      steps.push(replyArrow(a, round, lane, t));
    }
  });
  const used = new Set(steps.flatMap((s) => [s.from, s.to]));
  const lanes = (["user", "client", "server", "auth"] as Lane[]).filter(
    (l) => l === "client" || (l === "user" ? user : used.has(l)),
  );
  return { lanes, steps, final: t("auth.diagram.final", { outcome: run.outcome }), unit: "step", titles };
}
