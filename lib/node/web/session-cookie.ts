/**
 * Where a signed-in browser's secret travels (issue 43 item 1): an HttpOnly, SameSite=Strict, host-only cookie on
 * this launch's own name (launch-origin.ts), set by the launch code's trade (sign-in.ts). No script reads it, not
 * even a later document or a service worker of the same origin; the browser sends it on the page's own requests
 * only, and the guards count it only with Sec-Fetch-Site: same-origin on this launch's Host (guards.ts). A script
 * that holds a secret may send it as SESSION_HEADER instead (the tests do).
 */
import { SESSION_HEADER } from "@/lib/bridge/contract";
import type { HeaderReader } from "./call-request";

export const SESSION_COOKIE = "mcp-playground-session";

/** The Set-Cookie value that keeps `secret` for this tab's browser until it closes (no Max-Age: a session cookie). */
export function sessionCookie(secret: string): string {
  return `${SESSION_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The Set-Cookie value that drops a secret this launch does not know. */
export const EXPIRED_SESSION_COOKIE = `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;

/** The secret a request presents: SESSION_HEADER, else the session cookie; null when it presents none. */
export function browserSecretOf(headers: HeaderReader): string | null {
  const header = headers.get(SESSION_HEADER);
  if (header !== null) return header;
  const cookies = headers.get("cookie");
  if (!cookies) return null;
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}
