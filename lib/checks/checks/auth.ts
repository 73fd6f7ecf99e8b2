/**
 * Digest §13.1 and §14 C57: the authorization rules a protected server can be judged on from outside, without a
 * person's sign-in. Each rule reads the judgement lib/auth makes (lib/node/auth/judge.ts: the flow's discovery
 * steps plus token probes) and fails on its findings. The judgement is injected (RunOptions.authorization): the
 * CLI makes it in-process, the page through POST /api/auth/check. Rules apply only to a server that answers 401.
 */
import type { AuthJudgement, JudgedAspect } from "../../auth/types";
import type { CheckContext, RunState } from "../context";
import { checkTitle, SPEC, defineChecks, type CheckInput } from "../define";
import type { Level } from "../types";

export type AuthorizationProvider = () => Promise<AuthJudgement | undefined>;

const KEY = "authorization";

/** Makes the run's judgement available to the rules, made at most once and only when a rule first asks. */
export function seedAuthorization(state: RunState, provider: AuthorizationProvider | undefined): void {
  let made: Promise<AuthJudgement | undefined> | undefined;
  void state.once(KEY, async () => () => (made ??= provider ? provider() : Promise.resolve(undefined)));
}

async function judgementOf(ctx: CheckContext): Promise<AuthJudgement | undefined> {
  const lazy = await ctx.once<AuthorizationProvider | undefined>(KEY, async () => undefined);
  return lazy?.();
}

interface AuthRule {
  id: string;
  title: string;
  level: Level;
  /** What must have been judged for the rule to be decided. */
  aspect: JudgedAspect;
  /** Findings (lib/auth/findings.ts) that break the rule. */
  codes: string[];
  pass: string;
  fix: string;
  /** Decided only with a token the run was given: without one the rule does not apply (it leaves the score). */
  needsToken?: string;
}

