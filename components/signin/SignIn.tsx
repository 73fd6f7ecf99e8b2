"use client";
/**
 * What a local playground shows a browser that is not signed in: how to sign in (open the launch URL the run
 * command printed, once; or paste the token it printed), and why the last attempt failed. Signing in keeps the
 * address, #fragment included, so a share or lab link opened first still opens after. It never shows the token.
 */
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { signInWithToken, type SignedOutReason } from "@/lib/bridge/browser-sign-in";
import { LAUNCH_PARAM } from "@/lib/bridge/sign-in-url";
import { inputClass } from "../ui";

const noSubscribe = () => () => {};

const WHY: Record<SignedOutReason, string | null> = {
  none: null,
  "launch-spent":
    "That launch URL was already used: each one signs in one browser, once. Paste the token instead, or stop the playground and run `npm start` again for a new launch URL.",
  restarted:
    "The playground restarted since this browser signed in, which ended that sign-in: open the new launch URL it printed, or paste its new token.",
  unreachable:
    "Could not reach the playground's server: is it still running? Start it again (`npm start`) and open the launch URL it prints.",
};

export function SignIn({ reason }: { reason: SignedOutReason }) {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [token, setToken] = useState("");
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const origin = hydrated ? window.location.origin : "http://127.0.0.1:3000";
  const why = WHY[reason];

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
      <h1 className="text-lg font-bold">Sign in to this MCP Playground</h1>
      <p>
        This playground can start programs on this computer, so only the person who started it may use it. Its run
        command (<code>npm start</code>) printed a launch URL in its terminal and opened it in your browser:
      </p>
      <pre
        className="overflow-x-auto rounded bg-slate-200 p-2 text-xs dark:bg-slate-800"
        data-testid="signin-launch-shape"
      >{`${origin}/#${LAUNCH_PARAM}=…`}</pre>
      {why ? (
        <p role="status" data-testid="signin-why" className="font-medium">
          {why}
        </p>
      ) : null}
      <p>
        Open that URL (it works once), or paste the token the playground printed under it here. Neither at hand? Stop
        the playground and run <code>npm start</code> again.
      </p>
      {failed ? (
        <p role="alert" data-testid="signin-failed" className="text-red-700 dark:text-red-300">
          {failed}
        </p>
      ) : null}
      <form className="flex gap-2" onSubmit={(e) => void submit(e)}>
        <input
          name="token"
          type="password"
          autoComplete="off"
          required
          aria-label="Token"
          placeholder="token"
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
          Sign in
        </button>
      </form>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Signing in keeps a secret for this address only (this browser&apos;s storage for {origin}; no cookie, so no
        other port sees it); it ends when the playground stops. Scripts and the command line send the token in the{" "}
        <code>x-playground-token</code> header instead.
      </p>
    </main>
  );
}
