/**
 * The bridge's credentials.
 * - The per-launch token: scripts and the CLI send it in the x-playground-token header (PLAYGROUND_TOKEN). It never
 *   goes in a URL. Hosted mode's page carries a credential derived from it one way (hostedPageToken), sent in the
 *   same header and accepted only in hosted mode (its guards protect it).
 * - Local mode's browser sign-in: a one-time launch code (the launch URL's #fragment) traded by the page for a
 *   browser secret of its own (sign-in.ts, guards.ts). Neither is derived from the token.
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from "node:crypto";

/** Made once when the environment names none (the server always sets PLAYGROUND_TOKEN; the CLI and tests may not). */
let madeToken: string | undefined;

export function getLaunchToken(): string {
  const fromEnv = process.env.PLAYGROUND_TOKEN;
  if (fromEnv) return fromEnv;
  madeToken ??= randomBytes(32).toString("hex");
  return madeToken;
}

// The one-shot hash (no Hash object per call: it is on every bridge call's path).
const sha256 = (text: string) => hash("sha256", text, "buffer");

/** A function of the launch token, computed once per token (it is on every bridge call's path). */
function perToken<T>(derive: (token: string) => T): () => T {
  let last: { token: string; value: T } | undefined;
  return () => {
    const token = getLaunchToken();
    if (last?.token !== token) last = { token, value: derive(token) };
    return last.value;
  };
}

const expectedTokenDigest = perToken(sha256);

/** Constant-time comparison; hashing first makes both sides the same length, so length leaks nothing either. */
function sameSecret(expectedDigest: Buffer, given: string): boolean {
  return timingSafeEqual(expectedDigest, sha256(given));
}

export function checkToken(headerValue: string | null | undefined): boolean {
  if (!headerValue) return false;
  return sameSecret(expectedTokenDigest(), headerValue);
}

/**
 * What a hosted page carries and sends as its credential (guards.ts pageFor tells the page): not the token, but a
 * one-way function of it, so every instance sharing PLAYGROUND_TOKEN hands out and accepts the same one while
 * nothing else derived from the token (the task-id key, embedded.ts) can be computed by whoever holds the page.
 */
const pageTokenOf = (token: string) =>
  createHmac("sha256", token).update("mcp-playground hosted page credential v1").digest("hex");
const hostedPageTokenNow = perToken(pageTokenOf);
const expectedPageTokenDigest = perToken((token) => sha256(pageTokenOf(token)));

export function hostedPageToken(): string {
  return hostedPageTokenNow();
}

/** Is this the hosted page's credential? (The guards count it only in hosted mode.) */
export function checkHostedPageToken(headerValue: string | null | undefined): boolean {
  if (!headerValue) return false;
  return sameSecret(expectedPageTokenDigest(), headerValue);
}

/**
 * Random secrets handed out and remembered only as digests, at most `max` of them: the oldest is forgotten when one
 * more is made.
 */
function secretStore(max: number, bytes: number, encoding: "hex" | "base64url") {
  const digests = new Set<string>();
  const digest = (secret: string) => sha256(secret).toString("hex");
  return {
    mint(): string {
      const secret = randomBytes(bytes).toString(encoding);
      digests.add(digest(secret));
      if (digests.size > max) digests.delete(digests.values().next().value!);
      return secret;
    },
    has: (given: string) => digests.has(digest(given)),
    /** True once per secret: the first call that names it forgets it. */
    spend: (given: string) => digests.delete(digest(given)),
  };
}

/**
 * Launch codes: what the launch URL carries in its #fragment (`/#launch=<code>`, so no request line, log or
 * Referer ever holds it). Each trades for a browser secret once (sign-in.ts), then is spent. The run command
 * prints the first; a script holding the token may ask for more (POST /api/signin/launch). In memory only: a
 * restart spends them all. A few at a time: an unused one is dropped when the ninth is made.
 */
const MAX_LAUNCH_CODES = 8;
const launchCodes = secretStore(MAX_LAUNCH_CODES, 32, "hex");

export function mintLaunchCode(): string {
  return launchCodes.mint();
}

/** True once per code: a code is spent by the first trade that names it. */
export function spendLaunchCode(given: string): boolean {
  return launchCodes.spend(given);
}

/**
 * Browser secrets: what a page got for a launch code (or the pasted token), sent in SESSION_HEADER. Random, per
 * trade, in memory only (a restart ends every browser's sign-in; a fixed PLAYGROUND_TOKEN does not carry over).
 * Kept as digests; the oldest goes past the cap (a browser that lost its secret signs in again).
 */
const MAX_BROWSER_SECRETS = 64;
const browserSecrets = secretStore(MAX_BROWSER_SECRETS, 32, "base64url");

export function mintBrowserSecret(): string {
  return browserSecrets.mint();
}

export function checkBrowserSecret(given: string | null | undefined): boolean {
  return !!given && browserSecrets.has(given);
}
