/**
 * Which user-set headers may go upstream (target headers and per-send headers). An allow-list keeps the
 * bridge from being used to forge hop-by-hop or browser-controlled headers (Host, Cookie, Content-Length …).
 */
import { TOKEN_HEADER } from "../contract";
import type { HeaderList } from "@/lib/protocol/http-headers";

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
  if (lower === TOKEN_HEADER) return false;
  return ALLOWED_EXACT.has(lower) || ALLOWED_PREFIXES.some((p) => lower.startsWith(p) && lower.length > p.length);
}

/** Validates one or more header maps (in order; later ones are applied after earlier ones). */
export function checkUpstreamHeaders(...maps: (Record<string, string> | undefined)[]): UpstreamHeaders {
  const headers: HeaderList = [];
  for (const map of maps) {
    for (const [name, value] of Object.entries(map ?? {})) {
      const badName = describeChar(name);
      if (badName) return { ok: false, message: `header name ${JSON.stringify(name)} contains ${badName} (header injection); refused` };
      const badValue = describeChar(value);
      if (badValue) return { ok: false, message: `header ${name} has a value that contains ${badValue} (header injection); refused` };
      if (!TOKEN.test(name)) return { ok: false, message: `${JSON.stringify(name)} is not a valid HTTP header name` };
      if (name.toLowerCase() === TOKEN_HEADER) {
        return { ok: false, message: `${TOKEN_HEADER} is the bridge's own credential and is never sent upstream` };
      }
      if (!isAllowedUpstreamHeader(name)) {
        return {
          ok: false,
          message:
            `header ${name} may not be sent upstream; allowed: Authorization, Mcp-Session-Id, MCP-Protocol-Version, ` +
            "Mcp-Method, Mcp-Name, Mcp-Param-*, Last-Event-ID, Accept, Content-Type and X-*",
        };
      }
      if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value)) return { ok: false, message: `header ${name} has a control character in its value; refused` };
      if (/[^\x00-\xff]/.test(value)) {
        return { ok: false, message: `header ${name} has characters outside Latin-1, which HTTP cannot carry; use the =?base64?…?= form` };
      }
      headers.push([name, value]);
    }
  }
  return { ok: true, headers };
}
