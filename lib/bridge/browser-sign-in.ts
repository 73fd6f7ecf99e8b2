/**
 * The page's side of local mode's sign-in (the server's is lib/node/bridge/sign-in.ts). Once per page load:
 * 1. a launch code the boot script took out of the address bar (LAUNCH_BOOT_SCRIPT) is traded, same-origin, for
 *    a browser secret, kept in this origin's localStorage (per port; shared by this origin's tabs);
 * 2. else a secret already kept (another tab's sign-in, a reload) is checked with the server (a restart ends it);
 * 3. else the page is signed out and says how to sign in (components/signin), where a pasted token trades too.
 * A launch URL pasted into a tab that is already open (no load, so no boot script: a hashchange) is taken out of
 * the address bar and traded the same way (onLaunchPasted), whether the page was signed out or in.
 * Bridge calls wait for the secret (browserCredential) and send it in SESSION_HEADER. Browser only; no React.
 */
import { BROWSER_SECRET_KEY, LAUNCH_CODE_GLOBAL, splitLaunchFragment } from "./sign-in-url";
import { SESSION_HEADER } from "./target";

/** Why a page is signed out: nothing to sign in with, a spent launch URL, a sign-in from an earlier run, no server. */
export type SignedOutReason = "none" | "launch-spent" | "restarted" | "unreachable";

export type SignInState =
  { status: "checking" } | { status: "signed-in" } | { status: "signed-out"; reason: SignedOutReason };

export const CHECKING: SignInState = { status: "checking" };

let state: SignInState = CHECKING;
let secret: string | null = null;
let started = false;
const listeners = new Set<() => void>();
let waiters: ((secret: string) => void)[] = [];

function setState(next: SignInState): void {
  state = next;
  for (const listener of listeners) listener();
}

function signedIn(value: string): void {
  secret = value;
  setState({ status: "signed-in" });
  const waiting = waiters;
  waiters = [];
  for (const resolve of waiting) resolve(value);
}

function signedOut(reason: SignedOutReason): void {
  secret = null;
  setState({ status: "signed-out", reason });
}

function stored(): string | null {
  try {
    return localStorage.getItem(BROWSER_SECRET_KEY);
  } catch {
    return null; // storage turned off: every page load signs in again
  }
}

function keep(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(BROWSER_SECRET_KEY);
    else localStorage.setItem(BROWSER_SECRET_KEY, value);
  } catch {
    /* storage turned off: this page still holds the secret */
  }
}

type Trade = { ok: true; secret: string } | ({ ok: false } & SignInProblem);

/** Why a pasted token did not sign in: the server's kind (the page words the usual ones in its language) and words. */
export interface SignInProblem {
  kind?: string;
  message: string;
  unreachable?: true;
}

/** POST /api/signin: a launch code or a pasted token for a browser secret (fetch marks it Sec-Fetch-Site: same-origin). */
async function trade(body: { launch: string } | { token: string }): Promise<Trade> {
  try {
    const res = await fetch("/api/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
    const reply = (await res.json()) as { ok: boolean; value?: { secret?: string }; kind?: string; message?: string };
    if (reply.ok && typeof reply.value?.secret === "string") return { ok: true, secret: reply.value.secret };
    return { ok: false, kind: reply.kind, message: reply.message ?? `the playground answered HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, message: `could not reach the playground: ${(e as Error).message}`, unreachable: true };
  }
}

/** Is a kept secret one of this launch's? null when the server could not be asked. */
async function stillValid(value: string): Promise<boolean | null> {
  try {
    const res = await fetch("/api/signin/check", {
      method: "POST",
      headers: { "Content-Type": "application/json", [SESSION_HEADER]: value },
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
    if (traded.ok) {
      keep(traded.secret);
      return signedIn(traded.secret);
    }
    reason = traded.unreachable ? "unreachable" : "launch-spent";
  }
  const kept = stored();
  if (kept) {
    const valid = await stillValid(kept);
    // Unreachable: kept (the server may be on its way back); the page says it could not reach it.
    if (valid !== false) return valid ? signedIn(kept) : signedOut("unreachable");
    keep(null);
    if (reason === "none") reason = "restarted";
  }
  signedOut(reason);
}

/** Another tab of this origin signed in (or out): follow it. */
function onStorage(e: StorageEvent): void {
  if (e.key !== BROWSER_SECRET_KEY) return;
  if (e.newValue) {
    if (e.newValue !== secret) signedIn(e.newValue);
  } else if (state.status === "signed-in") signedOut("restarted");
}

/**
 * A launch URL pasted into this open tab: its code leaves the address bar at once (what followed it stays, and is
 * announced as a hashchange of its own, so a `#launch=…&lab=…` opens the Lab link as on a load) and is traded.
 * A spent code signs a signed-in page out only if its kept secret no longer works either.
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
    if (traded.ok) {
      keep(traded.secret);
      return signedIn(traded.secret);
    }
    if (state.status !== "signed-in") signedOut(traded.unreachable ? "unreachable" : "launch-spent");
  });
}

/** Starts the page's sign-in once (the gate calls it; a bridge call does too). */
export function startSignIn(): void {
  if (started) return;
  started = true;
  window.addEventListener("storage", onStorage);
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
  keep(traded.secret);
  signedIn(traded.secret);
  return null;
}

/** The header a bridge call sends, once this page is signed in (until then the call waits). */
export async function browserCredential(): Promise<Record<string, string>> {
  startSignIn();
  const value = secret ?? (await new Promise<string>((resolve) => waiters.push(resolve)));
  return { [SESSION_HEADER]: value };
}

/** A bridge call with `headers` was answered 401: the secret is no longer this launch's (a restart). */
export function credentialRefused(headers: Record<string, string>): void {
  const used = headers[SESSION_HEADER];
  if (!used || used !== secret) return;
  keep(null);
  signedOut("restarted");
}
