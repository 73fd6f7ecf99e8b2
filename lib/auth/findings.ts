/**
 * Every finding the authorization flow can raise: a stable code, its level and the spec section it rests on.
 * One home: the flow raises them by code, the CLI and the Auth view print them, the fixtures prove each fires.
 */
import { isMsg, say, type Msg } from "../i18n/translate";
import type { AuthFinding, FindingLevel } from "./types";

const AUTHZ = "2026-07-28 basic/authorization";
const DISCOVERY = "2026-07-28 basic/authorization/authorization-server-discovery";
const REGISTRATION = "2026-07-28 basic/authorization/client-registration";
const SECURITY = "2026-07-28 basic/authorization/security-considerations";

export const FINDINGS = {
  AUTH_NOT_REQUIRED: { level: "info", specRef: `${AUTHZ} §Protocol Requirements` },
  NOT_A_BEARER_CHALLENGE: {
    level: "error",
    specRef: `${DISCOVERY} §Protected Resource Metadata Discovery (RFC 6750 §3)`,
  },
  AUTH_REQUIRED_BUT_NOT_ADVERTISED: {
    level: "warning",
    specRef: `${DISCOVERY} §Protected Resource Metadata Discovery`,
  },
  NO_SCOPE_IN_CHALLENGE: { level: "info", specRef: `${AUTHZ} §Scope Selection Strategy` },
  PRM_NOT_FOUND: { level: "error", specRef: `${DISCOVERY} §Protected Resource Metadata Discovery (RFC 9728)` },
  PRM_NOT_AT_WELL_KNOWN: {
    level: "warning",
    specRef: `${DISCOVERY} §Protected Resource Metadata Discovery (RFC 9728 §3.1)`,
  },
  PRM_RESOURCE_MISMATCH: { level: "error", specRef: `${AUTHZ} §Canonical Server URI (RFC 9728 §3.3)` },
  PRM_NO_AUTHORIZATION_SERVERS: { level: "error", specRef: `${DISCOVERY} §Authorization Server Location` },
  AS_METADATA_NOT_FOUND: { level: "error", specRef: `${DISCOVERY} §Authorization Server Metadata Discovery` },
  AS_ISSUER_MISMATCH: {
    level: "error",
    specRef: `${DISCOVERY} §Authorization Server Metadata Discovery (RFC 8414 §3.3)`,
  },
  PKCE_S256_NOT_ADVERTISED: { level: "error", specRef: `${SECURITY} §Authorization Code Protection (PKCE)` },
  ISS_PARAMETER_NOT_SUPPORTED: { level: "info", specRef: `${AUTHZ} §Authorization Response Validation (RFC 9207)` },
  NO_REGISTRATION_PATH: { level: "error", specRef: `${REGISTRATION} §Registration priority` },
  DCR_DEPRECATED: { level: "info", specRef: `${REGISTRATION} §Dynamic Client Registration (deprecated)` },
  INSECURE_ENDPOINT: { level: "warning", specRef: `${SECURITY} §Communication Security` },
  STATE_MISMATCH: { level: "error", specRef: `${SECURITY} §Authorization Code Protection` },
  ISS_MISMATCH: { level: "error", specRef: `${AUTHZ} §Authorization Response Validation (RFC 9207 §2.4)` },
  AUTHORIZATION_DENIED: { level: "error", specRef: `${AUTHZ} §Authorization Flow Steps` },
  TOKEN_REQUEST_FAILED: { level: "error", specRef: `${AUTHZ} §Access Token Usage` },
  TOKEN_AUDIENCE_MISMATCH: { level: "error", specRef: `${AUTHZ} §Resource Parameter Implementation (RFC 8707)` },
  TOKEN_NOT_JWT: { level: "info", specRef: `${AUTHZ} §Token Handling` },
  AUTHENTICATED_REQUEST_FAILED: { level: "error", specRef: `${AUTHZ} §Access Token Usage` },
  TOKEN_IN_QUERY_ACCEPTED: { level: "error", specRef: `${AUTHZ} §Token Requirements (never in the query string)` },
  INVALID_TOKEN_ACCEPTED: { level: "error", specRef: `${AUTHZ} §Token Handling (servers MUST validate tokens)` },
  AUDIENCE_NOT_ENFORCED: { level: "error", specRef: `${AUTHZ} §Token Audience Binding and Validation` },
  STEP_UP_FAILED: { level: "error", specRef: `${AUTHZ} §Step-Up Authorization Flow` },
  NO_REFRESH_TOKEN: { level: "info", specRef: `${AUTHZ} §Token Handling (refresh tokens)` },
  REFRESH_FAILED: { level: "warning", specRef: `${AUTHZ} §Token Handling (refresh tokens)` },
} as const satisfies Record<string, { level: FindingLevel; specRef: string }>;

export type FindingCode = keyof typeof FINDINGS;

/**
 * A finding; its detail is a Msg (auth.finding.*: the page says it in the reader's language, `detail` keeps its
 * English for the CLI), or a string when it is a message as it came (an OAuth library's or a server's).
 */
export function finding(code: FindingCode, detail: Msg | string): AuthFinding {
  const said = isMsg(detail) ? { detail: say(detail), detailMsg: detail } : { detail };
  return { code, level: FINDINGS[code].level, ...said, specRef: FINDINGS[code].specRef };
}
