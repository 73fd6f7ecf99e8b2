/**
 * Steps 9-11 of the flow, with a token in hand: the authenticated MCP request and the negative checks a client
 * can make from outside (a token in the query string, a made-up token), step-up on 403 insufficient_scope with
 * the union of held and challenged scopes (one retry), and refresh (with resource) checked by another request.
 */
import { msg } from "@/lib/i18n/translate";
import * as oauth from "oauth4webapi";
import { bearerChallenge } from "@/lib/auth/www-authenticate";
import { tokenClaims } from "@/lib/auth/discovery";
import type { HttpAttempt } from "@/lib/auth/types";
import { AUTHZ, type FlowContext, type Frame } from "../flow-context";
import { authorize, tokenOptions, type Authorizer } from "./authorize";

/** The tokens a run holds; step-up and refresh replace them. */
export interface Held {
  accessToken: string;
  refreshToken?: string;
  scope?: string;
}

export function heldFrom(
  tokens: oauth.TokenEndpointResponse,
  fallbackScope: string | undefined,
  previous?: Held,
): Held {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? previous?.refreshToken,
    scope: tokens.scope ?? (tokenClaims(tokens.access_token)?.scope as string | undefined) ?? fallbackScope,
  };
}

/** 9. tools/list with the token; false when it failed (recorded). */
export async function authenticatedRequest(ctx: FlowContext, held: Held): Promise<boolean> {
  const attempts: HttpAttempt[] = [];
  const listed = await ctx.mcp(attempts, ctx.listFrame, held.accessToken);
  const specRef = `${AUTHZ} §Access Token Usage`;
  if (!listed.response?.ok) {
    const answer = listed.response?.status ?? attempts[0].error;
    ctx.raise("AUTHENTICATED_REQUEST_FAILED", msg("auth.finding.authedFailed", { answer: String(answer) }));
    ctx.step(
      "authenticated request",
      "fail",
      msg("auth.steps.listFailed", { answer: String(answer) }),
      specRef,
      attempts,
    );
    return false;
  }
  ctx.step("authenticated request", "ok", msg("auth.steps.listOk"), specRef, attempts);
  return true;
}

/** What a server must refuse: the token in the query string, and a token no authorization server issued. */
export async function tokenHandlingChecks(ctx: FlowContext, held: Held): Promise<void> {
  const attempts: HttpAttempt[] = [];
  const inQuery = new URL(ctx.target);
  inQuery.searchParams.set("access_token", held.accessToken);
  const q = await ctx.mcp(attempts, ctx.listFrame, undefined, inQuery.href);
  if (q.response?.ok) ctx.raise("TOKEN_IN_QUERY_ACCEPTED", msg("auth.finding.queryAccepted"));
  const forged = await ctx.mcp(attempts, ctx.listFrame, "not-a-token-issued-by-anyone");
  if (forged.response?.ok) {
    ctx.raise("INVALID_TOKEN_ACCEPTED", msg("auth.finding.invalidAccepted"));
  }
  const ok = !q.response?.ok && !forged.response?.ok;
  const detail = msg(ok ? "auth.steps.handlingOk" : "auth.steps.handlingBad");
  ctx.step("token handling checks", ok ? "ok" : "fail", detail, `${AUTHZ} §Token Handling`, attempts);
}

/** 10. Step-up: the tokens after it, "needs-user" when a person must consent again, undefined when it failed. */
export async function stepUp(
  ctx: FlowContext,
  a: Authorizer,
  frame: Frame,
  held: Held,
): Promise<Held | "needs-user" | undefined> {
  const attempts: HttpAttempt[] = [];
  const specRef = `${AUTHZ} §Step-Up Authorization Flow`;
  const tried = await ctx.mcp(attempts, frame, held.accessToken);
  const up = bearerChallenge(tried.response?.headers.get("www-authenticate"));
  if (tried.response?.status !== 403 || up?.error !== "insufficient_scope") {
    const ok = tried.response?.ok ?? false;
    const detail = ok
      ? msg("auth.steps.enoughScope")
      : msg("auth.steps.not403", { answer: String(tried.response?.status ?? attempts[0].error) });
    ctx.step("step-up challenge", ok ? "ok" : "warn", detail, specRef, attempts);
    return held;
  }
  const union = [...new Set([...(held.scope ?? "").split(" "), ...(up.scope ?? "").split(" ")].filter(Boolean))].join(
    " ",
  );
  ctx.step("step-up challenge", "ok", msg("auth.steps.stepUp", { scope: String(up.scope), union }), specRef, attempts, {
    held: held.scope,
    challenged: up.scope,
    union,
  });
  const more = await authorize(ctx, a, union, "step-up: ");
  if (more === "needs-user") return more;
  if (!more) {
    ctx.raise("STEP_UP_FAILED", msg("auth.finding.stepUpFailed"));
    return undefined;
  }
  const next = heldFrom(more, union, held);
  const retry: HttpAttempt[] = [];
  const again = await ctx.mcp(retry, frame, next.accessToken);
  if (!again.response?.ok)
    ctx.raise(
      "STEP_UP_FAILED",
      msg("auth.finding.retryAnswered", { answer: String(again.response?.status ?? retry[0].error) }),
    );
  const detail = msg(again.response?.ok ? "auth.steps.retryOk" : "auth.steps.retryFailed");
  ctx.step("step-up retry", again.response?.ok ? "ok" : "fail", detail, specRef, retry);
  return next;
}

/** 11. Refresh: a refresh_token grant (with resource), its new access token checked by tools/list. */
export async function refresh(ctx: FlowContext, a: Authorizer, held: Held): Promise<Held> {
  if (!held.refreshToken) {
    ctx.raise("NO_REFRESH_TOKEN", msg("auth.finding.noRefresh"));
    return held;
  }
  const attempts: HttpAttempt[] = [];
  const specRef = `${AUTHZ} §Token Handling (refresh tokens)`;
  try {
    const response = await oauth.refreshTokenGrantRequest(
      a.as,
      a.client,
      oauth.None(),
      held.refreshToken,
      tokenOptions(ctx, a, attempts),
    );
    const fresh = await oauth.processRefreshTokenResponse(a.as, a.client, response);
    const next = heldFrom(fresh, held.scope, held);
    const check: HttpAttempt[] = [];
    const after = await ctx.mcp(check, ctx.listFrame, next.accessToken);
    ctx.step(
      "refresh",
      after.response?.ok ? "ok" : "fail",
      msg(fresh.refresh_token ? "auth.steps.refreshRotated" : "auth.steps.refreshed", {
        answer: String(after.response?.status ?? check[0].error),
      }),
      specRef,
      [...attempts, ...check],
      { claims: tokenClaims(next.accessToken) ?? null },
    );
    return next;
  } catch (e) {
    ctx.raise("REFRESH_FAILED", (e as Error).message);
    ctx.step("refresh", "fail", msg("auth.steps.refreshFailed", { reason: (e as Error).message }), specRef, attempts);
    return held;
  }
}
