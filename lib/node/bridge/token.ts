/**
 * The per-launch bridge token and the sign-in cookie derived from it.
 * - Scripts and the CLI send the token in the x-playground-token header (PLAYGROUND_TOKEN).
 * - A browser signs in once with the launch URL `/?token=<token>` (printed by the run command): the answer sets
 *   an HttpOnly, SameSite=Strict session cookie and the page never holds the token (local mode), so another
 *   user of the machine cannot read it from `GET /`. Hosted mode's page still carries it (its guards protect it).
 * The token never goes in any other URL.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Made once when the environment names none (the server always sets PLAYGROUND_TOKEN; the CLI and tests may not). */
let madeToken: string | undefined;

export function getLaunchToken(): string {
  const fromEnv = process.env.PLAYGROUND_TOKEN;
  if (fromEnv) return fromEnv;
  madeToken ??= randomBytes(32).toString("hex");
  return madeToken;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

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
 * One cookie per port: cookies ignore ports, so two playgrounds on 127.0.0.1:3000 and :3100 must not overwrite
 * each other's sign-in (Jupyter names its cookie after the port for the same reason).
 */
export function sessionCookieName(port: string | undefined): string {
  return `mcp-playground-${/^\d{1,5}$/.test(port ?? "") ? port : "80"}`;
}

/** The cookie holds a value derived from the token, not the token: a stolen cookie is no header token. */
export const sessionCookieValue: () => string = perToken((token) =>
  createHmac("sha256", token).update("mcp-playground sign-in cookie").digest("base64url"),
);
const sessionCookieDigest = perToken(() => sha256(sessionCookieValue()));

export function sessionCookieHeader(port: string | undefined): string {
  return `${sessionCookieName(port)}=${sessionCookieValue()}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Does the Cookie header carry this launch's sign-in cookie for this port? */
export function checkSessionCookie(cookieHeader: string | null | undefined, port: string | undefined): boolean {
  if (!cookieHeader) return false;
  const name = sessionCookieName(port);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    if (sameSecret(sessionCookieDigest(), part.slice(eq + 1).trim())) return true;
  }
  return false;
}
