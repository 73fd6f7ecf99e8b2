/**
 * Who may talk to the bridge. The bridge spawns processes, so an unguarded route is remote code execution
 * (MCP Inspector CVE-2025-49596). Checks, in order: Host (DNS rebinding), Origin (cross-site pages), then the
 * token header (scripts, the CLI, hosted pages) or a signed-in browser's secret (local mode, same-origin only).
 */
import { SESSION_HEADER, TOKEN_HEADER, type BridgeErrorKind } from "@/lib/bridge/contract";
import { AUTH_CALLBACK_PATH } from "@/lib/auth/request";
import type { HeaderReader } from "./call-request";
import { isEarlierLaunchHostname, isLaunchHostname, launchOrigin } from "./launch-origin";
import { isHosted } from "@/lib/node/bridge/target-policy";
import { browserSecretOf } from "./session-cookie";
import { checkBrowserSecret, checkHostedPageToken, checkToken, hostedPageToken } from "./token";

export interface GuardFailure {
  ok: false;
  kind: BridgeErrorKind;
  message: string;
  status: number;
}

export const STATUS_OF_KIND: Record<BridgeErrorKind, number> = {
  unauthorized: 401,
  "forbidden-origin": 403,
  "forbidden-host": 403,
  "bad-request": 400,
  "too-large": 413,
  refused: 403,
  "rate-limited": 429,
  internal: 500,
};

export function guardFailure(kind: BridgeErrorKind, message: string): GuardFailure {
  return { ok: false, kind, message, status: STATUS_OF_KIND[kind] };
}

/** Hostnames that can only be reached from this machine. Any port: the app may run on 3000, 3100, … */
export const LOOPBACK_HOSTNAMES = ["127.0.0.1", "localhost", "[::1]"] as const;

