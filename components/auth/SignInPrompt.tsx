/**
 * Where a browser sign-in waits for the person: the Log in link (a new tab on the authorization server), what to
 * type on the embedded server's login page, or what to register at the user's own authorization server.
 */
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
          {stepUp ? "Log in again: consent to more scope (step-up)" : "Log in"}
        </a>{" "}
        opens the authorization server in a new tab; after you consent it sends that tab to this playground&apos;s
        callback, and this view goes on.
      </p>
      {demo ? (
        <p data-testid="auth-demo-credentials">
          The embedded authorization server&apos;s demo user: <code>{DEMO_USER.login}</code>, password{" "}
          <code>{DEMO_USER.password}</code>.
        </p>
      ) : (
        <p data-testid="auth-register-hint">
          At your authorization server, register a public client (no secret, PKCE S256) with grant types
          authorization_code and refresh_token and the redirect URI <code className="break-all">{callback}</code> — or
          leave the client ID empty if it offers dynamic registration.
        </p>
      )}
      <details>
        <summary className="cursor-pointer">
          The authorization URL (no secret in it: PKCE sends only the challenge)
        </summary>
        <code className="break-all" data-testid="auth-authorization-url">
          {authorizationUrl}
        </code>
      </details>
    </div>
  );
}
