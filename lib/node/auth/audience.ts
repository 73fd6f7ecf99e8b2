/**
 * The chapter's closing question, run: one token minted for the calendar, presented to the calendar, to a
 * second protected server and to a naive one. The first accepts it (its own audience), the second refuses
 * it (wrong audience), the naive one accepts it — so whoever holds that token could pass it on there.
 */
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";
import { finding } from "@/lib/auth/findings";
import { msg } from "@/lib/i18n/translate";
import { maskHeaders, maskBody } from "@/lib/auth/mask";
import { tokenClaims } from "@/lib/auth/discovery";
import type { AuthFinding, AuthStep } from "@/lib/auth/types";
import { AUDIENCE_WORDS, audienceDetail, audienceVerdict } from "@/lib/auth/audience-verdict";

export interface AudienceTarget {
  label: string;
  url: string;
}

export async function audienceLesson(
  token: string,
  targets: AudienceTarget[],
): Promise<{ steps: AuthStep[]; findings: AuthFinding[] }> {
  const aud = tokenClaims(token)?.aud;
  const steps: AuthStep[] = [];
  const findings: AuthFinding[] = [];
  const frame = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: buildEnvelope() } };
  for (const t of targets) {
    const headers = new Headers(impliedHeaders(frame).headers);
    headers.set("Authorization", `Bearer ${token}`);
    const body = JSON.stringify(frame);
    const res = await fetch(t.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await res.text()).slice(0, 64 * 1024);
    const ownAudience = JSON.stringify(aud) === JSON.stringify(t.url) || (Array.isArray(aud) && aud.includes(t.url));
    const accepted = res.ok;
    const verdict = audienceVerdict(ownAudience, accepted);
    if (!ownAudience && accepted)
      findings.push(
        finding(
          "AUDIENCE_NOT_ENFORCED",
          msg("auth.finding.audienceAccepted", { label: t.label, url: t.url, aud: String(JSON.stringify(aud)) }),
        ),
      );
    steps.push({
      name: `audience: ${t.label}`,
      status: ownAudience === accepted ? "ok" : "fail",
      detail: `${AUDIENCE_WORDS[verdict].words} (${res.status}): ${AUDIENCE_WORDS[verdict].why}`,
      detailMsg: audienceDetail(verdict, res.status),
      specRef: "2026-07-28 basic/authorization §Token Audience Binding and Validation",
      request: { method: "POST", url: t.url, headers: maskHeaders(headers), body },
      response: {
        status: res.status,
        headers: maskHeaders(res.headers),
        body: maskBody(text, res.headers.get("content-type") ?? ""),
      },
      facts: { verdict, aud: aud ?? null },
    });
  }
  return { steps, findings };
}
