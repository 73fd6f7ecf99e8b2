/**
 * Steps 5-8 of the flow, run once and again for step-up: PKCE S256 and the authorization URL (resource, scope,
 * state), the user's login and consent (a person in a browser tab, or the demo user over HTTP), the callback
 * (state and RFC 9207 iss checked before the code is used) and the token request (code + verifier + resource).
 * The verifier and state never leave this function's closure.
 */
import { msg } from "@/lib/i18n/translate";
import * as oauth from "oauth4webapi";
import type { FindingCode } from "@/lib/auth/findings";
import { maskUrl } from "@/lib/auth/mask";
import { sameResource, tokenClaims } from "@/lib/auth/discovery";
import type { HttpAttempt } from "@/lib/auth/types";
import { AUTHZ, type FlowContext } from "../flow-context";
import type { InsecureAllowance } from "./registration";

export interface Authorizer {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  redirectUri: string;
  /** The canonical resource URI sent as `resource` (RFC 8707) in every authorization and token request. */
  resource: string;
  allowInsecure: InsecureAllowance;
}

export function tokenOptions(ctx: FlowContext, a: Authorizer, into: HttpAttempt[]) {
  return {
    ...a.allowInsecure,
    [oauth.customFetch]: ctx.http.customFetch(into),
    additionalParameters: { resource: a.resource },
  };
}

function authorizationUrl(a: Authorizer, challenge: string, state: string, scope: string | undefined): URL {
  const url = new URL(a.as.authorization_endpoint!);
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: a.client.client_id,
    redirect_uri: a.redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    resource: a.resource,
    scope,
  };
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url;
}

function callbackFailure(message: string): FindingCode {
  return /iss/i.test(message) ? "ISS_MISMATCH" : /state/i.test(message) ? "STATE_MISMATCH" : "AUTHORIZATION_DENIED";
}

/** The tokens, "needs-user" when no person took the sign-in, undefined when a step failed (recorded). */
export async function authorize(
  ctx: FlowContext,
  a: Authorizer,
  scope: string | undefined,
  label: string,
): Promise<oauth.TokenEndpointResponse | "needs-user" | undefined> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authUrl = authorizationUrl(a, await oauth.calculatePKCECodeChallenge(verifier), state, scope);
  ctx.step(
    `${label}authorization request`,
    "ok",
    msg(scope ? "auth.steps.authorizeScope" : "auth.steps.authorizeNoScope", {
      issuer: a.as.issuer,
      resource: a.resource,
      scope: scope ?? "",
    }),
    `${AUTHZ} §Resource Parameter Implementation`,
    [{ request: { method: "GET", url: authUrl.href, headers: {} } }],
    { resource: a.resource, scope: scope ?? null, expectedIssuer: a.as.issuer },
  );
  const callback = ctx.opts.login ? await ctx.opts.login(authUrl.href) : null;
  if (!callback) {
    ctx.step(
      `${label}login and consent`,
      "skipped",
      msg("auth.steps.needsUser"),
      `${AUTHZ} §Authorization Flow Steps`,
      [],
    );
    return "needs-user";
  }
  ctx.step(`${label}login and consent`, "ok", msg("auth.steps.consented"), `${AUTHZ} §Authorization Flow Steps`, []);
  const seen: HttpAttempt[] = [{ request: { method: "GET", url: maskUrl(callback), headers: {} } }];
  const validation = `${AUTHZ} §Authorization Response Validation`;
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(a.as, a.client, new URL(callback), state);
  } catch (e) {
    const message = (e as Error).message;
    ctx.raise(callbackFailure(message), message);
    ctx.step(`${label}callback`, "fail", msg("auth.steps.callbackRejected", { reason: message }), validation, seen);
    return undefined;
  }
  ctx.step(`${label}callback`, "ok", msg("auth.steps.callbackOk", { issuer: a.as.issuer }), validation, seen);
  return exchangeCode(ctx, a, params, verifier, label);
}

async function exchangeCode(
  ctx: FlowContext,
  a: Authorizer,
  params: URLSearchParams,
  verifier: string,
  label: string,
): Promise<oauth.TokenEndpointResponse | undefined> {
  const attempts: HttpAttempt[] = [];
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      a.as,
      a.client,
      oauth.None(),
      params,
      a.redirectUri,
      verifier,
      tokenOptions(ctx, a, attempts),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(a.as, a.client, response);
    const claims = tokenClaims(tokens.access_token);
    if (!claims) ctx.raise("TOKEN_NOT_JWT", msg("auth.finding.opaque"));
    else if (
      !(Array.isArray(claims.aud) ? claims.aud : [claims.aud]).some(
        (aud) => typeof aud === "string" && sameResource(aud, a.resource),
      )
    ) {
      ctx.raise(
        "TOKEN_AUDIENCE_MISMATCH",
        msg("auth.finding.audMismatch", { aud: String(JSON.stringify(claims.aud)), resource: a.resource }),
      );
    }
    const bound = claims
      ? msg("auth.steps.tokenBound", {
          aud: JSON.stringify(claims.aud),
          scope: String(claims.scope ?? tokens.scope ?? ""),
        })
      : "";
    ctx.step(
      `${label}token`,
      "ok",
      msg(tokens.refresh_token ? "auth.steps.tokenWithRefresh" : "auth.steps.token", {
        type: tokens.token_type,
        bound,
      }),
      `${AUTHZ} §Resource Parameter Implementation (RFC 8707 token request)`,
      attempts,
      {
        claims: claims ?? null,
        expires_in: tokens.expires_in ?? null,
        refresh_token: tokens.refresh_token ? "present (masked)" : "absent",
      },
    );
    return tokens;
  } catch (e) {
    ctx.raise("TOKEN_REQUEST_FAILED", (e as Error).message);
    ctx.step(
      `${label}token`,
      "fail",
      msg("auth.steps.tokenFailed", { reason: (e as Error).message }),
      `${AUTHZ} §Access Token Usage`,
      attempts,
    );
    return undefined;
  }
}
