"use client";
/**
 * What an anonymous visitor of a local playground sees instead of the playground: how to sign in (open the
 * launch URL the run command printed, or paste its token). The form posts to "/" plus the current #fragment, so a
 * session or lab link opened before signing in is still there after. It never shows or holds the token.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { SIGN_IN_MARK, SIGN_IN_PARAM } from "@/lib/bridge/sign-in-url";
import { inputClass } from "../ui";

const noSubscribe = () => () => {};
// The marker makes the address after sign-in ("/") differ from this one, so the browser really loads it.
const POST_TO = `/?${SIGN_IN_MARK}=post`;

export function SignIn({
  failed,
  renavigate,
  origin,
}: {
  failed: boolean;
  /** The browser came here from another site: a SameSite=Strict cookie was held back; ask again from our origin. */
  renavigate: boolean;
  origin: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  useEffect(() => {
    // A new URL (not location.href: a fragment-only change would not load anything); the signed-in page drops
    // the marker again (CleanAddress).
    if (!renavigate) return;
    const again = new URL(window.location.href);
    again.searchParams.set(SIGN_IN_MARK, "again");
    window.location.replace(again.href);
  }, [renavigate]);
  return (
    <main
      data-testid="signin"
      data-hydrated={hydrated ? "true" : "false"}
      className="mx-auto flex max-w-xl flex-col gap-3 p-8 text-sm"
    >
      <h1 className="text-lg font-bold">Sign in to this MCP Playground</h1>
      <p>
        This playground can start programs on this computer, so only the person who started it may use it. Its run
        command (<code>npm start</code>) printed a launch URL and opened it in your browser:
      </p>
      <pre
        className="overflow-x-auto rounded bg-slate-200 p-2 text-xs dark:bg-slate-800"
        data-testid="signin-launch-shape"
      >{`${origin}/?token=…`}</pre>
      <p>
        Open that URL again (from the terminal), or paste the token — the part after <code>token=</code> — here:
      </p>
      {failed ? (
        <p role="alert" data-testid="signin-failed" className="text-red-700 dark:text-red-300">
          That token does not match this launch. The playground makes a new token each time it starts: use the URL it
          printed last.
        </p>
      ) : null}
      <form
        ref={form}
        method="post"
        action={POST_TO}
        className="flex gap-2"
        // Keep the #fragment (a session or lab link) through sign-in.
        onSubmit={() => form.current?.setAttribute("action", `${POST_TO}${window.location.hash}`)}
      >
        <input
          name={SIGN_IN_PARAM}
          type="password"
          autoComplete="off"
          required
          aria-label="Token"
          placeholder="token"
          data-testid="signin-token"
          className={`${inputClass} flex-1 font-mono`}
        />
        <button
          type="submit"
          data-testid="signin-submit"
          className="rounded bg-blue-600 px-3 py-1 text-xs font-medium text-white hover:bg-blue-700"
        >
          Sign in
        </button>
      </form>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Signing in sets a cookie for this browser only (HttpOnly, SameSite=Strict); it ends when the playground
        restarts. Scripts and the command line use the <code>x-playground-token</code> header instead.
      </p>
    </main>
  );
}
