/**
 * Steps 1-3 of the flow: the unauthenticated request and its WWW-Authenticate challenge, protected resource
 * metadata (every URL of the spec's order tried and recorded), and authorization server metadata (OAuth and OIDC
 * forms, path-aware, exact issuer match, S256 required). Each returns what the next step needs, or the ended run.
 */
import { msg } from "@/lib/i18n/translate";
import type * as oauth from "oauth4webapi";
import { bearerChallenge } from "@/lib/auth/www-authenticate";
import { asMetadataCandidates, canonicalResource, isLoopback, prmCandidates, sameResource } from "@/lib/auth/discovery";
import type { HttpAttempt, StepStatus } from "@/lib/auth/types";
import { parseJson } from "../flow-http";
import { AUTHZ, DISCOVERY, type AuthSession, type FlowContext } from "../flow-context";

export type Stop = { stop: AuthSession };
type Challenge = NonNullable<ReturnType<typeof bearerChallenge>>;

function insecure(href: string): boolean {
  const url = new URL(href);
  return url.protocol === "http:" && !isLoopback(url);
}

/** 1. The unauthenticated request: a 401 with a Bearer challenge is what a protected server must answer. */
export async function probe(ctx: FlowContext): Promise<Stop | { challenge: Challenge | null }> {
  const attempts: HttpAttempt[] = [];
  const first = await ctx.mcp(attempts, ctx.listFrame);
  const name = "unauthenticated request";
  if (!first.response) {
    ctx.step(
      name,
      "fail",
      msg("auth.steps.noAnswer", { error: String(attempts[0].error) }),
      `${AUTHZ} §Authorization Flow Steps`,
      attempts,
    );
    return { stop: ctx.done("failed") };
  }
  if (first.response.status !== 401) {
    const ok = first.response.ok;
    const detail = msg(ok ? "auth.steps.notProtected" : "auth.steps.not401", { status: first.response.status });
    ctx.step(name, ok ? "ok" : "fail", detail, `${AUTHZ} §Protocol Requirements`, attempts);
    if (!ok) return { stop: ctx.done("failed") };
    ctx.raise("AUTH_NOT_REQUIRED", msg("auth.finding.notRequired"));
    return { stop: ctx.done("authenticated") };
  }
  const header = first.response.headers.get("www-authenticate");
  const challenge = bearerChallenge(header);
  ctx.step(
    name,
    challenge ? "ok" : "fail",
    challenge
      ? msg("auth.steps.challenge", {
          metadata: challenge.resource_metadata
            ? msg("auth.steps.pointsTo", { url: challenge.resource_metadata })
            : msg("auth.steps.isAbsent"),
          scope: challenge.scope ? `"${challenge.scope}"` : msg("auth.steps.isAbsent"),
        })
      : header
        ? msg("auth.steps.noBearerGot", { header: JSON.stringify(header.slice(0, 120)) })
        : msg("auth.steps.noBearer"),
    `${DISCOVERY} §Protected Resource Metadata Discovery`,
    attempts,
    { challenge: challenge ?? null },
  );
  if (!challenge) ctx.raise("NOT_A_BEARER_CHALLENGE", msg("auth.finding.notBearer"));
  if (challenge && !challenge.scope) ctx.raise("NO_SCOPE_IN_CHALLENGE", msg("auth.finding.noScope"));
  return { challenge: challenge ?? null };
}

export interface ResourceMetadata {
  issuer: string;
  scopesSupported: string[];
}

