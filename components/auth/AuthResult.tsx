"use client";
/** One Auth run on screen: its outcome, the sign-in prompt while it waits, the audience verdicts, the diagram, the steps and the findings. */
import { useTranslations } from "next-intl";
import { authDiagram } from "@/lib/auth/diagram";
import { signInUrl } from "@/lib/auth/panel";
import type { AuthRun } from "@/lib/auth/types";
import { say } from "@/lib/i18n/translate";
import { SequenceDiagram } from "../mrtr/SequenceDiagram";
import { AudienceVerdicts } from "./AudienceVerdicts";
import { AuthStepView } from "./AuthStepView";
import { SignInPrompt } from "./SignInPrompt";

export function AuthResult({ run, done, demo }: { run: AuthRun; done: boolean; demo: boolean }) {
  const t = useTranslations();
  const mcpOrigin = new URL(run.target).origin;
  const authUrl = signInUrl(run);
  return (
    <div className="flex flex-col gap-2" data-testid="auth-result">
      <p className="text-sm" data-testid="auth-outcome" data-outcome={run.outcome}>
        {t.rich("auth.panel.outcome", {
          outcome: t(`auth.outcome.${run.outcome}`),
          target: run.target,
          strong: (c) => <strong>{c}</strong>,
          code: (c) => <code>{c}</code>,
        })}
      </p>
      {authUrl && done ? (
        <SignInPrompt
          authorizationUrl={authUrl}
          stepUp={run.steps.some((s) => s.name === "step-up challenge")}
          demo={demo}
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
  );
}
