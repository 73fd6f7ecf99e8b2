/**
 * The MCP authorization flow (2026-07-28) as recorded steps: every HTTP exchange kept (secrets masked), each
 * step explained in one sentence with its spec section, and findings with codes. The client side uses
 * oauth4webapi (PKCE, the RFC 9207 callback check, the token and refresh requests); discovery is done by hand
 * (./steps/discovery) so that every attempt of the spec's URL matrix is recorded, not only the one that answered.
 * In hosted mode every request passes the SSRF guard and goes to the address it checked (./flow-http).
 * The step groups live in ./steps; this file runs them in order. Pure logic: no React, no process state.
 */
import * as oauth from "oauth4webapi";
import { canonicalResource, isLoopback } from "@/lib/auth/discovery";
import { FlowContext, type AuthFlowOptions, type AuthSession } from "./flow-context";
import { probe, resourceMetadata, serverMetadata } from "./steps/discovery";
import { register } from "./steps/registration";
import { authorize, type Authorizer } from "./steps/authorize";
import { authenticatedRequest, heldFrom, refresh, stepUp, tokenHandlingChecks } from "./steps/session";

export type { AuthFlowOptions, AuthSession } from "./flow-context";

/** Where the flow's redirect goes when the caller names none (a loopback callback: RFC 8252 §7.3). */
const DEFAULT_REDIRECT_URI = "http://127.0.0.1/callback";

export async function runAuthFlow(opts: AuthFlowOptions): Promise<AuthSession> {
  const ctx = new FlowContext(opts);
  const probed = await probe(ctx);
  if ("stop" in probed) return probed.stop;
  const prm = await resourceMetadata(ctx, probed.challenge);
  if ("stop" in prm) return prm.stop;
  const meta = await serverMetadata(ctx, prm.issuer);
  if ("stop" in meta) return meta.stop;
  const { as } = meta;
  const allowInsecure = {
    [oauth.allowInsecureRequests]: [as.token_endpoint, as.registration_endpoint].every(
      (e) => !e || isLoopback(new URL(e)),
    ),
  };
  const redirectUri = opts.redirectUri ?? DEFAULT_REDIRECT_URI;
  const registered = await register(ctx, as, redirectUri, allowInsecure);
  if ("stop" in registered) return registered.stop;
  const a: Authorizer = {
    as,
    client: registered.client,
    redirectUri,
    resource: canonicalResource(opts.target),
    allowInsecure,
  };

  const scope =
    opts.scope ?? probed.challenge?.scope ?? (prm.scopesSupported.length ? prm.scopesSupported.join(" ") : undefined);
  const tokens = await authorize(ctx, a, scope, "");
  if (tokens === "needs-user")
    return ctx.done("needs-user", {}, ctx.steps.find((s) => s.name === "authorization request")?.request?.url);
  if (!tokens) return ctx.done("failed");
  let held = heldFrom(tokens, scope);
  if (!(await authenticatedRequest(ctx, held))) return ctx.done("failed", held);
  await tokenHandlingChecks(ctx, held);

  if (opts.stepUpFrame) {
    const after = await stepUp(ctx, a, opts.stepUpFrame, held);
    if (after === "needs-user") return ctx.done("needs-user", held, ctx.steps.at(-2)?.request?.url);
    if (!after) return ctx.done("failed", held);
    held = after;
  }
  held = await refresh(ctx, a, held);
  // Authenticated even when findings are errors (a server that also accepts forged tokens): the exit code says so.
  return ctx.done("authenticated", held);
}
