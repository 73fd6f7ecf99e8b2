/**
 * A protected MCP server judged from outside, as the Checks tab and `check` do: the flow's discovery steps
 * (no registration, no sign-in: nothing is created at anyone's authorization server), then what a client can
 * probe without a person — the path-aware well-known URL, a made-up token — and, when the caller holds them, a
 * token of the server's own (sent in the query string) and a token for another audience of the same
 * authorization server. Every request passes the SSRF guard in hosted mode, like the flow's.
 */
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";
import { prmCandidates } from "@/lib/auth/discovery";
import { finding } from "@/lib/auth/findings";
import { msg } from "@/lib/i18n/translate";
import type { AuthFinding, AuthJudgement, AuthStep, HttpAttempt, JudgedAspect } from "@/lib/auth/types";
import { runAuthFlow } from "./flow";
import { FlowHttp } from "./flow-http";

export interface JudgeOptions {
  target: string;
  /** A token issued for this server (e.g. from --header Authorization): proves the query string is refused. */
  ownToken?: string;
  /** A token the same authorization server issued for another resource: proves the audience is enforced. */
  foreignToken?: string;
  trustedOrigins?: string[];
  timeoutMs?: number;
}

const DISCOVERY_STEPS = ["unauthenticated request", "protected resource metadata", "authorization server metadata"];
// Registration is judged from the metadata alone, so the flow is told of a client it never uses.
const UNUSED_CLIENT_ID = "mcp-playground-checks";
const FORGED = "not-a-token-issued-by-anyone";
const AUTHZ = "2026-07-28 basic/authorization";

export async function judgeAuthorization(opts: JudgeOptions): Promise<AuthJudgement> {
  const { run } = await runAuthFlow({
    target: opts.target,
    clientId: UNUSED_CLIENT_ID,
    trustedOrigins: opts.trustedOrigins,
    timeoutMs: opts.timeoutMs,
  });
  const steps = run.steps.filter((s) => DISCOVERY_STEPS.includes(s.name));
  const findings = run.findings;
  const has = (code: string) => findings.some((f) => f.code === code);
  const step = (name: string) => steps.find((s) => s.name === name);
  const status = step("unauthenticated request")?.response?.status;
  const judgement = (reached: JudgedAspect[]): AuthJudgement => ({
    target: opts.target,
    ...(status !== undefined ? { status } : {}),
    run: { ...run, steps, findings },
    reached,
  });
  if (status !== 401) return judgement([]);

  const reached: JudgedAspect[] = ["challenge", "forged"];
  const challenge = step("unauthenticated request")?.facts?.challenge as Record<string, string> | null | undefined;
  if (challenge && !challenge.resource_metadata && !has("AUTH_REQUIRED_BUT_NOT_ADVERTISED")) {
    findings.push(finding("AUTH_REQUIRED_BUT_NOT_ADVERTISED", msg("auth.finding.challengeNoPrm")));
  }
  const prmStep = step("protected resource metadata");
  const probes: HttpAttempt[] = [];
  if (prmStep) {
    reached.push("prm", "path-aware");
    if (!has("PRM_NOT_FOUND")) reached.push("prm-doc");
    const wellKnown = prmCandidates(opts.target)[0];
    const tried = (prmStep.attempts ?? [{ request: prmStep.request!, response: prmStep.response }]).find(
      (a) => a.request.url === wellKnown,
    );
    const served = tried
      ? tried.response?.status === 200
      : (await send(probes, opts, wellKnown, { headers: { Accept: "application/json" } })) === 200;
    if (!served)
      findings.push(finding("PRM_NOT_AT_WELL_KNOWN", msg("auth.finding.notAtWellKnown", { url: wellKnown })));
  }
  const asStep = step("authorization server metadata");
  if (asStep) reached.push("as");
  if (asStep?.facts) {
    reached.push("as-doc");
    const f = asStep.facts;
    if (!f.registration_endpoint && f.client_id_metadata_document_supported !== true) {
      findings.push(finding("NO_REGISTRATION_PATH", msg("auth.finding.noRegistrationPath")));
    }
  }

  await probeTokenHandling(opts, probes, findings, reached);
  const tokenStep: AuthStep = {
    name: "token handling probes",
    status: findings.some((f) =>
      ["INVALID_TOKEN_ACCEPTED", "TOKEN_IN_QUERY_ACCEPTED", "AUDIENCE_NOT_ENFORCED"].includes(f.code),
    )
      ? "fail"
      : "ok",
    detail: `Sent without a sign-in: ${probes.length} probe(s) (a made-up token${opts.ownToken ? ", its own token in the query string" : ""}${opts.foreignToken ? ", a token for another audience" : ""}).`,
    specRef: `${AUTHZ} §Token Handling`,
    attempts: probes,
  };
  steps.push(tokenStep);
  return judgement(reached);
}

const served2xx = (status: number) => status >= 200 && status < 300;

/** Tokens the server must refuse: a made-up one, its own in the query string, one issued for another resource. */
async function probeTokenHandling(
  opts: JudgeOptions,
  probes: HttpAttempt[],
  findings: AuthFinding[],
  reached: JudgedAspect[],
): Promise<void> {
  if (served2xx(await mcp(probes, opts, FORGED)))
    findings.push(finding("INVALID_TOKEN_ACCEPTED", msg("auth.finding.forgedServed", { token: FORGED })));
  if (opts.ownToken) {
    reached.push("query");
    const inQuery = new URL(opts.target);
    inQuery.searchParams.set("access_token", opts.ownToken);
    if (served2xx(await mcp(probes, opts, undefined, inQuery.href)))
      findings.push(finding("TOKEN_IN_QUERY_ACCEPTED", msg("auth.finding.ownInQuery")));
  }
  if (opts.foreignToken) {
    reached.push("audience");
    if (served2xx(await mcp(probes, opts, opts.foreignToken)))
      findings.push(finding("AUDIENCE_NOT_ENFORCED", msg("auth.finding.foreignAccepted")));
  }
}

/**
 * One recorded request; its status, or 0 when it got none (refused by the guard, network error, timeout). The
 * flow's own recorder: in hosted mode the SSRF guard, and the connection pinned to the address it checked.
 */
async function send(into: HttpAttempt[], opts: JudgeOptions, href: string, init: RequestInit): Promise<number> {
  const { response } = await new FlowHttp(opts).exchange(into, href, init);
  return response?.status ?? 0;
}

function mcp(into: HttpAttempt[], opts: JudgeOptions, token: string | undefined, href = opts.target): Promise<number> {
  const frame = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: buildEnvelope() } };
  const headers = new Headers(impliedHeaders(frame).headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return send(into, opts, href, { method: "POST", headers, body: JSON.stringify(frame) });
}
