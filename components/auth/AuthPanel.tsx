/**
 * The Auth view: runs the 2026-07-28 authorization flow on the server (POST /api/auth/run) and shows every step
 * as a visible exchange in an Auth lane (client → MCP server / authorization server), with its raw HTTP, one
 * sentence and spec section, then the findings. Who signs in: the person, in a new tab (the run pauses; the
 * callback tab hands its URL back through useCallbackHandoff and POST /api/auth/callback continues the run), or
 * the demo user over HTTP (headless). The run lives in this component's state only: it is never put in the
 * session, share links or exports, and its secrets were masked on the server before it got here.
 */
"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { onAuthPrefill, takePendingAuthUrl } from "./open-auth";
import type { BridgeReply } from "@/lib/bridge/contract";
import { AUTH_DEMOS, type AuthDemo } from "@/lib/auth/request";
import { AUTH_LESSONS, type AuthLesson } from "@/lib/auth/lessons";
import type { AuthRun } from "@/lib/auth/types";
import { say } from "@/lib/i18n/translate";
import type { PanelProps } from "../playground/types";
import { Button, Menu, PanelHeading, TextBox } from "../ui";
import { AuthStepView } from "./AuthStepView";
import { SignInPrompt } from "./SignInPrompt";
import { useCallbackHandoff } from "./useCallbackHandoff";
import { AudienceVerdicts } from "./AudienceVerdicts";
import { LessonNotice } from "./LessonNotice";
import { useLessonLink } from "./useLessonLink";
import { SequenceDiagram } from "../mrtr/SequenceDiagram";
import { authDiagram } from "@/lib/auth/diagram";

type RunState =
  | { status: "idle" }
  | { status: "running"; run?: AuthRun }
  | { status: "done"; run: AuthRun }
  | { status: "error"; message: string };
type Login = "browser" | "headless";

/** The heading's text boxes with a hint in them: each one's test id, name and hint (Msgs). */
const HINTED_BOXES = {
  clientId: ["auth-client-id", "auth.panel.clientIdLabel", "auth.panel.clientId"],
  scope: ["auth-scope", "auth.panel.scopesLabel", "auth.panel.scopes"],
} as const;

type Text = Pick<Parameters<typeof TextBox>[0], "value" | "onChange">;

function HintedBox({ box, ...text }: { box: keyof typeof HINTED_BOXES } & Text) {
  const t = useTranslations();
  const [testId, label, hint] = HINTED_BOXES[box];
  return <TextBox label={t(label)} testId={testId} placeholder={t(hint)} {...text} />;
}

