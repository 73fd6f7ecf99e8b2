import type { Msg } from "../i18n/translate";

/** The shapes of an authorization run: what the CLI prints as JSON and the Auth view renders. Secrets are masked before they get here. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpAttempt {
  request: RawRequest;
  response?: RawResponse;
  /** Why no response came (network error, refused by the SSRF guard). */
  error?: string;
}

export type StepStatus = "ok" | "warn" | "fail" | "skipped";

export interface AuthStep {
  name: string;
  status: StepStatus;
  /** The step's main exchange (the one that decided it); every try is in `attempts`. */
  request?: RawRequest;
  response?: RawResponse;
  attempts?: HttpAttempt[];
  /** One sentence: what happened and why it matters (English: the CLI and its JSON). */
  detail: string;
  /** The same sentence as a catalogue key and values, so the Auth tab says it in the reader's language. */
  detailMsg?: Msg;
  specRef: string;
  /** Decoded, non-secret facts worth showing (JWT claims, chosen scope, issuer…). */
  facts?: Record<string, unknown>;
}

export type FindingLevel = "error" | "warning" | "info";

export interface AuthFinding {
  code: string;
  level: FindingLevel;
  /** In English (the CLI, the checks); `detailMsg` says it in the reader's language when it is ours. */
  detail: string;
  detailMsg?: Msg;
  specRef: string;
}

export type AuthOutcome = "authenticated" | "needs-user" | "failed";

export interface AuthRun {
  target: string;
  steps: AuthStep[];
  findings: AuthFinding[];
  outcome: AuthOutcome;
  /** When the run stops for a person: the URL to open (no secret in it: PKCE sends only the challenge). */
  authorizationUrl?: string;
  /** While the run waits for a person's sign-in in a browser tab: what the page continues it with (POST /api/auth/callback). */
  flowId?: string;
}

/** What the authorization checks judge (lib/checks/checks/auth.ts), each reached only when its precondition held. */
export type JudgedAspect =
  "challenge" | "prm" | "prm-doc" | "path-aware" | "as" | "as-doc" | "forged" | "query" | "audience";

/**
 * A protected server judged from outside, without a person's sign-in (lib/node/auth/judge.ts): the discovery
 * steps and findings of the flow, plus the token-handling probes a caller could afford (tokens it was given).
 */
export interface AuthJudgement {
  target: string;
  /** The unauthenticated request's HTTP status (undefined: no answer); only 401 makes the checks apply. */
  status?: number;
  run: AuthRun;
  reached: JudgedAspect[];
}
