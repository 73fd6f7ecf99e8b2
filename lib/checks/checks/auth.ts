/**
 * Digest §13.1 and §14 C57: the authorization rules a protected server can be judged on from outside, without a
 * person's sign-in. Each rule reads the judgement lib/auth makes (lib/node/auth/judge.ts: the flow's discovery
 * steps plus token probes) and fails on its findings. The judgement is injected (RunOptions.authorization): the
 * CLI makes it in-process, the page through POST /api/auth/check. Rules apply only to a server that answers 401.
 */
import type { AuthJudgement, JudgedAspect } from "../../auth/types";
import type { CheckContext, RunState } from "../context";
import { SPEC, defineChecks, type CheckInput } from "../define";
import type { Level } from "../types";
import { msg, type Msg } from "../../i18n/translate";
import { clauses } from "../wire";

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
  level: Level;
  /** What must have been judged for the rule to be decided. */
  aspect: JudgedAspect;
  /** Findings (lib/auth/findings.ts) that break the rule. */
  codes: string[];
  /** Catalogue keys of the sentences (written in full, so the catalogue check sees them read). */
  pass: string;
  fix: Msg;
  /** Decided only with a token the run was given: without one the rule does not apply (it leaves the score). */
  needsToken?: string;
}

const RULES: AuthRule[] = [
  {
    id: "C57",
    level: "MUST",
    aspect: "prm",
    codes: ["PRM_NOT_FOUND", "PRM_NO_AUTHORIZATION_SERVERS"],
    pass: "checks.d.C57.pass",
    fix: msg("checks.d.C57.fix"),
  },
  {
    id: "A01",
    level: "MUST",
    aspect: "challenge",
    codes: ["NOT_A_BEARER_CHALLENGE"],
    pass: "checks.d.A01.pass",
    fix: msg("checks.d.A01.fix"),
  },
  {
    id: "A02",
    level: "SHOULD",
    aspect: "challenge",
    codes: ["NOT_A_BEARER_CHALLENGE", "AUTH_REQUIRED_BUT_NOT_ADVERTISED"],
    pass: "checks.d.A02.pass",
    fix: msg("checks.d.A02.fix", { url: "<URL of your metadata>" }),
  },
  {
    id: "A03",
    level: "SHOULD",
    aspect: "path-aware",
    codes: ["PRM_NOT_AT_WELL_KNOWN"],
    pass: "checks.d.A03.pass",
    fix: msg("checks.d.A03.fix", { path: "<endpoint path>" }),
  },
  {
    id: "A04",
    level: "MUST",
    aspect: "prm-doc",
    codes: ["PRM_RESOURCE_MISMATCH"],
    pass: "checks.d.A04.pass",
    fix: msg("checks.d.A04.fix"),
  },
  {
    id: "A05",
    level: "MUST",
    aspect: "as",
    codes: ["AS_METADATA_NOT_FOUND", "AS_ISSUER_MISMATCH"],
    pass: "checks.d.A05.pass",
    fix: msg("checks.d.A05.fix"),
  },
  {
    id: "A06",
    level: "MUST",
    aspect: "as-doc",
    codes: ["PKCE_S256_NOT_ADVERTISED"],
    pass: "checks.d.A06.pass",
    fix: msg("checks.d.A06.fix"),
  },
  {
    id: "A07",
    level: "SHOULD",
    aspect: "as-doc",
    codes: ["NO_REGISTRATION_PATH"],
    pass: "checks.d.A07.pass",
    fix: msg("checks.d.A07.fix"),
  },
  {
    id: "A08",
    level: "MUST",
    aspect: "forged",
    codes: ["INVALID_TOKEN_ACCEPTED"],
    pass: "checks.d.A08.pass",
    fix: msg("checks.d.A08.fix"),
  },
  {
    id: "A09",
    level: "MUST",
    aspect: "audience",
    codes: ["AUDIENCE_NOT_ENFORCED"],
    pass: "checks.d.A09.pass",
    fix: msg("checks.d.A09.fix"),
    needsToken: "checks.d.A09.needsToken",
  },
  {
    id: "A10",
    level: "MUST",
    aspect: "query",
    codes: ["TOKEN_IN_QUERY_ACCEPTED"],
    pass: "checks.d.A10.pass",
    fix: msg("checks.d.A10.fix"),
    needsToken: "checks.d.A10.needsToken",
  },
];

function judge(rule: AuthRule): CheckInput {
  return {
    id: rule.id,
    level: rule.level,
    async run(ctx) {
      const j = await judgementOf(ctx);
      const denied = ctx.observed().find((ex) => ex.http?.status === 401);
      ctx.cite(denied);
      if (!j) {
        if (!denied) return ctx.skip(msg("checks.d.auth.no401"));
        return ctx.blocked(msg("checks.d.auth.cannotJudge"));
      }
      if (j.status !== 401)
        return ctx.skip(
          j.status === undefined
            ? msg("checks.d.auth.noAnswer")
            : msg("checks.d.auth.not401", { status: String(j.status) }),
        );
      if (!j.reached.includes(rule.aspect))
        return rule.needsToken
          ? ctx.skip(msg("checks.d.auth.notJudged", { why: msg(rule.needsToken) }))
          : ctx.blocked(msg("checks.d.auth.earlierFailed"));
      const hits = j.run.findings.filter((f) => rule.codes.includes(f.code));
      if (hits.length === 0) return ctx.pass(msg(rule.pass));
      // The finding's code is an identifier; its detail is lib/auth's sentence (a Msg when it is ours).
      const findings = clauses(
        hits.map((f) => msg("checks.d.methodProblem", { method: f.code, problem: f.detailMsg ?? f.detail })),
      );
      return ctx.fail(msg("checks.d.auth.fail", { findings, fix: rule.fix }));
    },
  };
}

export const AUTH_CHECKS = defineChecks(
  { spec: { section: "§13.1", path: SPEC.authorization }, transports: "http" },
  RULES.map(judge),
);

export const AUTH_CHECK_IDS: readonly string[] = RULES.map((r) => r.id);
