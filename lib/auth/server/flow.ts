/**
 * The MCP authorization flow (2026-07-28) as recorded steps: every HTTP exchange kept (secrets masked), each
 * step explained in one sentence with its spec section, and findings with codes. The client side uses
 * oauth4webapi (PKCE, the RFC 9207 callback check, the token and refresh requests); discovery is done here by
 * hand so that every attempt of the spec's URL matrix is recorded, not only the one that answered.
 * In hosted mode every request passes the SSRF guard first. Pure logic: no React, no process state.
 */
import * as oauth from "oauth4webapi";
import { admitHttpUrl, isHosted } from "@/lib/bridge/server/policy";
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";
import { bearerChallenge } from "../www-authenticate";
import { finding, type FindingCode } from "../findings";
import { maskBody, maskHeaders, maskUrl } from "../mask";
import { asMetadataCandidates, canonicalResource, isLoopback, prmCandidates, sameResource, tokenClaims } from "../discovery";
import type { AuthFinding, AuthRun, AuthStep, HttpAttempt, RawResponse, StepStatus } from "../types";

const AUTHZ = "2026-07-28 basic/authorization";
const DISCOVERY = "2026-07-28 basic/authorization/authorization-server-discovery";
const REGISTRATION = "2026-07-28 basic/authorization/client-registration";
const BODY_LIMIT = 64 * 1024;

export interface AuthFlowOptions {
  /** The MCP endpoint. */
  target: string;
  /** Scopes to ask for instead of the challenge's / the metadata's. */
  scope?: string;
  /** A pre-registered client ID (the first registration choice). */
  clientId?: string;
  redirectUri?: string;
  /** The user's part: open the authorization URL, return the callback URL it ended on (null: a person must do it). */
  login?: (authorizationUrl: string) => Promise<string | null>;
  /** A request needing more scope than the first token has (the step-up lesson), sent after tools/list. */
  stepUpFrame?: Record<string, unknown>;
  /** Origins reached even in hosted mode: the playground's own embedded demo servers on loopback, nothing else. */
  trustedOrigins?: string[];
  timeoutMs?: number;
}

/** What a finished run holds besides its record: the tokens, for a caller that goes on (never printed). */
export interface AuthSession {
  run: AuthRun;
  accessToken?: string;
  refreshToken?: string;
  scope?: string;
}

type Frame = Record<string, unknown>;

function mcpFrame(method: string, params: Frame = {}, id: number = 1): Frame {
  return { jsonrpc: "2.0", id, method, params: { ...params, _meta: buildEnvelope() } };
}

class Http {
  constructor(private readonly opts: AuthFlowOptions) {}

