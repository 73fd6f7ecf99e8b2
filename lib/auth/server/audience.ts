/**
 * The chapter's closing question, run: one token minted for the calendar, presented to the calendar, to a
 * second protected server and to a naive one. The first accepts it (its own audience), the second refuses
 * it (wrong audience), the naive one accepts it — so whoever holds that token could pass it on there.
 */
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";
import { finding } from "../findings";
import { maskHeaders, maskBody } from "../mask";
import { tokenClaims } from "../discovery";
import type { AuthFinding, AuthStep } from "../types";

export interface AudienceTarget {
  label: string;
  url: string;
}

export async function audienceLesson(token: string, targets: AudienceTarget[]): Promise<{ steps: AuthStep[]; findings: AuthFinding[] }> {
  const aud = tokenClaims(token)?.aud;
  const steps: AuthStep[] = [];
  const findings: AuthFinding[] = [];
  const frame = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: buildEnvelope() } };
  for (const t of targets) {
    const headers = new Headers(impliedHeaders(frame).headers);
    headers.set("Authorization", `Bearer ${token}`);
    const body = JSON.stringify(frame);
    const res = await fetch(t.url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    const text = (await res.text()).slice(0, 64 * 1024);
    const ownAudience = JSON.stringify(aud) === JSON.stringify(t.url) || (Array.isArray(aud) && aud.includes(t.url));
    const accepted = res.ok;
    const verdict = ownAudience
      ? accepted
        ? `accepted: the token was issued for ${t.url}`
        : `refused its own token (${res.status})`
      : accepted
        ? `ACCEPTED a token issued for ${JSON.stringify(aud)}: this server does not check the audience, so a token meant for another server works here — and a server that took it could pass it on`
        : `refused (${res.status}): the token was issued for ${JSON.stringify(aud)}, not for this server`;
    if (!ownAudience && accepted) findings.push(finding("AUDIENCE_NOT_ENFORCED", `${t.label} (${t.url}) accepted a token whose aud is ${JSON.stringify(aud)}`));
    steps.push({
      name: `audience: ${t.label}`,
      status: ownAudience === accepted ? "ok" : "fail",
      detail: verdict,
      specRef: "2026-07-28 basic/authorization §Token Audience Binding and Validation",
      request: { method: "POST", url: t.url, headers: maskHeaders(headers), body },
      response: { status: res.status, headers: maskHeaders(res.headers), body: maskBody(text, res.headers.get("content-type") ?? "") },
    });
  }
  return { steps, findings };
}
