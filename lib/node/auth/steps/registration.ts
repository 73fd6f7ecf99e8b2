/**
 * Step 4, registration, in the spec's priority order: a pre-registered client ID, then a client ID metadata
 * document (the client's HTTPS URL is its client_id; the AS fetches the document from it: the embedded demo hosts
 * one), then dynamic client registration (deprecated in 2026-07-28, shown as such).
 */
import { msg } from "@/lib/i18n/translate";
import * as oauth from "oauth4webapi";
import type { HttpAttempt } from "@/lib/auth/types";
import { REGISTRATION, type FlowContext } from "../flow-context";
import type { Stop } from "./discovery";

/** oauth4webapi refuses plain http unless told; only loopback endpoints (the embedded server, local tests) get it. */
export type InsecureAllowance = { [oauth.allowInsecureRequests]: boolean };

export async function register(
  ctx: FlowContext,
  as: oauth.AuthorizationServer,
  redirectUri: string,
  allowInsecure: InsecureAllowance,
): Promise<Stop | { client: oauth.Client }> {
  const attempts: HttpAttempt[] = [];
  const name = "registration";
  const cimd = (as as Record<string, unknown>).client_id_metadata_document_supported === true;
  const { clientId, clientMetadataDocument } = ctx.opts;
  if (clientId) {
    ctx.step(name, "ok", msg("auth.steps.preRegistered", { clientId }), `${REGISTRATION} §Pre-registration`, attempts, {
      method: "pre-registered",
      client_id: clientId,
    });
    return { client: { client_id: clientId, token_endpoint_auth_method: "none" } };
  }
  if (cimd && clientMetadataDocument) {
    ctx.step(
      name,
      "ok",
      msg("auth.steps.cimd", { url: clientMetadataDocument.url }),
      `${REGISTRATION} §Client ID Metadata Documents`,
      attempts,
      {
        method: "client ID metadata document",
        client_id: clientMetadataDocument.url,
        document: clientMetadataDocument.document,
      },
    );
    return { client: { client_id: clientMetadataDocument.url, token_endpoint_auth_method: "none" } };
  }
  if (!as.registration_endpoint) {
    ctx.raise("NO_REGISTRATION_PATH", msg(cimd ? "auth.finding.cimdOnly" : "auth.finding.noClientId"));
    ctx.step(name, "fail", msg("auth.steps.noClientId"), `${REGISTRATION} §Registration priority`, attempts);
    return { stop: ctx.done("failed") };
  }
  return registerDynamically(ctx, as, redirectUri, allowInsecure, cimd);
}

/** Dynamic client registration, the last resort (deprecated in 2026-07-28: a finding says so). */
async function registerDynamically(
  ctx: FlowContext,
  as: oauth.AuthorizationServer,
  redirectUri: string,
  allowInsecure: InsecureAllowance,
  cimd: boolean,
): Promise<Stop | { client: oauth.Client }> {
  const attempts: HttpAttempt[] = [];
  const name = "registration";
  const metadata = {
    client_name: "MCP Playground",
    application_type: "native",
    redirect_uris: [redirectUri],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  const specRef = `${REGISTRATION} §Dynamic Client Registration`;
  try {
    const response = await oauth.dynamicClientRegistrationRequest(as, metadata, {
      ...allowInsecure,
      [oauth.customFetch]: ctx.http.customFetch(attempts),
    });
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    ctx.raise("DCR_DEPRECATED", msg("auth.finding.dcrDeprecated"));
    ctx.step(
      name,
      "warn",
      msg(cimd ? "auth.steps.dcrCimdToo" : "auth.steps.dcr", { clientId: registered.client_id }),
      specRef,
      attempts,
      {
        method: "dynamic (deprecated)",
        client_id: registered.client_id,
      },
    );
    return { client: { client_id: registered.client_id, token_endpoint_auth_method: "none" } };
  } catch (e) {
    ctx.raise("NO_REGISTRATION_PATH", msg("auth.finding.dcrFailed", { reason: (e as Error).message }));
    ctx.step(name, "fail", msg("auth.steps.dcrFailed", { reason: (e as Error).message }), specRef, attempts);
    return { stop: ctx.done("failed") };
  }
}
