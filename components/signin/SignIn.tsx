"use client";
/**
 * What a local playground shows a browser that is not signed in: how to sign in (open the launch URL the run
 * command printed, once; or paste the token it printed), and why the last attempt failed. Signing in keeps the
 * address, #fragment included, so a share or lab link opened first still opens after. It never shows the token.
 */
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { signInWithToken, type SignInProblem, type SignedOutReason } from "@/lib/bridge/browser-sign-in";
import { LAUNCH_PARAM } from "@/lib/bridge/sign-in-url";
import { inputClass } from "../ui";
import { useHydrated } from "../useHydrated";

const code = (chunks: ReactNode) => <code>{chunks}</code>;

/** The server's usual refusals, worded in the page's language; anything else is shown as the server said it. */
function problemText(problem: SignInProblem, t: ReturnType<typeof useTranslations>): string {
  if (problem.unreachable) return t("signin.failed.unreachable", { reason: problem.message });
  if (problem.kind === "unauthorized") return t("signin.failed.token");
  return problem.message;
}

export function SignIn({ reason }: { reason: SignedOutReason }) {
  const hydrated = useHydrated();
  const [token, setToken] = useState("");
  const t = useTranslations();
  const [failed, setFailed] = useState<SignInProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const origin = hydrated ? window.location.origin : "http://127.0.0.1:3000";
  const why = reason === "none" ? null : t(`signin.why.${reason}`);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const problem = await signInWithToken(token);
    setBusy(false);
    if (problem) setFailed(problem);
  }

  return (
    <main
      data-testid="signin"
      data-hydrated={hydrated ? "true" : "false"}
      data-reason={reason}
      className="mx-auto flex max-w-xl flex-col gap-3 p-8 text-sm"
    >
      <h1 className="text-lg font-bold">{t("signin.heading")}</h1>
      <p>{t.rich("signin.intro", { code })}</p>
      <pre
        className="overflow-x-auto rounded bg-slate-200 p-2 text-xs dark:bg-slate-800"
        data-testid="signin-launch-shape"
      >{`${origin}/#${LAUNCH_PARAM}=…`}</pre>
      {why ? (
        <p role="status" data-testid="signin-why" className="font-medium">
          {why}
        </p>
      ) : null}
      <p>{t.rich("signin.how", { code })}</p>
      {failed ? (
        <p role="alert" data-testid="signin-failed" className="text-red-700 dark:text-red-300">
          {problemText(failed, t)}
        </p>
      ) : null}
      <form className="flex gap-2" onSubmit={(e) => void submit(e)}>
        <input
          name="token"
          type="password"
          autoComplete="off"
          required
          aria-label={t("signin.tokenLabel")}
          placeholder={t("signin.tokenPlaceholder")}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          data-testid="signin-token"
          className={`${inputClass} flex-1 font-mono`}
        />
        <button
          type="submit"
          disabled={busy}
          data-testid="signin-submit"
          className="rounded bg-blue-600 px-3 py-1 text-xs font-medium text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {t("signin.submit")}
        </button>
      </form>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t.rich("signin.keeps", { origin, header: "x-playground-token", code })}
      </p>
    </main>
  );
}
