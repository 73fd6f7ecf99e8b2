/**
 * Which user-set headers may go upstream (target headers and per-send headers). An allow-list keeps the
 * bridge from being used to forge hop-by-hop or browser-controlled headers (Host, Cookie, Content-Length …).
 */
import { SESSION_HEADER, TOKEN_HEADER } from "@/lib/bridge/contract";
import type { HeaderList } from "@/lib/protocol/http-headers";
import { isHosted } from "./target-policy";

const ALLOWED_EXACT = new Set([
  "authorization",
  "mcp-session-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "last-event-id",
  // Overriding these reproduces servers' 406 (Accept) and 415 (Content-Type) answers in the playground.
  "accept",
  "content-type",
]);
const ALLOWED_PREFIXES = ["mcp-param-", "x-"];

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export type UpstreamHeaders = { ok: true; headers: HeaderList } | { ok: false; message: string };

function describeChar(s: string): string | null {
  if (s.includes("\r")) return "a carriage return (CR)";
  if (s.includes("\n")) return "a line feed (LF)";
  if (s.includes("\0")) return "a NUL byte";
  return null;
}

export function isAllowedUpstreamHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === TOKEN_HEADER || lower === SESSION_HEADER) return false;
  return ALLOWED_EXACT.has(lower) || ALLOWED_PREFIXES.some((p) => lower.startsWith(p) && lower.length > p.length);
}

/**
 * Hosted mode also refuses the headers that proxies use to vouch for a client's address or URL: the hosted
 * bridge must not lend its own address to a forged client address (servers that trust X-Forwarded-For).
 */
const HOSTED_REFUSED = new Set([
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "x-client-ip",
  "x-original-url",
  "x-rewrite-url",
]);

function checkOne(name: string, value: string): string | null {
  const badName = describeChar(name);
  if (badName) return `header name ${JSON.stringify(name)} contains ${badName} (header injection); refused`;
  const badValue = describeChar(value);
  if (badValue) return `header ${name} has a value that contains ${badValue} (header injection); refused`;
  if (!TOKEN.test(name)) return `${JSON.stringify(name)} is not a valid HTTP header name`;
  const lower = name.toLowerCase();
  if (lower === TOKEN_HEADER || lower === SESSION_HEADER)
    return `${lower} is the bridge's own credential and is never sent upstream`;
  if (!isAllowedUpstreamHeader(name)) {
    return (
      `header ${name} may not be sent upstream; allowed: Authorization, Mcp-Session-Id, MCP-Protocol-Version, ` +
      "Mcp-Method, Mcp-Name, Mcp-Param-*, Last-Event-ID, Accept, Content-Type and X-*"
    );
  }
  if (HOSTED_REFUSED.has(lower) && isHosted())
    return `hosted mode does not forward ${name}: the bridge will not vouch for a client address or URL it did not see`;
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) return `header ${name} has a control character in its value; refused`;
  if (/[^\x00-\xff]/.test(value))
    return `header ${name} has characters outside Latin-1, which HTTP cannot carry; use the =?base64?…?= form`;
  return null;
}

/**
 * Validates the target's headers, then the per-send ones (applied after: on the same name, case-insensitively,
 * the per-send value replaces the target's, so exactly one goes upstream and the wire view shows which).
 * Per-send Authorization is allowed: the gateway view sends one request per simulated user, each with its own
 * credential; both maps come from the same caller in the same call, so neither grants more than the other.
 */
export function checkUpstreamHeaders(
  targetHeaders?: Record<string, string>,
  perSendHeaders?: Record<string, string>,
): UpstreamHeaders {
  const headers: HeaderList = [];
  for (const map of [targetHeaders, perSendHeaders]) {
    for (const [name, value] of Object.entries(map ?? {})) {
      const problem = checkOne(name, value);
      if (problem) return { ok: false, message: problem };
      headers.push([name, value]);
    }
  }
  return { ok: true, headers };
}