/** 2. Protected resource metadata (RFC 9728): the header's URL, then the path-aware and root well-known URLs. */
export async function resourceMetadata(
  ctx: FlowContext,
  challenge: Challenge | null,
): Promise<Stop | ResourceMetadata> {
  const attempts: HttpAttempt[] = [];
  const candidates = prmCandidates(ctx.target, challenge?.resource_metadata);
  let prm: Record<string, unknown> | undefined;
  let prmUrl: string | undefined;
  for (const candidate of candidates) {
    const { response, text } = await ctx.http.exchange(attempts, candidate, {
      headers: { Accept: "application/json" },
    });
    prm = response?.ok ? parseJson(text) : undefined;
    if (prm) {
      prmUrl = candidate;
      break;
    }
  }
  const name = "protected resource metadata";
  const specRef = `${DISCOVERY} §Protected Resource Metadata Discovery`;
  if (!challenge?.resource_metadata && prm)
    ctx.raise("AUTH_REQUIRED_BUT_NOT_ADVERTISED", msg("auth.finding.prmGuessed", { url: String(prmUrl) }));
  if (!prm) {
    ctx.raise("PRM_NOT_FOUND", msg("auth.finding.prmNotFound", { urls: candidates.join(", ") }));
    ctx.step(name, "fail", msg("auth.steps.prmNotFound"), specRef, attempts);
    return { stop: ctx.done("failed") };
  }
  const servers = Array.isArray(prm.authorization_servers)
    ? prm.authorization_servers.filter((s): s is string => typeof s === "string")
    : [];
  const resource = typeof prm.resource === "string" ? prm.resource : undefined;
  let status: StepStatus = "ok";
  if (!resource || !sameResource(resource, ctx.target)) {
    ctx.raise(
      "PRM_RESOURCE_MISMATCH",
      msg("auth.finding.prmResourceMismatch", {
        resource: JSON.stringify(resource ?? null),
        endpoint: canonicalResource(ctx.target),
      }),
    );
    status = "fail";
  }
  if (servers.length === 0) {
    ctx.raise("PRM_NO_AUTHORIZATION_SERVERS", msg("auth.finding.noAuthServers"));
    status = "fail";
  }
  const scopesSupported = Array.isArray(prm.scopes_supported)
    ? prm.scopes_supported.filter((s): s is string => typeof s === "string")
    : [];
  ctx.step(
    name,
    status,
    status === "ok"
      ? msg("auth.steps.prmFound", { url: String(prmUrl), attempts: attempts.length, server: servers[0] })
      : msg("auth.steps.prmUnusable"),
    `${specRef} (RFC 9728)`,
    attempts,
    { resource, authorization_servers: servers, scopes_supported: scopesSupported },
  );
  return status === "fail" ? { stop: ctx.done("failed") } : { issuer: servers[0], scopesSupported };
}

/** 3. Authorization server metadata: the first document whose issuer is exactly the one looked up; S256 required. */
export async function serverMetadata(
  ctx: FlowContext,
  issuer: string,
): Promise<Stop | { as: oauth.AuthorizationServer }> {
  const attempts: HttpAttempt[] = [];
  let as: oauth.AuthorizationServer | undefined;
  for (const candidate of asMetadataCandidates(issuer)) {
    const { response, text } = await ctx.http.exchange(attempts, candidate, {
      headers: { Accept: "application/json" },
    });
    const doc = response?.ok ? parseJson(text) : undefined;
    if (!doc) continue;
    if (doc.issuer !== issuer) {
      ctx.raise(
        "AS_ISSUER_MISMATCH",
        msg("auth.finding.issuerMismatch", {
          url: candidate,
          said: String(JSON.stringify(doc.issuer)),
          issuer: JSON.stringify(issuer),
        }),
      );
      continue;
    }
    as = doc as unknown as oauth.AuthorizationServer;
    break;
  }
  const name = "authorization server metadata";
  const specRef = `${DISCOVERY} §Authorization Server Metadata Discovery`;
  if (!as) {
    if (!ctx.has("AS_ISSUER_MISMATCH")) ctx.raise("AS_METADATA_NOT_FOUND", msg("auth.finding.asNotFound", { issuer }));
    ctx.step(name, "fail", msg("auth.steps.asNotFound"), specRef, attempts);
    return { stop: ctx.done("failed") };
  }
  const s256 =
    Array.isArray(as.code_challenge_methods_supported) && as.code_challenge_methods_supported.includes("S256");
  if (!s256)
    ctx.raise(
      "PKCE_S256_NOT_ADVERTISED",
      msg("auth.finding.noS256", { methods: JSON.stringify(as.code_challenge_methods_supported ?? null) }),
    );
  if (!as.authorization_response_iss_parameter_supported)
    ctx.raise("ISS_PARAMETER_NOT_SUPPORTED", msg("auth.finding.noIss"));
  for (const key of ["authorization_endpoint", "token_endpoint"] as const) {
    if (typeof as[key] === "string" && insecure(as[key]!))
      ctx.raise("INSECURE_ENDPOINT", msg("auth.finding.insecure", { key, url: String(as[key]) }));
  }
  ctx.step(
    name,
    s256 ? "ok" : "fail",
    s256 ? msg("auth.steps.asFound", { issuer }) : msg("auth.steps.noS256"),
    specRef,
    attempts,
    {
      issuer: as.issuer,
      code_challenge_methods_supported: as.code_challenge_methods_supported ?? null,
      authorization_response_iss_parameter_supported: as.authorization_response_iss_parameter_supported ?? false,
      client_id_metadata_document_supported:
        (as as Record<string, unknown>).client_id_metadata_document_supported ?? false,
      registration_endpoint: as.registration_endpoint ?? null,
      token_endpoint_auth_methods_supported: as.token_endpoint_auth_methods_supported ?? null,
    },
  );
  return s256 ? { as } : { stop: ctx.done("failed") };
}