  /** One exchange, recorded (masked) into `into`; a refusal by the SSRF guard or a network error is recorded too. */
  async exchange(into: HttpAttempt[], href: string, init: RequestInit = {}): Promise<{ response?: Response; text?: string }> {
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    const requestBody = typeof init.body === "string" ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : undefined;
    const attempt: HttpAttempt = {
      request: { method, url: maskUrl(href), headers: maskHeaders(headers), body: maskBody(requestBody, headers.get("content-type") ?? "") },
    };
    into.push(attempt);
    const trusted = this.opts.trustedOrigins?.includes(new URL(href).origin) ?? false;
    const admitted = isHosted() && !trusted ? await admitHttpUrl(href) : { ok: true as const };
    if (!admitted.ok) {
      attempt.error = `refused before sending: ${admitted.message}`;
      return {};
    }
    try {
      const response = await fetch(href, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
      const text = await boundedText(response);
      const raw: RawResponse = { status: response.status, headers: maskHeaders(response.headers), body: maskBody(text, response.headers.get("content-type") ?? "") };
      attempt.response = raw;
      return { response: new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers }), text };
    } catch (e) {
      attempt.error = (e as Error).name === "TimeoutError" ? `no answer within ${this.opts.timeoutMs ?? 10_000} ms` : `network error: ${(e as Error).message}`;
      return {};
    }
  }

  /** The fetch oauth4webapi calls, recording into `into`. */
  customFetch(into: HttpAttempt[]): (url: string, options: oauth.CustomFetchOptions<string, unknown>) => Promise<Response> {
    return async (url, options) => {
      const { response } = await this.exchange(into, url, { method: options.method, headers: options.headers, body: options.body as string | undefined });
      if (!response) throw new Error(into[into.length - 1]?.error ?? "no response");
      return response;
    };
  }
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > BODY_LIMIT) {
      await reader.cancel();
      break;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text ?? "") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function runAuthFlow(opts: AuthFlowOptions): Promise<AuthSession> {
  const steps: AuthStep[] = [];
  const findings: AuthFinding[] = [];
  const http = new Http(opts);
  const target = opts.target;
  const raise = (code: FindingCode, detail: string) => findings.push(finding(code, detail));
  const step = (name: string, status: StepStatus, detail: string, specRef: string, attempts: HttpAttempt[], facts?: Record<string, unknown>) => {
    const main = [...attempts].reverse().find((a) => a.response) ?? attempts[attempts.length - 1];
    const s: AuthStep = { name, status, detail, specRef, request: main?.request, response: main?.response, facts };
    if (attempts.length > 1) s.attempts = attempts;
    steps.push(s);
    return s;
  };
  const done = (outcome: AuthRun["outcome"], extra: Partial<AuthSession> = {}, authorizationUrl?: string): AuthSession => ({
    run: { target, steps, findings, outcome, ...(authorizationUrl ? { authorizationUrl } : {}) },
    ...extra,
  });
  const mcp = async (into: HttpAttempt[], frame: Frame, token?: string, href = target) => {
    const headers = new Headers(impliedHeaders(frame).headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return http.exchange(into, href, { method: "POST", headers, body: JSON.stringify(frame) });
  };
  const insecure = (href: string) => {
    const url = new URL(href);
    return url.protocol === "http:" && !isLoopback(url);
  };

  // 1. The unauthenticated request.
  const probe: HttpAttempt[] = [];
  const listFrame = mcpFrame("tools/list");
  const first = await mcp(probe, listFrame);
  if (!first.response) {
    step("unauthenticated request", "fail", `The MCP endpoint did not answer: ${probe[0].error}.`, `${AUTHZ} §Authorization Flow Steps`, probe);
    return done("failed");
  }
  if (first.response.status !== 401) {
    const ok = first.response.ok;
    step(
      "unauthenticated request",
      ok ? "ok" : "fail",
      ok
        ? `The server answered ${first.response.status} without a token: it does not ask for authorization.`
        : `The server answered ${first.response.status}, not 401: a protected MCP server signals a missing token with 401 and WWW-Authenticate.`,
      `${AUTHZ} §Protocol Requirements`,
      probe,
    );
    if (ok) {
      raise("AUTH_NOT_REQUIRED", "the endpoint answered a request without a token");
      return done("authenticated");
    }
    return done("failed");
  }
  const header = first.response.headers.get("www-authenticate");
  const challenge = bearerChallenge(header);
  step(
    "unauthenticated request",
    challenge ? "ok" : "fail",
    challenge
      ? `401 with a Bearer challenge: resource_metadata ${challenge.resource_metadata ? `points to ${challenge.resource_metadata}` : "is absent"}, scope ${challenge.scope ? `"${challenge.scope}"` : "is absent"}.`
      : `401 without a Bearer challenge in WWW-Authenticate${header ? ` (got ${JSON.stringify(header.slice(0, 120))})` : ""}.`,
    `${DISCOVERY} §Protected Resource Metadata Discovery`,
    probe,
    { challenge: challenge ?? null },
  );
  if (!challenge) raise("NOT_A_BEARER_CHALLENGE", "the 401 carries no WWW-Authenticate: Bearer challenge");
  if (challenge && !challenge.scope) raise("NO_SCOPE_IN_CHALLENGE", "the 401 challenge names no scope; the client falls back to scopes_supported");

  // 2. Protected resource metadata.
  const prmAttempts: HttpAttempt[] = [];
  let prm: Record<string, unknown> | undefined;
  let prmUrl: string | undefined;
  for (const candidate of prmCandidates(target, challenge?.resource_metadata)) {
    const { response, text } = await http.exchange(prmAttempts, candidate, { headers: { Accept: "application/json" } });
    const doc = response?.ok ? parseJson(text) : undefined;
    if (doc) {
      prm = doc;
      prmUrl = candidate;
      break;
    }
  }
  if (!challenge?.resource_metadata) {
    if (prm) raise("AUTH_REQUIRED_BUT_NOT_ADVERTISED", `the 401 names no resource_metadata; the metadata was found only by trying ${prmUrl}`);
  }
  if (!prm) {
    raise("PRM_NOT_FOUND", `no protected resource metadata at ${prmCandidates(target, challenge?.resource_metadata).join(", ")}`);
    step("protected resource metadata", "fail", "No URL of the discovery order returned RFC 9728 metadata, so the client cannot learn which authorization server to use.", `${DISCOVERY} §Protected Resource Metadata Discovery`, prmAttempts);
    return done("failed");
  }
  const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers.filter((s): s is string => typeof s === "string") : [];
  const resource = typeof prm.resource === "string" ? prm.resource : undefined;
  let prmStatus: StepStatus = "ok";
  if (!resource || !sameResource(resource, target)) {
    raise("PRM_RESOURCE_MISMATCH", `metadata resource ${JSON.stringify(resource ?? null)} is not this endpoint ${canonicalResource(target)}`);
    prmStatus = "fail";
  }
  if (servers.length === 0) {
    raise("PRM_NO_AUTHORIZATION_SERVERS", "authorization_servers is missing or empty");
    prmStatus = "fail";
  }
  const scopesSupported = Array.isArray(prm.scopes_supported) ? prm.scopes_supported.filter((s): s is string => typeof s === "string") : [];
  step(
    "protected resource metadata",
    prmStatus,
    prmStatus === "ok"
      ? `Found at ${prmUrl} after ${prmAttempts.length} attempt(s): resource matches, authorization server ${servers[0]}.`
      : "The metadata was found but cannot be used as is (see the findings).",
    `${DISCOVERY} §Protected Resource Metadata Discovery (RFC 9728)`,
    prmAttempts,
    { resource, authorization_servers: servers, scopes_supported: scopesSupported },
  );
  if (prmStatus === "fail") return done("failed");
  const resourceParam = canonicalResource(target);

  // 3. Authorization server metadata.
  const issuer = servers[0];
  const asAttempts: HttpAttempt[] = [];
  let as: oauth.AuthorizationServer | undefined;
  for (const candidate of asMetadataCandidates(issuer)) {
    const { response, text } = await http.exchange(asAttempts, candidate, { headers: { Accept: "application/json" } });
    const doc = response?.ok ? parseJson(text) : undefined;
    if (!doc) continue;
    if (doc.issuer !== issuer) {
      raise("AS_ISSUER_MISMATCH", `${candidate} says issuer ${JSON.stringify(doc.issuer)}, but the metadata was looked up for ${JSON.stringify(issuer)} (they must be identical)`);
      continue;
    }
    as = doc as unknown as oauth.AuthorizationServer;
    break;
  }
  if (!as) {
    if (!findings.some((f) => f.code === "AS_ISSUER_MISMATCH")) raise("AS_METADATA_NOT_FOUND", `no authorization server metadata for ${issuer}`);
    step("authorization server metadata", "fail", "No discovery URL returned usable metadata for this issuer (OAuth 2.0 and OpenID Connect forms tried in order).", `${DISCOVERY} §Authorization Server Metadata Discovery`, asAttempts);
    return done("failed");
  }
  const s256 = Array.isArray(as.code_challenge_methods_supported) && as.code_challenge_methods_supported.includes("S256");
  if (!s256) raise("PKCE_S256_NOT_ADVERTISED", `code_challenge_methods_supported is ${JSON.stringify(as.code_challenge_methods_supported ?? null)}; a client MUST refuse to proceed without S256`);
  if (!as.authorization_response_iss_parameter_supported) raise("ISS_PARAMETER_NOT_SUPPORTED", "the authorization server does not advertise iss in authorization responses (RFC 9207)");
  for (const key of ["authorization_endpoint", "token_endpoint"] as const) {
    if (typeof as[key] === "string" && insecure(as[key]!)) raise("INSECURE_ENDPOINT", `${key} ${as[key]} is not HTTPS`);
  }
  step(
    "authorization server metadata",
    s256 ? "ok" : "fail",
    s256 ? `Issuer ${issuer} matches exactly, PKCE S256 is supported.` : "The authorization server does not advertise PKCE S256, so the flow stops here.",
    `${DISCOVERY} §Authorization Server Metadata Discovery`,
    asAttempts,
    {
      issuer: as.issuer,
      code_challenge_methods_supported: as.code_challenge_methods_supported ?? null,
      authorization_response_iss_parameter_supported: as.authorization_response_iss_parameter_supported ?? false,
      client_id_metadata_document_supported: (as as Record<string, unknown>).client_id_metadata_document_supported ?? false,
      registration_endpoint: as.registration_endpoint ?? null,
      token_endpoint_auth_methods_supported: as.token_endpoint_auth_methods_supported ?? null,
    },
  );
  if (!s256) return done("failed");
  const allowInsecure = { [oauth.allowInsecureRequests]: [as.token_endpoint, as.registration_endpoint].every((e) => !e || isLoopback(new URL(e))) };

  // 4. Registration: pre-registered → client ID metadata document → dynamic registration (deprecated).
  const redirectUri = opts.redirectUri ?? "http://127.0.0.1/callback";
  const regAttempts: HttpAttempt[] = [];
  let client: oauth.Client | undefined;
  if (opts.clientId) {
    client = { client_id: opts.clientId, token_endpoint_auth_method: "none" };
    step("registration", "ok", `Pre-registered client ${opts.clientId} (the first choice when the client already has one for this issuer).`, `${REGISTRATION} §Pre-registration`, regAttempts, { method: "pre-registered", client_id: opts.clientId });
  } else if (as.registration_endpoint) {
    const cimd = (as as Record<string, unknown>).client_id_metadata_document_supported === true;
    const metadata = {
      client_name: "MCP Playground",
      application_type: "native",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
    try {
      const response = await oauth.dynamicClientRegistrationRequest(as, metadata, { ...allowInsecure, [oauth.customFetch]: http.customFetch(regAttempts) });
      const registered = await oauth.processDynamicClientRegistrationResponse(response);
      client = { client_id: registered.client_id, token_endpoint_auth_method: "none" };
      raise("DCR_DEPRECATED", "the client registered through dynamic client registration, deprecated in 2026-07-28 in favour of client ID metadata documents");
      step(
        "registration",
        "warn",
        `Dynamic client registration gave client ${registered.client_id} (deprecated; ${cimd ? "this AS also accepts client ID metadata documents, which need an HTTPS URL this run cannot host" : "the AS offers no client ID metadata documents"}).`,
        `${REGISTRATION} §Dynamic Client Registration`,
        regAttempts,
        { method: "dynamic (deprecated)", client_id: registered.client_id },
      );
    } catch (e) {
      raise("NO_REGISTRATION_PATH", `dynamic registration failed: ${(e as Error).message}`);
      step("registration", "fail", `Dynamic client registration failed: ${(e as Error).message}.`, `${REGISTRATION} §Dynamic Client Registration`, regAttempts);
      return done("failed");
    }
  } else {
    const cimd = (as as Record<string, unknown>).client_id_metadata_document_supported === true;
    raise(
      "NO_REGISTRATION_PATH",
      cimd
        ? "the AS accepts only client ID metadata documents: give --client-id with the HTTPS URL of your client's metadata document"
        : "no client ID given, no client ID metadata document support and no registration_endpoint: the client cannot get a client_id",
    );
    step("registration", "fail", "There is no way for this client to obtain a client_id (see the finding).", `${REGISTRATION} §Registration priority`, regAttempts);
    return done("failed");
  }

  const tokenOptions = (into: HttpAttempt[]) => ({ ...allowInsecure, [oauth.customFetch]: http.customFetch(into), additionalParameters: { resource: resourceParam } });

  /** Steps 5-8: authorization URL, the user's part, the callback and the token; undefined when it stopped. */
  const authorize = async (scope: string | undefined, label: string): Promise<oauth.TokenEndpointResponse | "needs-user" | undefined> => {
    const verifier = oauth.generateRandomCodeVerifier();
    const challengeValue = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();
    const authUrl = new URL(as!.authorization_endpoint!);
    authUrl.searchParams.set("response_type", "code");
    authUrl.searchParams.set("client_id", client!.client_id);
    authUrl.searchParams.set("redirect_uri", redirectUri);
    authUrl.searchParams.set("code_challenge", challengeValue);
    authUrl.searchParams.set("code_challenge_method", "S256");
    authUrl.searchParams.set("state", state);
    authUrl.searchParams.set("resource", resourceParam);
    if (scope) authUrl.searchParams.set("scope", scope);
    step(
      `${label}authorization request`,
      "ok",
      `PKCE S256 challenge made (the verifier stays with the client), state generated, issuer ${as!.issuer} recorded; resource=${resourceParam}${scope ? `, scope="${scope}"` : ", no scope"}.`,
      `${AUTHZ} §Resource Parameter Implementation`,
      [{ request: { method: "GET", url: authUrl.href, headers: {} } }],
      { resource: resourceParam, scope: scope ?? null, expectedIssuer: as!.issuer },
    );
    const callback = opts.login ? await opts.login(authUrl.href) : null;
    if (!callback) {
      step(`${label}login and consent`, "skipped", "A person must open the authorization URL, sign in and consent; the run stops here.", `${AUTHZ} §Authorization Flow Steps`, []);
      return "needs-user";
    }
    step(`${label}login and consent`, "ok", "The user signed in at the authorization server and consented; it redirected to the callback with code, state and iss.", `${AUTHZ} §Authorization Flow Steps`, []);
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as!, client!, new URL(callback), state);
    } catch (e) {
      const message = (e as Error).message;
      const code: FindingCode = /iss/i.test(message) ? "ISS_MISMATCH" : /state/i.test(message) ? "STATE_MISMATCH" : "AUTHORIZATION_DENIED";
      raise(code, message);
      step(`${label}callback`, "fail", `The callback was rejected before any code was used: ${message}.`, `${AUTHZ} §Authorization Response Validation`, [{ request: { method: "GET", url: maskUrl(callback), headers: {} } }]);
      return undefined;
    }
    step(`${label}callback`, "ok", `state matches and iss equals the recorded issuer ${as!.issuer}; the code may go to the token endpoint.`, `${AUTHZ} §Authorization Response Validation`, [
      { request: { method: "GET", url: maskUrl(callback), headers: {} } },
    ]);
    const tokenAttempts: HttpAttempt[] = [];
    try {
      const response = await oauth.authorizationCodeGrantRequest(as!, client!, oauth.None(), params, redirectUri, verifier, tokenOptions(tokenAttempts));
      const tokens = await oauth.processAuthorizationCodeResponse(as!, client!, response);
      const claims = tokenClaims(tokens.access_token);
      if (!claims) raise("TOKEN_NOT_JWT", "the access token is opaque: its audience and scope cannot be read by the client");
      else if (!(Array.isArray(claims.aud) ? claims.aud : [claims.aud]).some((a) => typeof a === "string" && sameResource(a, resourceParam))) {
        raise("TOKEN_AUDIENCE_MISMATCH", `the token's aud ${JSON.stringify(claims.aud)} is not the resource ${resourceParam}`);
      }
      step(
        `${label}token`,
        "ok",
        `Code + code_verifier + resource exchanged for a ${tokens.token_type} token${claims ? ` for aud ${JSON.stringify(claims.aud)}, scope "${claims.scope ?? tokens.scope ?? ""}"` : ""}${tokens.refresh_token ? ", with a refresh token" : ""}.`,
        `${AUTHZ} §Resource Parameter Implementation (RFC 8707 token request)`,
        tokenAttempts,
        { claims: claims ?? null, expires_in: tokens.expires_in ?? null, refresh_token: tokens.refresh_token ? "present (masked)" : "absent" },
      );
      return tokens;
    } catch (e) {
      raise("TOKEN_REQUEST_FAILED", (e as Error).message);
      step(`${label}token`, "fail", `The token request failed: ${(e as Error).message}.`, `${AUTHZ} §Access Token Usage`, tokenAttempts);
      return undefined;
    }
  };

  const scope = opts.scope ?? challenge?.scope ?? (scopesSupported.length ? scopesSupported.join(" ") : undefined);
  const tokens = await authorize(scope, "");
  if (tokens === "needs-user") {
    const urlStep = steps.find((s) => s.name === "authorization request");
    return done("needs-user", {}, urlStep?.request?.url);
  }
  if (!tokens) return done("failed");
  let accessToken = tokens.access_token;
  let refreshToken = tokens.refresh_token;
  let heldScope = tokens.scope ?? (tokenClaims(accessToken)?.scope as string | undefined) ?? scope;

  // 9. The authenticated MCP request.
  const authed: HttpAttempt[] = [];
  const listed = await mcp(authed, listFrame, accessToken);
  if (!listed.response?.ok) {
    raise("AUTHENTICATED_REQUEST_FAILED", `tools/list with the new token answered ${listed.response?.status ?? authed[0].error}`);
    step("authenticated request", "fail", `tools/list with the token failed (${listed.response?.status ?? authed[0].error}).`, `${AUTHZ} §Access Token Usage`, authed);
    return done("failed", { accessToken, refreshToken, scope: heldScope });
  }
  step("authenticated request", "ok", "tools/list with Authorization: Bearer succeeded: the server accepted a token issued for it.", `${AUTHZ} §Access Token Usage`, authed);

  // Negative checks a client can make from outside: a token in the query string, a token that is not one.
  const negative: HttpAttempt[] = [];
  const inQuery = new URL(target);
  inQuery.searchParams.set("access_token", accessToken);
  const q = await mcp(negative, listFrame, undefined, inQuery.href);
  if (q.response?.ok) raise("TOKEN_IN_QUERY_ACCEPTED", "the server accepted the access token from the query string (it must only read the Authorization header)");
  const forged = await mcp(negative, listFrame, "not-a-token-issued-by-anyone");
  if (forged.response?.ok) raise("INVALID_TOKEN_ACCEPTED", "the server accepted a bearer token no authorization server issued: it does not validate tokens, so it cannot be enforcing their audience");
  const negOk = !q.response?.ok && !forged.response?.ok;
  step(
    "token handling checks",
    negOk ? "ok" : "fail",
    negOk ? "A token in the query string and a made-up token were both refused." : "The server accepted what it must refuse (see the findings).",
    `${AUTHZ} §Token Handling`,
    negative,
  );

  // 10. Step-up on 403 insufficient_scope, with the union of held and challenged scopes (one retry).
  if (opts.stepUpFrame) {
    const upAttempts: HttpAttempt[] = [];
    const tried = await mcp(upAttempts, opts.stepUpFrame, accessToken);
    const up = bearerChallenge(tried.response?.headers.get("www-authenticate"));
    if (tried.response?.status === 403 && up?.error === "insufficient_scope") {
      const union = [...new Set([...(heldScope ?? "").split(" "), ...(up.scope ?? "").split(" ")].filter(Boolean))].join(" ");
      step("step-up challenge", "ok", `403 insufficient_scope: the server needs "${up.scope}"; re-authorizing with the union "${union}".`, `${AUTHZ} §Step-Up Authorization Flow`, upAttempts, { held: heldScope, challenged: up.scope, union });
      const more = await authorize(union, "step-up: ");
      if (more === "needs-user") return done("needs-user", { accessToken, refreshToken, scope: heldScope }, steps.at(-2)?.request?.url);
      if (!more) {
        raise("STEP_UP_FAILED", "re-authorization with the union of scopes failed");
        return done("failed", { accessToken, refreshToken, scope: heldScope });
      }
      accessToken = more.access_token;
      refreshToken = more.refresh_token ?? refreshToken;
      heldScope = more.scope ?? (tokenClaims(accessToken)?.scope as string | undefined) ?? union;
      const retry: HttpAttempt[] = [];
      const again = await mcp(retry, opts.stepUpFrame, accessToken);
      if (!again.response?.ok) raise("STEP_UP_FAILED", `the retried request answered ${again.response?.status ?? retry[0].error}`);
      step("step-up retry", again.response?.ok ? "ok" : "fail", again.response?.ok ? "The request that needed more scope succeeded with the new token." : "The request still failed after step-up.", `${AUTHZ} §Step-Up Authorization Flow`, retry);
    } else {
      step("step-up challenge", tried.response?.ok ? "ok" : "warn", tried.response?.ok ? "The token already held enough scope: no step-up needed." : `The request answered ${tried.response?.status ?? upAttempts[0].error}, not 403 insufficient_scope.`, `${AUTHZ} §Step-Up Authorization Flow`, upAttempts);
    }
  }

  // 11. Refresh.
  if (!refreshToken) {
    raise("NO_REFRESH_TOKEN", "the token response carried no refresh token: the user signs in again when the access token expires");
  } else {
    const refreshAttempts: HttpAttempt[] = [];
    try {
      const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, tokenOptions(refreshAttempts));
      const fresh = await oauth.processRefreshTokenResponse(as, client, response);
      accessToken = fresh.access_token;
      refreshToken = fresh.refresh_token ?? refreshToken;
      const check: HttpAttempt[] = [];
      const after = await mcp(check, listFrame, accessToken);
      step(
        "refresh",
        after.response?.ok ? "ok" : "fail",
        `refresh_token grant (with resource) gave a new access token${fresh.refresh_token ? " and a rotated refresh token" : ""}; tools/list with it answered ${after.response?.status ?? check[0].error}.`,
        `${AUTHZ} §Token Handling (refresh tokens)`,
        [...refreshAttempts, ...check],
        { claims: tokenClaims(accessToken) ?? null },
      );
    } catch (e) {
      raise("REFRESH_FAILED", (e as Error).message);
      step("refresh", "fail", `The refresh failed: ${(e as Error).message}.`, `${AUTHZ} §Token Handling (refresh tokens)`, refreshAttempts);
    }
  }
  // Authenticated even when findings are errors (a server that also accepts forged tokens): the exit code says so.
  return done("authenticated", { accessToken, refreshToken, scope: heldScope });
}
