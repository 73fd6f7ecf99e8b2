/** JSON-RPC and MCP error codes the playground can meet, with what they mean in 2026-07-28 (digest §0.10, §2.3, §4). */
import { englishT } from "../i18n/translate";
export interface ErrorCodeInfo {
  code: number;
  name: string;
  meaning: string;
  /** True for codes only a modern (2026-07-28) server can emit: the spec-reserved -32020..-32099 range. */
  modern: boolean;
  /** What to do next, one sentence. */
  next: string;
  /** The HTTP status a Streamable HTTP server must pair it with, when the spec fixes one. */
  http?: number;
  /** Digest section and spec page. */
  specRef: string;
  /** Retired codes: 2026-07-28 servers must not emit them. */
  retired?: { in: string; replacedBy?: string };
}

const ERRORS_REF = "§4 · basic/index.mdx";

/** A code's row: `modern` defaults to false and `specRef` to the errors page. */
type ErrorCodeRow = Omit<ErrorCodeInfo, "modern" | "specRef" | "meaning" | "next"> &
  Partial<Pick<ErrorCodeInfo, "modern" | "specRef">>;

/** A code's sentences live in the catalogues (lib/i18n/messages: errors.code.m<code>); these are the English ones. */
export const errorCodeKey = (code: number) => `errors.code.m${-code}`;

const ROWS: ErrorCodeRow[] = [
  {
    code: -32700,
    name: "Parse error",
  },
  {
    code: -32600,
    name: "Invalid request",
  },
  {
    code: -32601,
    name: "Method not found",
    http: 404,
  },
  {
    code: -32602,
    name: "Invalid params",
  },
  {
    code: -32603,
    name: "Internal error",
  },
  {
    code: -32000,
    name: "Server error (implementation-defined)",
  },
  {
    code: -32001,
    name: "Implementation-defined (legacy range)",
  },
  {
    code: -32002,
    name: "Resource not found (retired)",
    retired: { in: "2026-07-28", replacedBy: "-32602" },
    specRef: "§10.2 · server/resources.mdx",
  },
  {
    code: -32003,
    name: "Implementation-defined (legacy range)",
  },
  {
    code: -32004,
    name: "Implementation-defined (legacy range)",
  },
  {
    code: -32020,
    name: "HeaderMismatch",
    modern: true,
    http: 400,
    specRef: "§9.2 · basic/transports/streamable-http.mdx",
  },
  {
    code: -32021,
    name: "MissingRequiredClientCapability",
    modern: true,
    http: 400,
  },
  {
    code: -32022,
    name: "UnsupportedProtocolVersion",
    modern: true,
    http: 400,
    specRef: "§2.2 · basic/versioning.mdx",
  },
  {
    code: -32042,
    name: "URL elicitation required (retired)",
    retired: { in: "2026-07-28", replacedBy: "input_required + elicitation/create (mode url)" },
  },
];

export const ERROR_CODES: Record<number, ErrorCodeInfo> = Object.fromEntries(
  ROWS.map((row) => [
    row.code,
    {
      modern: false,
      specRef: ERRORS_REF,
      ...row,
      meaning: englishT(`${errorCodeKey(row.code)}.meaning`),
      next: englishT(`${errorCodeKey(row.code)}.next`),
    },
  ]),
);

export function errorCodeName(code: number): string {
  return ERROR_CODES[code]?.name ?? (code >= -32099 && code <= -32000 ? "server error" : "error");
}

/** A recognised modern error (digest AMBIG-2): only these prove a server speaks 2026-07-28. */
export function isModernErrorCode(code: number): boolean {
  return code === -32020 || code === -32021 || code === -32022;
}

/** Which part of the JSON-RPC error space a code belongs to (spec error-code allocation policy). */
export function errorCodeRange(
  code: number,
): "jsonrpc" | "legacy-implementation" | "mcp-reserved" | "server-error" | "application" {
  if (code === -32700 || (code >= -32603 && code <= -32600)) return "jsonrpc";
  if (code >= -32019 && code <= -32000) return "legacy-implementation";
  if (code >= -32099 && code <= -32020) return "mcp-reserved";
  if (code >= -32768 && code <= -32000) return "server-error";
  return "application";
}
