/**
 * Where a browser sign-in waits for the person: the Log in link (a new tab on the authorization server), what to
 * type on the embedded server's login page, or what to register at the user's own authorization server.
 */
import { useTranslations } from "next-intl";
import { AUTH_CALLBACK_PATH } from "@/lib/auth/request";
import { DEMO_USER } from "@/lib/auth/demo-user";

export function SignInPrompt({
  authorizationUrl,
  stepUp,
  demo,
}: {
  authorizationUrl: string;
  stepUp: boolean;
  demo: boolean;
}) {
  const t = useTranslations();
  const callback = typeof location === "undefined" ? AUTH_CALLBACK_PATH : `${location.origin}${AUTH_CALLBACK_PATH}`;
  return (
    <div
      className="flex flex-col gap-1 rounded border border-violet-300 bg-violet-50 p-2 text-xs dark:border-violet-700 dark:bg-violet-950"
      data-testid="auth-signin"
    >
      <p>
        <a
          href={authorizationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-blue-700 underline dark:text-blue-300"
          data-testid="auth-login"
        >
          {stepUp ? t("auth.signin.again") : t("auth.signin.login")}
        </a>{" "}
        {t("auth.signin.opens")}
      </p>
      {demo ? (
        <p data-testid="auth-demo-credentials">
          {t.rich("auth.signin.demoUser", {
            login: DEMO_USER.login,
            password: DEMO_USER.password,
            code: (c) => <code>{c}</code>,
          })}
        </p>
      ) : (
        <p data-testid="auth-register-hint">
          {t.rich("auth.signin.register", { callback, code: (c) => <code className="break-all">{c}</code> })}
        </p>
      )}
      <details>
        <summary className="cursor-pointer">{t("auth.signin.url")}</summary>
        <code className="break-all" data-testid="auth-authorization-url">
          {authorizationUrl}
        </code>
      </details>
    </div>
  );
}
