/** One step of an authorization run: its lane (who the client talks to), verdict, sentence, spec section and raw HTTP (as text). */
import { useTranslations } from "next-intl";
import { stepName } from "@/lib/auth/diagram";
import { say, type Translate } from "@/lib/i18n/translate";
import type { AuthStep, HttpAttempt } from "@/lib/auth/types";
import { Card } from "../card";

const MARK: Record<AuthStep["status"], string> = { ok: "✔", warn: "!", fail: "✘", skipped: "·" };
const TONE: Record<AuthStep["status"], string> = {
  ok: "text-green-700 dark:text-green-300",
  warn: "text-amber-700 dark:text-amber-300",
  fail: "text-red-700 dark:text-red-300",
  skipped: "text-slate-600 dark:text-slate-400",
};

function laneOf(step: AuthStep, mcpOrigin: string, t: Translate): string {
  const url = step.request?.url;
  if (!url) return t("auth.lane.client");
  try {
    return new URL(url).origin === mcpOrigin
      ? t("auth.lane.server")
      : step.name.includes("authorization request")
        ? t("auth.lane.browser")
        : t("auth.lane.auth");
  } catch {
    return t("auth.lane.client");
  }
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
}

function Raw({ attempt }: { attempt: HttpAttempt }) {
  const t = useTranslations();
  const { request, response, error } = attempt;
  const text = [
    `${request.method} ${request.url}`,
    headerLines(request.headers),
    request.body ? `\n${request.body}` : "",
    "",
    response
      ? `← ${response.status}\n${headerLines(response.headers)}${response.body ? `\n\n${response.body}` : ""}`
      : `← ${error ?? t("auth.step.notSent")}`,
  ]
    .filter((l) => l !== "")
    .join("\n");
  return (
    <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-[11px] dark:bg-slate-900">
      {text}
    </pre>
  );
}

export function AuthStepView({ step, mcpOrigin }: { step: AuthStep; mcpOrigin: string }) {
  const t = useTranslations();
  const attempts: HttpAttempt[] =
    step.attempts ?? (step.request ? [{ request: step.request, response: step.response }] : []);
  return (
    <Card as="li" testId="auth-step" data={{ step: step.name, status: step.status }} tone="row">
      <div className="flex flex-wrap items-baseline gap-2">
        <span className={`font-bold ${TONE[step.status]}`} aria-label={step.status}>
          {MARK[step.status]}
        </span>
        <span className="font-semibold">{stepName(step.name, t)}</span>
        <span
          className="rounded bg-violet-100 px-1 text-[10px] text-violet-900 dark:bg-violet-900 dark:text-violet-100"
          title={t("auth.lane.title")}
        >
          Auth · {laneOf(step, mcpOrigin, t)}
        </span>
      </div>
      <p className="mt-1">{step.detailMsg ? say(step.detailMsg, t) : step.detail}</p>
      <p className="text-[11px] text-slate-600 dark:text-slate-400">{step.specRef}</p>
      {step.facts ? (
        <details className="mt-1">
          <summary className="cursor-pointer">{t("auth.step.facts")}</summary>
          <pre className="overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-[11px] dark:bg-slate-900">
            {JSON.stringify(step.facts, null, 2)}
          </pre>
        </details>
      ) : null}
      {attempts.length ? (
        <details className="mt-1">
          <summary className="cursor-pointer">{t("auth.step.raw", { count: attempts.length })}</summary>
          <div className="flex flex-col gap-1">
            {attempts.map((a, i) => (
              <Raw key={i} attempt={a} />
            ))}
          </div>
        </details>
      ) : null}
    </Card>
  );
}
