/**
 * The per-launch bridge token. Every bridge call must carry it in the x-playground-token header; the page
 * receives it from the server component, scripts set PLAYGROUND_TOKEN. Never put it in a URL.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// Next may load each route bundle as its own module instance: keep the token on globalThis so all agree.
const store = globalThis as typeof globalThis & { __playgroundLaunchToken?: string };

export function getLaunchToken(): string {
  const fromEnv = process.env.PLAYGROUND_TOKEN;
  if (fromEnv) return fromEnv;
  store.__playgroundLaunchToken ??= randomBytes(32).toString("hex");
  return store.__playgroundLaunchToken;
}

/** Constant-time comparison; hashing first makes both sides the same length, so length leaks nothing either. */
export function checkToken(headerValue: string | null | undefined): boolean {
  if (!headerValue) return false;
  const expected = createHash("sha256").update(getLaunchToken()).digest();
  const given = createHash("sha256").update(headerValue).digest();
  return timingSafeEqual(expected, given);
}
