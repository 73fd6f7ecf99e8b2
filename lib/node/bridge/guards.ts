/**
 * Who may talk to the bridge. The bridge spawns processes, so an unguarded route is remote code execution
 * (MCP Inspector CVE-2025-49596). Checks, in order: Host (DNS rebinding), Origin (cross-site pages), then the
 * token header (scripts, the CLI, hosted pages) or a signed-in browser's secret (local mode, same-origin only).
 */
import { SESSION_HEADER, TOKEN_HEADER, type BridgeErrorKind } from "@/lib/bridge/contract";
import type { HeaderReader } from "./call-request";
import { isHosted } from "./policy";
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

export function checkHost(host: string | null): GuardFailure | null {
  if (!host) return guardFailure("forbidden-host", "the request has no Host header; refused (DNS-rebinding defence)");
  const parsed = parseHost(host);
  if (parsed) {
    if ((LOOPBACK_HOSTNAMES as readonly string[]).includes(parsed.hostname)) return null;
    // Read only when the name is not loopback (the environment is read per call, so a change applies at once).
    const allowed = envList("PLAYGROUND_ALLOWED_HOSTS");
    const full = parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
    if (allowed.includes(full) || allowed.includes(parsed.hostname)) return null;
  }
  return guardFailure(
    "forbidden-host",
    `Host ${JSON.stringify(host)} is not a loopback name the playground answers to (127.0.0.1, localhost, [::1]); ` +
      "refused as a DNS-rebinding defence. Set PLAYGROUND_ALLOWED_HOSTS (comma list) to allow another name.",
  );
}

function portOf(protocol: string, port: string | undefined): string {
  return port || (protocol === "https:" ? "443" : "80");
}

/**
 * No Origin: a non-browser client (the CLI, curl, the bridge calling the demo route) — allowed, the token
 * still applies. Otherwise the page must be ours: a loopback origin on the same port as the request's Host,
 * the exact Host itself (for PLAYGROUND_ALLOWED_HOSTS names), or an entry of PLAYGROUND_ALLOWED_ORIGINS.
 */
export function checkOrigin(origin: string | null, host: string | null): GuardFailure | null {
  if (origin === null || isOwnOrigin(origin, host)) return null;
  if (envList("PLAYGROUND_ALLOWED_ORIGINS").includes(origin.toLowerCase())) return null;
  return guardFailure(
    "forbidden-origin",
    `Origin ${JSON.stringify(origin)} may not call the playground: only its own pages may ` +
      `(e.g. http://${host ?? "127.0.0.1:3000"}). Set PLAYGROUND_ALLOWED_ORIGINS (comma list) to allow another origin.`,
  );
}

/** The request's own Host, or a loopback origin on its port. The opaque origin "null" is not a URL: never ours. */
function isOwnOrigin(origin: string, host: string | null): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
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
      `${SESSION_HEADER} counts only on a request from the playground's own page (Sec-Fetch-Site: same-origin); ` +
        `scripts and the CLI send ${TOKEN_HEADER} (PLAYGROUND_TOKEN)`,
    );
  if (checkBrowserSecret(headers.get(SESSION_HEADER))) return null;
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
  if (req.headers.get(SESSION_HEADER) !== null) return browserSignIn(req.headers);
  return guardFailure(
    "unauthorized",
    `missing ${TOKEN_HEADER} header and no browser sign-in: a browser signs in by opening the launch URL the ` +
      `playground printed (http://127.0.0.1:<port>/#launch=…); scripts send the header (PLAYGROUND_TOKEN)`,
  );
}

/** What GET / answers, decided by the server (app.ts hands it to app/page.tsx). */
export type PageFor =
  { kind: "refused"; refusal: GuardFailure } | { kind: "playground"; hosted: boolean; credential?: string };

export function pageFor(headers: HeaderReader): PageFor {
  const refusal = checkPageHeaders(headers);
  if (refusal) return { kind: "refused", refusal };
  // Hosted mode: the page carries its credential (token.ts hostedPageToken); the hosted guards (fixed commands, SSRF,
  // limits) protect it. Local mode: the page is public and holds nothing; it signs itself in (SignInGate.tsx).
  return isHosted()
    ? { kind: "playground", hosted: true, credential: hostedPageToken() }
    : { kind: "playground", hosted: false };
}