export function AuthPanel({ commands }: PanelProps) {
  // A 401 elsewhere (doctor, error card) may have asked for this server: it starts as "My server (URL)".
  const t = useTranslations();
  const [prefill] = useState(takePendingAuthUrl);
  const [source, setSource] = useState<AuthDemo | "url">(prefill ? "url" : "calendar-protected");
  const [url, setUrl] = useState(prefill ?? "");
  useEffect(
    () =>
      onAuthPrefill((next) => {
        setSource("url");
        setUrl(next);
      }),
    [],
  );
  const [scope, setScope] = useState("");
  const [clientId, setClientId] = useState("");
  const [login, setLogin] = useState<Login>("browser");
  const [state, setState] = useState<RunState>({ status: "idle" });

  const settle = (reply: BridgeReply<AuthRun>) =>
    setState(
      reply.ok ? { status: "done", run: reply.value } : { status: "error", message: `${reply.kind}: ${reply.message}` },
    );
  const start = async () => {
    setState({ status: "running" });
    const target =
      source === "url"
        ? { url: url.trim(), ...(clientId.trim() ? { clientId: clientId.trim() } : {}) }
        : { demo: source };
    settle(
      await commands.api<AuthRun>("auth/run", {
        ...target,
        ...(scope.trim() ? { scope: scope.trim() } : {}),
        ...(login === "browser" ? { login } : {}),
      }),
    );
  };
  // The gallery's lesson card: the lesson is chosen (the demo user signs in headlessly) and waits for Run.
  const [lesson, setLesson] = useState<AuthLesson | null>(null);
  useLessonLink((demo) => {
    setSource(demo);
    setLogin("headless");
    setLesson(AUTH_LESSONS.find((l) => l.demo === demo) ?? null);
  });
  const run = state.status === "done" || state.status === "running" ? state.run : undefined;
  const mcpOrigin = run ? new URL(run.target).origin : "";
  const authUrl =
    run?.authorizationUrl && /^https?:\/\//i.test(run.authorizationUrl) ? run.authorizationUrl : undefined;
  const waiting = state.status === "done" && run?.flowId ? run : undefined;
  useCallbackHandoff(waiting?.authorizationUrl, (callbackUrl) => {
    if (!waiting) return;
    setState({ status: "running", run: waiting });
    void commands.api<AuthRun>("auth/callback", { flowId: waiting.flowId, callbackUrl }).then(settle);
  });

  return (
    <section className="flex flex-col gap-3" aria-label={t("auth.panel.label")} data-testid="auth">
      <PanelHeading title={t("auth.panel.title")} subtitle={t("auth.panel.subtitle")}>
        <Menu label={t("auth.panel.source")} testId="auth-source" value={source} onChange={setSource}>
          {AUTH_DEMOS.map((d) => (
            <option key={d} value={d}>
              {t(`auth.demo.${d}`)}
            </option>
          ))}
          <option value="url">{t("auth.panel.myServer")}</option>
        </Menu>
        {source === "url" ? (
          <>
            <TextBox
              label={t("auth.panel.url")}
              testId="auth-url"
              placeholder="https://example.com/mcp"
              value={url}
              onChange={setUrl}
            />
            <HintedBox box="clientId" value={clientId} onChange={setClientId} />
          </>
        ) : null}
        <Menu label={t("auth.panel.who")} testId="auth-login-mode" value={login} onChange={setLogin}>
          <option value="browser">{t("auth.panel.browser")}</option>
          <option value="headless">{source === "url" ? t("auth.panel.nobody") : t("auth.panel.headless")}</option>
        </Menu>
        <HintedBox box="scope" value={scope} onChange={setScope} />
        <Button
          tone="primary"
          data-testid="auth-run"
          disabled={state.status === "running" || (source === "url" && !url.trim())}
          onClick={() => void start()}
        >
          {state.status === "running" ? t("auth.panel.running") : waiting ? t("auth.panel.startOver") : t("auth.run")}
        </Button>
      </PanelHeading>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {source !== "url" ? t("auth.panel.aboutDemo") : t("auth.panel.aboutUrl")}{" "}
        {login === "browser" ? t("auth.panel.aboutBrowser") : t("auth.panel.aboutHeadless")}
      </p>
      {lesson && source === lesson.demo ? <LessonNotice lesson={lesson} idle={state.status === "idle"} /> : null}
      {state.status === "error" ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="auth-error">
          {state.message}
        </p>
      ) : null}
      {run ? (
        <div className="flex flex-col gap-2" data-testid="auth-result">
          <p className="text-sm" data-testid="auth-outcome" data-outcome={run.outcome}>
            {t.rich("auth.panel.outcome", {
              outcome: t(`auth.outcome.${run.outcome}`),
              target: run.target,
              strong: (c) => <strong>{c}</strong>,
              code: (c) => <code>{c}</code>,
            })}
          </p>
          {authUrl && state.status === "done" ? (
            <SignInPrompt
              authorizationUrl={authUrl}
              stepUp={run.steps.some((s) => s.name === "step-up challenge")}
              demo={source !== "url"}
            />
          ) : null}
          <AudienceVerdicts run={run} />
          <SequenceDiagram diagram={authDiagram(run, t)} testId="auth" />
          <ol className="flex flex-col gap-1" data-testid="auth-steps">
            {run.steps.map((s, i) => (
              <AuthStepView key={i} step={s} mcpOrigin={mcpOrigin} />
            ))}
          </ol>
          <h3 className="mt-2 text-xs font-semibold">{t("auth.panel.findings")}</h3>
          {run.findings.length === 0 ? (
            <p className="text-xs" data-testid="auth-findings-none">
              {t("auth.panel.noFindings")}
            </p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="auth-findings">
              {run.findings.map((f, i) => (
                <li key={i} className="text-xs" data-testid="auth-finding" data-code={f.code} data-level={f.level}>
                  <strong>
                    [{f.level}] {f.code}
                  </strong>
                  : {f.detailMsg ? say(f.detailMsg, t) : f.detail}{" "}
                  <span className="text-slate-600 dark:text-slate-400">({f.specRef})</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
