/**
 * The page's side of local mode's sign-in (the server's is lib/node/web/sign-in.ts). Once per page load:
 * 1. a launch code the boot script took out of the address bar (LAUNCH_BOOT_SCRIPT) is traded, same-origin, for a
 *    browser secret the answer sets as an HttpOnly cookie on this launch's own origin (no script here ever sees it);
 * 2. else the server is asked whether this browser already holds one (another tab's sign-in, a reload);
 * 3. else the page is signed out and says how to sign in (components/signin), where a pasted token trades too.
 * The secret is in no storage a document can read (issue 43 item 1): this tab keeps only a mark that it was signed
 * in (SIGNED_IN_MARK in sessionStorage, to say "restarted" later), and tells this origin's other tabs that it signed
 * in over a BroadcastChannel (no secret in it), so a signed-out tab asks the server again. Bridge calls wait for the
 * sign-in (browserCredential); the browser sends the cookie. A launch URL pasted into a tab that is already open (no
 * load, so no boot script: a hashchange) is taken out of the address bar and traded the same way (onLaunchPasted).
 * Browser only; no React.
 */
import { SIGNED_IN_MARK, LAUNCH_CODE_GLOBAL, splitLaunchFragment } from "./sign-in-url";

/** Why a page is signed out: nothing to sign in with, a spent launch URL, a sign-in from an earlier run, no server. */
export type SignedOutReason = "none" | "launch-spent" | "restarted" | "unreachable";

export type SignInState =
  { status: "checking" } | { status: "signed-in" } | { status: "signed-out"; reason: SignedOutReason };

export const CHECKING: SignInState = { status: "checking" };

let state: SignInState = CHECKING;
let started = false;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();
let waiters: (() => void)[] = [];

function setState(next: SignInState): void {
  state = next;
  for (const listener of listeners) listener();
}

function signedIn(tellOthers: boolean): void {
  mark(true);
  setState({ status: "signed-in" });
  if (tellOthers) channel?.postMessage("signed-in");
  const waiting = waiters;
  waiters = [];
  for (const resolve of waiting) resolve();
}

function signedOut(reason: SignedOutReason): void {
  setState({ status: "signed-out", reason });
}

function wasSignedIn(): boolean {
  try {
    return sessionStorage.getItem(SIGNED_IN_MARK) === "1";
  } catch {
    return false; // storage turned off: a restart reads as "not signed in"
  }
}

function mark(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(SIGNED_IN_MARK, "1");
    else sessionStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    /* storage turned off */
  }
}

type Trade = { ok: true } | ({ ok: false } & SignInProblem);

/** Why a pasted token did not sign in: the server's kind (the page words the usual ones in its language) and words. */
export interface SignInProblem {
  kind?: string;
  message: string;
  unreachable?: true;
}

/** POST /api/signin: a launch code or a pasted token for the sign-in cookie (fetch marks it Sec-Fetch-Site: same-origin). */
async function trade(body: { launch: string } | { token: string }): Promise<Trade> {
  try {
    const res = await fetch("/api/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
    const reply = (await res.json()) as {
      ok: boolean;
      value?: { signedIn?: boolean };
      kind?: string;
      message?: string;
    };
    if (reply.ok && reply.value?.signedIn === true) return { ok: true };
    return { ok: false, kind: reply.kind, message: reply.message ?? `the playground answered HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, message: `could not reach the playground: ${(e as Error).message}`, unreachable: true };
  }
}

/** Does this browser hold one of this launch's secrets (the cookie)? null when the server could not be asked. */
async function holdsSignIn(): Promise<boolean | null> {
  try {
    const res = await fetch("/api/signin/check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      cache: "no-store",
    });
    // Read the answer to its end: an unread body keeps the request open in the browser (the page never idles).
    await res.text();
    if (res.status === 401) return false;
    return res.ok ? true : null;
  } catch {
    return null;
  }
}

function takeLaunchCode(): string | null {
  const holder = window as unknown as Record<string, string | undefined>;
  const code = holder[LAUNCH_CODE_GLOBAL];
  delete holder[LAUNCH_CODE_GLOBAL];
  return code ? decodeURIComponent(code) : null;
}

async function resolveSignIn(): Promise<void> {
  let reason: SignedOutReason = "none";
  const code = takeLaunchCode();
  if (code) {
    const traded = await trade({ launch: code });
    if (traded.ok) return signedIn(true);
    reason = traded.unreachable ? "unreachable" : "launch-spent";
  }
  const holds = await holdsSignIn();
  if (holds) return signedIn(false);
  if (holds === null) return signedOut("unreachable");
  if (reason === "none" && wasSignedIn()) reason = "restarted";
  mark(false);
  signedOut(reason);
}

/** Another tab of this launch signed in: this browser now holds the cookie, so a signed-out tab asks again. */
function onOtherTab(e: MessageEvent): void {
  if (e.data !== "signed-in" || state.status === "signed-in") return;
  void holdsSignIn().then((holds) => {
    if (holds && state.status !== "signed-in") signedIn(false);
  });
}

/**
 * A launch URL pasted into this open tab: its code leaves the address bar at once (what followed it stays, and is
 * announced as a hashchange of its own, so a `#launch=…&lab=…` opens the Lab link as on a load) and is traded.
 * A spent code never signs a signed-in page out (its cookie still holds).
 */
function onLaunchPasted(): void {
  const split = splitLaunchFragment(window.location.hash);
  if (!split) return;
  const before = window.location.href;
  try {
    window.history.replaceState(
      window.history.state,
      "",
      window.location.pathname + window.location.search + split.rest,
    );
  } catch {
    /* the address could not be changed: the code is traded all the same */
  }
  if (split.rest)
    window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: before, newURL: window.location.href }));
  void trade({ launch: decodeURIComponent(split.code) }).then((traded) => {
    if (traded.ok) return signedIn(true);
    if (state.status !== "signed-in") signedOut(traded.unreachable ? "unreachable" : "launch-spent");
  });
}

/** Starts the page's sign-in once (the gate calls it; a bridge call does too). */
export function startSignIn(): void {
  if (started) return;
  started = true;
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(SIGNED_IN_MARK);
    channel.onmessage = onOtherTab;
  }
  window.addEventListener("hashchange", onLaunchPasted);
  void resolveSignIn();
}

export function getSignInState(): SignInState {
  return state;
}

export function subscribeSignIn(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sign-in page's form: the pasted token for a secret; null when signed in, else what went wrong. */
export async function signInWithToken(token: string): Promise<SignInProblem | null> {
  const traded = await trade({ token: token.trim() });
  if (!traded.ok)
    return { kind: traded.kind, message: traded.message, ...(traded.unreachable ? { unreachable: true } : {}) };
  signedIn(true);
  return null;
}

/** What a bridge call adds once this page is signed in (until then the call waits): nothing, the browser sends the cookie. */
export async function browserCredential(): Promise<Record<string, string>> {
  startSignIn();
  if (state.status !== "signed-in") await new Promise<void>((resolve) => waiters.push(resolve));
  return {};
}

/** A bridge call was answered 401: this browser's sign-in is no longer this launch's (a restart). */
export function credentialRefused(): void {
  if (state.status !== "signed-in") return;
  mark(false);
  signedOut("restarted");
}