const RULES: AuthRule[] = [
  {
    id: "C57",
    title: checkTitle("C57"),
    level: "MUST",
    aspect: "prm",
    codes: ["PRM_NOT_FOUND", "PRM_NO_AUTHORIZATION_SERVERS"],
    pass: "The metadata was found (through the challenge or a well-known URL) and names an authorization server.",
    fix: 'serve RFC 9728 metadata with authorization_servers and point to it from WWW-Authenticate: Bearer resource_metadata="…".',
  },
  {
    id: "A01",
    title: checkTitle("A01"),
    level: "MUST",
    aspect: "challenge",
    codes: ["NOT_A_BEARER_CHALLENGE"],
    pass: "The 401 carries WWW-Authenticate: Bearer ….",
    fix: 'answer 401 with WWW-Authenticate: Bearer resource_metadata="…", scope="…" (RFC 6750 §3).',
  },
  {
    id: "A02",
    title: checkTitle("A02"),
    level: "SHOULD",
    aspect: "challenge",
    codes: ["NOT_A_BEARER_CHALLENGE", "AUTH_REQUIRED_BUT_NOT_ADVERTISED"],
    pass: "The challenge's resource_metadata tells the client where the metadata is.",
    fix: 'add resource_metadata="<URL of your metadata>" to the challenge, so clients need not guess well-known URLs.',
  },
  {
    id: "A03",
    title: checkTitle("A03"),
    level: "SHOULD",
    aspect: "path-aware",
    codes: ["PRM_NOT_AT_WELL_KNOWN"],
    pass: "The metadata is at /.well-known/oauth-protected-resource followed by the endpoint's path.",
    fix: "serve the same metadata at /.well-known/oauth-protected-resource/<endpoint path> (RFC 9728 §3.1), the client's first guess.",
  },
  {
    id: "A04",
    title: checkTitle("A04"),
    level: "MUST",
    aspect: "prm-doc",
    codes: ["PRM_RESOURCE_MISMATCH"],
    pass: "resource equals the endpoint's canonical URI.",
    fix: "set resource to the exact URL clients use for this endpoint (RFC 9728 §3.3: a client must not use metadata for another resource).",
  },
  {
    id: "A05",
    title: checkTitle("A05"),
    level: "MUST",
    aspect: "as",
    codes: ["AS_METADATA_NOT_FOUND", "AS_ISSUER_MISMATCH"],
    pass: "The authorization server's metadata was found and its issuer is exactly the one looked up.",
    fix: "serve RFC 8414 (or OpenID) metadata at the well-known URL for the issuer, with issuer spelled exactly as in authorization_servers.",
  },
  {
    id: "A06",
    title: checkTitle("A06"),
    level: "MUST",
    aspect: "as-doc",
    codes: ["PKCE_S256_NOT_ADVERTISED"],
    pass: 'code_challenge_methods_supported includes "S256".',
    fix: 'advertise code_challenge_methods_supported: ["S256"]; without it a client must refuse to proceed.',
  },
  {
    id: "A07",
    title: checkTitle("A07"),
    level: "SHOULD",
    aspect: "as-doc",
    codes: ["NO_REGISTRATION_PATH"],
    pass: "The authorization server accepts client ID metadata documents or offers a registration endpoint.",
    fix: "support client ID metadata documents (client_id_metadata_document_supported: true), the 2026-07-28 default.",
  },
  {
    id: "A08",
    title: checkTitle("A08"),
    level: "MUST",
    aspect: "forged",
    codes: ["INVALID_TOKEN_ACCEPTED"],
    pass: "A made-up bearer token was refused.",
    fix: "validate every token (signature or introspection, issuer, audience, expiry) and answer 401 when it fails.",
  },
  {
    id: "A09",
    title: checkTitle("A09"),
    level: "MUST",
    aspect: "audience",
    codes: ["AUDIENCE_NOT_ENFORCED"],
    pass: "A token its own authorization server issued for another resource was refused.",
    fix: "check that the token's aud is this server's resource URL; a server that accepts others' tokens can be used to pass them on.",
    needsToken:
      "no token for another resource of the same authorization server was available (the embedded protected demos provide one)",
  },
  {
    id: "A10",
    title: checkTitle("A10"),
    level: "MUST",
    aspect: "query",
    codes: ["TOKEN_IN_QUERY_ACCEPTED"],
    pass: "The server's own token, sent as ?access_token=…, was refused.",
    fix: "read the token only from the Authorization header: URLs end up in logs and histories.",
    needsToken: 'no token for this server was given (send one with --header "Authorization: Bearer …")',
  },
];

function judge(rule: AuthRule): CheckInput {
  return {
    id: rule.id,
    title: rule.title,
    level: rule.level,
    async run(ctx) {
      const j = await judgementOf(ctx);
      const denied = ctx.observed().find((ex) => ex.http?.status === 401);
      ctx.cite(denied);
      if (!j) {
        if (!denied) return ctx.skip("No request of this run got 401: the server does not ask for authorization.");
        return ctx.blocked(
          "The server answered 401, but this run cannot judge authorization (it is judged for http(s) URL targets).",
        );
      }
      if (j.status !== 401)
        return ctx.skip(
          `A request without a token answered ${j.status ?? "nothing"}, not 401: the server does not ask for authorization.`,
        );
      if (!j.reached.includes(rule.aspect))
        return rule.needsToken
          ? ctx.skip(`Not judged: ${rule.needsToken}.`)
          : ctx.blocked("Not judged: an earlier step of discovery failed (see C57, A05).");
      const hits = j.run.findings.filter((f) => rule.codes.includes(f.code));
      if (hits.length === 0) return ctx.pass(rule.pass);
      return ctx.fail(`${hits.map((f) => `${f.code}: ${f.detail}`).join("; ")}. Fix: ${rule.fix}`);
    },
  };
}

export const AUTH_CHECKS = defineChecks(
  { spec: { section: "§13.1", path: SPEC.authorization }, transports: "http" },
  RULES.map(judge),
);

export const AUTH_CHECK_IDS: readonly string[] = RULES.map((r) => r.id);
