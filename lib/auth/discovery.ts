/**
 * Pure pieces of the authorization flow: the spec's discovery URL orders, the canonical resource URI, and the
 * non-secret claims of a JWT access token. Shared by the flow runner (lib/node/auth) and the Auth view.
 */
import { decodeJwt } from "jose";

export function isLoopback(url: URL): boolean {
  return url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
}

/** The canonical resource URI (RFC 8707 §2): lowercase scheme and host, no fragment. */
export function canonicalResource(href: string): string {
  const url = new URL(href);
  url.hash = "";
  let out = `${url.protocol}//${url.host}${url.pathname}${url.search}`.replace(/^[^:]+:\/\/[^/]+/, (m) =>
    m.toLowerCase(),
  );
  if (url.pathname === "/" && !url.search) out = out.slice(0, -1);
  return out;
}

export function sameResource(a: string, b: string): boolean {
  try {
    return canonicalResource(a).replace(/\/$/, "") === canonicalResource(b).replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** The spec's PRM URL order: the challenge's URL, then the path-aware well-known URL, then the root one. */
export function prmCandidates(target: string, fromHeader?: string): string[] {
  const url = new URL(target);
  const list: string[] = [];
  if (fromHeader) list.push(fromHeader);
  const path = url.pathname.replace(/\/$/, "");
  if (path) list.push(`${url.origin}/.well-known/oauth-protected-resource${path}`);
  list.push(`${url.origin}/.well-known/oauth-protected-resource`);
  return [...new Set(list)];
}

/** The spec's AS metadata URL order, path-aware (OAuth 2.0 first, then the two OpenID Connect forms). */
export function asMetadataCandidates(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  if (!path)
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** The non-secret claims of a JWT access token, or undefined when it is opaque. */
export function tokenClaims(token: string): Record<string, unknown> | undefined {
  try {
    const claims = decodeJwt(token);
    const pick: Record<string, unknown> = {};
    for (const k of ["iss", "aud", "scope", "exp", "iat", "client_id", "sub"])
      if (claims[k] !== undefined) pick[k] = claims[k];
    if (typeof claims.exp === "number") pick.expiresAt = new Date(claims.exp * 1000).toISOString();
    return pick;
  } catch {
    return undefined;
  }
}