function envList(name: string): string[] {
  return (process.env[name] ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

type ParsedHost = { readonly hostname: string; readonly port?: string };
// Every call reads the same Host several times (guards, base URL): the last answer is kept.
let lastHost: { host: string; parsed: ParsedHost | null } | undefined;

/** Splits a Host header into hostname and port; null when it is not of the form hostname[:port]. */
export function parseHost(host: string): ParsedHost | null {
  if (lastHost?.host === host) return lastHost.parsed;
  const m = /^(\[[0-9a-f:.]+\]|[^\s:/[\]@]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  const parsed = m ? { hostname: m[1].toLowerCase(), port: m[2] } : null;
  lastHost = { host, parsed };
  return parsed;
}

const EARLIER_LAUNCH =
  "is an earlier launch's address: each launch of the playground has a name of its own (it restarted since), " +
  "so open the launch URL it printed last";

export function checkHost(host: string | null): GuardFailure | null {
  if (!host) return guardFailure("forbidden-host", "the request has no Host header; refused (DNS-rebinding defence)");
  const parsed = parseHost(host);
  if (parsed) {
    if ((LOOPBACK_HOSTNAMES as readonly string[]).includes(parsed.hostname)) return null;
    if (!isHosted() && isLaunchHostname(parsed.hostname)) return null;
    if (!isHosted() && isEarlierLaunchHostname(parsed.hostname))
      return guardFailure("forbidden-host", `Host ${JSON.stringify(host)} ${EARLIER_LAUNCH}`);
    // Read only when the name is not loopback (the environment is read per call, so a change applies at once).
    const allowed = envList("PLAYGROUND_ALLOWED_HOSTS");
    const full = parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
    if (allowed.includes(full) || allowed.includes(parsed.hostname)) return null;
  }
  return guardFailure(
    "forbidden-host",
    `Host ${JSON.stringify(host)} is not a loopback name the playground answers to (127.0.0.1, localhost, [::1], ` +
      "or in local mode this launch's own name); " +
      "refused as a DNS-rebinding defence. Set PLAYGROUND_ALLOWED_HOSTS (comma list) to allow another name.",
  );
}

function portOf(protocol: string, port: string | undefined): string {
  return port || (protocol === "https:" ? "443" : "80");
}

/**
 * No Origin: a non-browser client (the CLI, curl, the bridge calling the demo route) — allowed, the token
 * still applies. Otherwise the page must be ours. Local mode: exactly this launch's origin (launch-origin.ts), the
 * request's own Host; a loopback origin such as http://127.0.0.1:<port> is not ours, because an earlier server may
 * have left a page or a service worker there. Hosted mode: a loopback origin on the same port as the request's Host,
 * or the exact Host itself (for PLAYGROUND_ALLOWED_HOSTS names). Either mode: an entry of PLAYGROUND_ALLOWED_ORIGINS.
 * The refusal never names this launch's origin (the caller may be a page that must not learn it).
 */
export function checkOrigin(origin: string | null, host: string | null): GuardFailure | null {
  if (origin === null) return null;
  if (isHosted() ? isOwnOrigin(origin, host) : isLaunchOrigin(origin, host)) return null;
  if (envList("PLAYGROUND_ALLOWED_ORIGINS").includes(origin.toLowerCase())) return null;
  const own = isHosted()
    ? `(e.g. http://${host ?? "127.0.0.1:3000"})`
    : "(in local mode, only the page opened from this launch's URL: each launch has an address of its own)";
  return guardFailure(
    "forbidden-origin",
    `Origin ${JSON.stringify(origin)} may not call the playground: only its own pages may ${own}. ` +
      "Set PLAYGROUND_ALLOWED_ORIGINS (comma list) to allow another origin.",
  );
}

/** An Origin header as a URL, or undefined when it is not one (the opaque origin "null"). */
function originUrl(origin: string): URL | undefined {
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}

/** Local mode's own origin: http:// and this launch's name, with the request's own Host (port included). */
function isLaunchOrigin(origin: string, host: string | null): boolean {
  const url = originUrl(origin);
  if (!url) return false;
  if (url.protocol !== "http:" || !host || !isLaunchHostname(url.hostname.toLowerCase())) return false;
  return url.host.toLowerCase() === host.trim().toLowerCase();
}

/**
 * Local mode: what only a browser does (load the page, sign in, send the browser secret) happens on this launch's
 * name alone, never on 127.0.0.1, localhost or [::1] (scripts holding the token still use those). Null in hosted mode.
 */
export function checkLaunchHost(host: string | null): GuardFailure | null {
  if (isHosted()) return null;
  const parsed = host ? parseHost(host) : null;
  if (parsed && isLaunchHostname(parsed.hostname)) return null;
  if (parsed && isEarlierLaunchHostname(parsed.hostname))
    return guardFailure("forbidden-host", `Host ${JSON.stringify(host)} ${EARLIER_LAUNCH}`);
  return guardFailure(
    "forbidden-host",
    "in local mode the playground's page and browser sign-in answer only at the address of its launch URL " +
      "(http://mcp-….localhost:<port>, a new name each launch, so no page or service worker an earlier server left " +
      "on this address can reach them): open the launch URL the playground printed",
  );
}

/** The request's own Host, or a loopback origin on its port. The opaque origin "null" is not a URL: never ours. */
function isOwnOrigin(origin: string, host: string | null): boolean {
  const url = originUrl(origin);
  if (!url) return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const parsedHost = host ? parseHost(host) : null;
  if (!parsedHost) return false;
  if (url.host.toLowerCase() === host!.trim().toLowerCase()) return true;
  const loopback = (LOOPBACK_HOSTNAMES as readonly string[]).includes(url.hostname.toLowerCase());
  return loopback && portOf(url.protocol, url.port) === portOf("http:", parsedHost.port);
}

/** For the page that carries the token, and for the demo MCP route: Host and Origin only. */
export function checkPageHeaders(headers: HeaderReader): GuardFailure | null {
  const host = headers.get("host");
  return checkHost(host) ?? checkOrigin(headers.get("origin"), host);
}

/**
 * A signed-in browser (local mode): its secret in SESSION_HEADER, counted only when the browser itself says the
 * request comes from our own origin. A browser sets Sec-Fetch-Site and no page can forge it, so a secret that
 * leaked out of the page (a log, a copied request) does not open the bridge from another page; curl and other
 * HTTP clients send the token header instead.
 */
function browserSignIn(headers: HeaderReader): GuardFailure | null {
  if (headers.get("sec-fetch-site") !== "same-origin")
    return guardFailure(
      "unauthorized",
      `a browser sign-in (its cookie or ${SESSION_HEADER}) counts only on a request from the playground's own page (Sec-Fetch-Site: same-origin); ` +
        `scripts and the CLI send ${TOKEN_HEADER} (PLAYGROUND_TOKEN)`,
    );
  const notLaunch = checkLaunchHost(headers.get("host"));
  if (notLaunch) return notLaunch;
  if (checkBrowserSecret(browserSecretOf(headers))) return null;
  return guardFailure(
    "unauthorized",
    "this browser's sign-in is not one of this launch's (the playground restarted, or it was never signed in): " +
      "open the launch URL the playground printed, or paste its token into the sign-in page",
  );
}

/** Every bridge route: Host, then Origin, then the per-launch token (header) or a signed-in browser's secret. */
export function guardRequest(req: { headers: HeaderReader }): GuardFailure | null {
  const pageCheck = checkPageHeaders(req.headers);
  if (pageCheck) return pageCheck;
  const token = req.headers.get(TOKEN_HEADER);
  if (token)
    return checkToken(token) || (isHosted() && checkHostedPageToken(token))
      ? null
      : guardFailure("unauthorized", `${TOKEN_HEADER} does not match this launch's token`);
  if (browserSecretOf(req.headers) !== null) return browserSignIn(req.headers);
  return guardFailure(
    "unauthorized",
    `missing ${TOKEN_HEADER} header and no browser sign-in: a browser signs in by opening the launch URL the ` +
      `playground printed (http://mcp-….localhost:<port>/#launch=…); scripts send the header (PLAYGROUND_TOKEN)`,
  );
}

/**
 * Local mode: a page address on a loopback name (127.0.0.1, localhost, [::1]) or an earlier launch's name is not
 * served but moved to this launch's own origin, path and query kept (the browser keeps the #fragment), so a bookmark,
 * a share link made on 127.0.0.1 or a tab of an earlier launch still opens, on the launch's origin, whose storage no
 * earlier page could have touched. Only GET and HEAD of a page path, and of the authorization callback (the loopback
 * redirect authorization servers take is 127.0.0.1: routes.ts callbackUrlOf); never the rest of /api/ (scripts keep
 * 127.0.0.1) nor build assets. Null when the request is not moved.
 */
export function launchRedirect(
  method: string | undefined,
  url: string | undefined,
  host: string | null,
): string | null {
  if (isHosted() || (method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return null;
  if ((url.startsWith("/api/") && !url.startsWith(`${AUTH_CALLBACK_PATH}?`)) || url.startsWith("/_next/")) return null;
  const parsed = host ? parseHost(host) : null;
  if (!parsed) return null;
  const loopback = (LOOPBACK_HOSTNAMES as readonly string[]).includes(parsed.hostname);
  if (!loopback && !isEarlierLaunchHostname(parsed.hostname)) return null;
  return `${launchOrigin(parsed.port ?? "80")}${url}`;
}

/** What GET / answers, decided by the server (app.ts hands it to app/page.tsx). */
export type PageFor =
  { kind: "refused"; refusal: GuardFailure } | { kind: "playground"; hosted: boolean; credential?: string };

export function pageFor(headers: HeaderReader): PageFor {
  const refusal = checkPageHeaders(headers) ?? checkLaunchHost(headers.get("host"));
  if (refusal) return { kind: "refused", refusal };
  // Hosted mode: the page carries its credential (token.ts hostedPageToken); the hosted guards (fixed commands, SSRF,
  // limits) protect it. Local mode: the page is public and holds nothing; it signs itself in (SignInGate.tsx).
  return isHosted()
    ? { kind: "playground", hosted: true, credential: hostedPageToken() }
    : { kind: "playground", hosted: false };
}
