/**
 * The Auth view: runs the 2026-07-28 authorization flow on the server (POST /api/auth/run) and shows every step
 * as a visible exchange in an Auth lane (client → MCP server / authorization server), with its raw HTTP, one
 * sentence and spec section, then the findings. Who signs in: the person, in a new tab (the run pauses; the
 * callback tab hands its URL back through useCallbackHandoff and POST /api/auth/callback continues the run), or
 * the demo user over HTTP (headless). The run lives in this component's state only (lib/auth/panel.ts's reducer,
 * fed by useAuthPanel): it is never put in the session, share links or exports, and its secrets were masked on
 * the server before it got here.
 */
"use client";
import { useTranslations } from "next-intl";
import { canStartAuth, shownAuthRun, shownLesson } from "@/lib/auth/panel";
import { AUTH_DEMOS } from "@/lib/auth/request";
import type { PanelProps } from "../playground/types";
import { TabSection } from "../playground/TabSection";
import { Button, Menu, TextBox } from "../ui";
import { AuthResult } from "./AuthResult";
import { LessonNotice } from "./LessonNotice";
import { useAuthPanel } from "./useAuthPanel";

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

/** The heading's choices: whose server, who signs in, its client id and scopes, and the run's button. */
function AuthChoices({ panel }: { panel: ReturnType<typeof useAuthPanel> }) {
  const t = useTranslations();
  const { state, dispatch, start, waiting } = panel;
  const { source, login } = state;
  return (
    <>
      <Menu
        label={t("auth.panel.source")}
        testId="auth-source"
        value={source}
        onChange={(next) => dispatch({ type: "source/set", source: next })}
      >
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
            value={state.url}
            onChange={(url) => dispatch({ type: "url/set", url })}
          />
          <HintedBox
            box="clientId"
            value={state.clientId}
            onChange={(clientId) => dispatch({ type: "clientId/set", clientId })}
          />
        </>
      ) : null}
      <Menu
        label={t("auth.panel.who")}
        testId="auth-login-mode"
        value={login}
        onChange={(next) => dispatch({ type: "login/set", login: next })}
      >
        <option value="browser">{t("auth.panel.browser")}</option>
        <option value="headless">{source === "url" ? t("auth.panel.nobody") : t("auth.panel.headless")}</option>
      </Menu>
      <HintedBox box="scope" value={state.scope} onChange={(scope) => dispatch({ type: "scope/set", scope })} />
      <Button tone="primary" data-testid="auth-run" disabled={!canStartAuth(state)} onClick={() => void start()}>
        {state.run.status === "running" ? t("auth.panel.running") : waiting ? t("auth.panel.startOver") : t("auth.run")}
      </Button>
    </>
  );
}

export function AuthPanel({ commands }: PanelProps) {
  const t = useTranslations();
  const panel = useAuthPanel({ commands });
  const { state } = panel;
  const { source, login } = state;
  const run = shownAuthRun(state);
  const lesson = shownLesson(state);
  return (
    <TabSection tab="auth" data-testid="auth" actions={<AuthChoices panel={panel} />}>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {source !== "url" ? t("auth.panel.aboutDemo") : t("auth.panel.aboutUrl")}{" "}
        {login === "browser" ? t("auth.panel.aboutBrowser") : t("auth.panel.aboutHeadless")}
      </p>
      {lesson ? <LessonNotice lesson={lesson} idle={state.run.status === "idle"} /> : null}
      {state.run.status === "error" ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="auth-error">
          {state.run.message}
        </p>
      ) : null}
      {run ? <AuthResult run={run} done={state.run.status === "done"} demo={source !== "url"} /> : null}
    </TabSection>
  );
}
