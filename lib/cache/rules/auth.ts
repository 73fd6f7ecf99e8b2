/**
 * The authorization context a private entry belongs to (digest §7: "different access token ⇒ different
 * cache"). Over HTTP it is a hash of the Authorization header; stdio has no header layer (credentials come
 * from the environment), so each spawned configuration is its own context through the cache partition.
 */
import { sha256Hex } from "./sha256";

export interface AuthContext {
  /** Stable id used in keys: "anonymous" or "auth:<first 16 hex of sha256(Authorization)>". */
  id: string;
  /** What the screen shows; never the token itself. */
  label: string;
}

export const ANONYMOUS: AuthContext = { id: "anonymous", label: "no Authorization header" };

type Headers = Record<string, string> | [string, string][] | undefined;

export function authorizationOf(headers: Headers): string | undefined {
  if (!headers) return undefined;
  const pairs = Array.isArray(headers) ? headers : Object.entries(headers);
  return pairs.find(([name]) => name.toLowerCase() === "authorization")?.[1];
}

export function authContextOf(authorization: string | undefined): AuthContext {
  if (authorization === undefined || authorization === "") return ANONYMOUS;
  const digest = sha256Hex(authorization).slice(0, 16);
  return { id: `auth:${digest}`, label: `Authorization sha256:${digest.slice(0, 8)}…` };
}

export function authContextFromHeaders(headers: Headers): AuthContext {
  return authContextOf(authorizationOf(headers));
}
